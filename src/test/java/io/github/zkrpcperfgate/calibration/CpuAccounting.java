package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.MachineCpuTicks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * CPU time on this machine, read from Linux's /proc in clock ticks (USER_HZ, 10 ms): all of it,
 * and that of given processes. What the machine used minus what our own processes (this JVM,
 * the servers under test) used is a neighbour's. Where /proc is absent, every reading is -1 and
 * callers fall back to not attributing at all.
 */
final class CpuAccounting {

    private static final Path STAT = Path.of("/proc/stat");

    private CpuAccounting() {
    }

    /** Busy ticks of all CPUs since boot (user, nice, system, irq, softirq, steal), or -1. */
    static long machineBusyTicks() {
        return MachineCpuTicks.now().map(MachineCpuTicks::busy).orElse(-1L);
    }

    /** User + system ticks of every thread of each process; a process that is gone counts 0. -1 without /proc. */
    static long processTicks(List<Long> pids) {
        if (!Files.isReadable(STAT)) {
            return -1;
        }
        long sum = 0;
        for (long pid : pids) {
            sum += processTicks(pid);
        }
        return sum;
    }

    private static long processTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // The command name may hold spaces and parentheses: fields are counted after the last ')'.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (fields 14 and 15)
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Where cgroup hierarchies are mounted: v1 has one per controller, v2 one for all. */
    private static final Path CGROUPS = Path.of("/sys/fs/cgroup");
    private static final long NANOS_PER_TICK = 10_000_000;

    /**
     * The directory of {@code pid}'s control group that accounts its CPU: cgroup v1's
     * {@code cpuacct} hierarchy ({@code cpuacct.usage}) or cgroup v2's unified one
     * ({@code cpu.stat}). Empty where neither is readable.
     */
    static Optional<Path> cgroupOf(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup"))) {
                String[] f = line.split(":", 3); // hierarchy-id:controllers:path
                if (f.length < 3 || f[2].equals("/")) {
                    continue; // a process at the root shares its group with the whole machine
                }
                List<Path> candidates = f[1].isEmpty()
                        ? List.of(CGROUPS.resolve(f[2].substring(1)))
                        : List.of(f[1].split(",")).contains("cpuacct")
                                ? List.of(CGROUPS.resolve("cpuacct").resolve(f[2].substring(1)),
                                          CGROUPS.resolve(f[1]).resolve(f[2].substring(1)))
                                : List.of();
                for (Path dir : candidates) {
                    if (cgroupNanos(dir) >= 0) {
                        return Optional.of(dir);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** CPU ticks of every listed cgroup; one that is gone (its container stopped) counts 0. */
    static long cgroupTicks(List<Path> groups) {
        long nanos = 0;
        for (Path group : groups) {
            nanos += Math.max(0, cgroupNanos(group));
        }
        return nanos / NANOS_PER_TICK;
    }

    /** Nanoseconds of CPU the group used (v1 {@code cpuacct.usage}, v2 {@code usage_usec}), or -1. */
    static long cgroupNanos(Path group) {
        try {
            Path v1 = group.resolve("cpuacct.usage");
            if (Files.isReadable(v1)) {
                return Long.parseLong(Files.readString(v1).trim());
            }
            Path v2 = group.resolve("cpu.stat");
            if (Files.isReadable(v2)) {
                for (String line : Files.readAllLines(v2)) {
                    if (line.startsWith("usage_usec ")) {
                        return Long.parseLong(line.substring("usage_usec ".length()).trim()) * 1000;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
