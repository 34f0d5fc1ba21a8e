package io.github.zkrpcperfgate.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The machine's CPU time so far, from the first line of Linux's {@code /proc/stat}, in clock
 * ticks (USER_HZ, 10 ms): all of it, the busy part, and the part stolen, i.e. time a vCPU of
 * this guest wanted to run while the hypervisor ran something else.
 * <p>
 * Why steal is kept with every sample: on 2c-intel-xeon (2026-12-07) the small RPC call read
 * 2-3x its usual time above its sleep for minutes at a stretch while every probe of ours (CPU,
 * loopback, fsync, timer wake-up) read alike; a host busy with other guests is the one cause a
 * guest can see only here. A sample's {@link Trial#STOLEN_CPU_SHARE} tells the next slow
 * sitting's reader whether it was that.
 */
public record MachineCpuTicks(long total, long busy, long steal) {

    private static final Path STAT = Path.of("/proc/stat");

    /** Now, or empty where {@code /proc/stat} cannot be read. */
    public static Optional<MachineCpuTicks> now() {
        try {
            return parse(Files.readAllLines(STAT).get(0));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * {@code cpu user nice system idle iowait irq softirq steal [guest guest_nice]}; guest time is
     * already counted in user and nice. Empty for a line of another shape (kernels before 2.6.11
     * have no steal column).
     */
    static Optional<MachineCpuTicks> parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length < 9 || !f[0].equals("cpu")) {
            return Optional.empty();
        }
        try {
            long user = Long.parseLong(f[1]) + Long.parseLong(f[2]);
            long system = Long.parseLong(f[3]);
            long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
            long interrupts = Long.parseLong(f[6]) + Long.parseLong(f[7]);
            long steal = Long.parseLong(f[8]);
            long busy = user + system + interrupts + steal;
            return Optional.of(new MachineCpuTicks(busy + idle, busy, steal));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Fewer ticks than this between two readings (1 s of CPU time, half a second on two cores) give
     * no share: one stolen tick would read as 1% or more (a 0.18 s warm-up sample read 2.6%, 2026-12-07).
     */
    static final long FEWEST_TICKS = 100;

    /** The share (0-1) of the CPU time from this reading to {@code later} that was stolen; NaN over fewer than {@link #FEWEST_TICKS}. */
    public double stolenShareUntil(MachineCpuTicks later) {
        long elapsed = later.total - total;
        return elapsed < FEWEST_TICKS ? Double.NaN : (double) (later.steal - steal) / elapsed;
    }
}
