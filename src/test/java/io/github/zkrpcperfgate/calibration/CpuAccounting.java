package io.github.zkrpcperfgate.calibration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
        try {
            String cpu = Files.readAllLines(STAT).get(0);
            String[] f = cpu.trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal ...
            return Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
                    + Long.parseLong(f[7]) + Long.parseLong(f[8]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
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
}
