package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.Round;

/**
 * Whether another process competed for the CPU during a round. Two readings of the parallel CPU
 * probe must agree: it ran slow against the same tasks on one thread in the same round (1.0 is
 * a quiet machine), and the CPU it lost went to a process that is not ours (this JVM and the servers
 * under test are ours). A round slowed by the system under test itself is no disturbance: it is
 * what the gate measures.
 */
public final class CpuContention {

    /** Above this index a round counts as disturbed (if the CPU went to someone else). */
    public static final double BUSY_INDEX = 1.25;
    /**
     * Share of the machine's CPU others must have used during the probe: a quarter, half a core
     * of two. A shell loop on one core of two used about half; a quiet machine a few ticks.
     */
    public static final double FOREIGN_SHARE = 0.25;

    private CpuContention() {
    }

    /** The contention index of {@code round}, or NaN when it did not run both CPU probes. */
    public static double index(Round round) {
        if (!round.has(CpuProbe.NAME) || !round.has(ParallelCpuProbe.NAME)) {
            return Double.NaN;
        }
        double serial = round.sample(CpuProbe.NAME).latencyMillis(50) * ParallelCpuProbe.TASKS_PER_THREAD;
        return round.sample(ParallelCpuProbe.NAME).latencyMillis(50) / serial;
    }

    /** The share of the machine's CPU other processes used during the probe, or NaN where it was not read. */
    public static double foreignShare(Round round) {
        return round.has(ParallelCpuProbe.NAME)
                ? round.sample(ParallelCpuProbe.NAME).facts().getOrDefault(ParallelCpuProbe.FOREIGN_CPU_SHARE, Double.NaN)
                : Double.NaN;
    }

    /** Slow probe, CPU lost to a process not ours; where /proc could not be read, the slow probe alone. */
    public static boolean busy(Round round) {
        double foreign = foreignShare(round);
        return index(round) > BUSY_INDEX && (Double.isNaN(foreign) || foreign >= FOREIGN_SHARE);
    }

    /** A slow probe whose lost CPU went to our own processes: the system under test, not a neighbour. */
    public static boolean slowedByOwnWork(Round round) {
        return index(round) > BUSY_INDEX && !busy(round);
    }
}
