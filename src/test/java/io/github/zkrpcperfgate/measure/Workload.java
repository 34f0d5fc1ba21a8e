package io.github.zkrpcperfgate.measure;

/**
 * One thing to measure, e.g. "10,000 sync creates on the 1-node ensemble". The trial runner
 * times {@link #runSet} only; {@link #resetAfterSet} puts the system back (deletes what was
 * created) outside the timed region.
 */
public interface Workload {

    /** Unique within a trial, e.g. {@code zk-1node/sync}. */
    String name();

    /** Operations one call of {@link #runSet} performs; throughput is per operation. */
    int operationsPerSet();

    /** Performs one operation set, recording each operation's latency. Must be bounded in time. */
    void runSet(LatencyRecorder latencies) throws Exception;

    /** Undoes what {@link #runSet} left behind; not timed. */
    void resetAfterSet() throws Exception;

    /**
     * Whether one set is a whole sample, instead of repeating sets until the plan's minimum
     * sample time: a calibration probe sizes its set itself and should not cost a second a round.
     */
    default boolean oneSetPerSample() {
        return false;
    }

    /**
     * What the last {@link #runSet} observed beside its latencies (e.g. a probe's share of the
     * machine's CPU used by other processes), stored with the sample; empty for most workloads.
     */
    default java.util.Map<String, Double> lastSetFacts() {
        return java.util.Map.of();
    }

    /**
     * A time every operation takes by construction (a handler's configured sleep), in
     * nanoseconds; its latencies are recorded above it. Why: a histogram of 3 significant digits
     * resolves 65.5 µs at 100 ms, and a call that sleeps 100 ms and adds ~1 ms of RPC work read
     * its median in steps of that size, ~7% of the part gated (see {@link Sample#latencyFloorNanos()}).
     * An operation that returns sooner is recorded at the floor and counted as out of range.
     */
    default long latencyFloorNanos() {
        return 0;
    }
}
