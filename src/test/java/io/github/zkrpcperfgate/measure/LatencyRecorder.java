package io.github.zkrpcperfgate.measure;

/** Where a workload reports the latency of each operation; safe to call from many threads. */
@FunctionalInterface
public interface LatencyRecorder {

    /** Records one operation that took {@code nanos} nanoseconds (>= 0). */
    void recordNanos(long nanos);
}
