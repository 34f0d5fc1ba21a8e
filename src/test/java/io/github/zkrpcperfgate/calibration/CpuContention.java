package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.Round;

/**
 * Whether another process competed for the CPU during a round: the parallel CPU probe against
 * the same tasks on one thread, in the same round. 1.0 is a quiet machine; a busy neighbour on
 * one of two cores gave 1.35–1.78 here, a quiet machine 1.00–1.07.
 */
public final class CpuContention {

    /** Above this index a round counts as disturbed. */
    public static final double BUSY_INDEX = 1.25;

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

    public static boolean busy(Round round) {
        return index(round) > BUSY_INDEX;
    }
}
