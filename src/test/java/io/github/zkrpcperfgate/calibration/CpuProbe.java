package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.LatencyRecorder;

/**
 * A fixed piece of single-threaded CPU and allocation work, shaped like what the RPC payloads
 * cost: build 20,000 short strings, encode them to bytes and sort them. Same seed every time,
 * so every operation is the same work.
 */
public final class CpuProbe implements Probe {

    public static final String NAME = "calibration/cpu";
    static final int OPERATIONS_PER_SET = 40;
    public static final int STRINGS = 20_000;

    private final CpuWork work = new CpuWork(STRINGS);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int operationsPerSet() {
        return OPERATIONS_PER_SET;
    }

    @Override
    public void runSet(LatencyRecorder latencies) {
        for (int op = 0; op < OPERATIONS_PER_SET; op++) {
            long start = System.nanoTime();
            runOnce();
            latencies.recordNanos(System.nanoTime() - start);
        }
    }

    /** One operation's work, untimed: also what {@link ParallelCpuProbe} runs on every core. */
    void runOnce() {
        work.run();
    }
}
