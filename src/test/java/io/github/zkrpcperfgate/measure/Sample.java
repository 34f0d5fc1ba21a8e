package io.github.zkrpcperfgate.measure;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One timed sample of one workload in one round: {@code operations} done in
 * {@code elapsedNanos} of timed work (resets excluded), with per-operation latencies.
 *
 * @param round     0-based measured round; negative for warm-up rounds
 * @param latencies per-operation latency in nanoseconds; not modified after the sample ends
 * @param facts     what the workload observed beside its latencies, by name (see {@link Workload#lastSetFacts()})
 */
public record Sample(String workload, int round, long operations, long elapsedNanos, Histogram latencies,
                     Map<String, Double> facts) {

    /** A sample with no facts beside its latencies. */
    public Sample(String workload, int round, long operations, long elapsedNanos, Histogram latencies) {
        this(workload, round, operations, elapsedNanos, latencies, Map.of());
    }

    public Sample {
        facts = Map.copyOf(facts);
        if (operations <= 0 || elapsedNanos <= 0) {
            throw new IllegalArgumentException("sample of " + workload + " needs operations > 0 and elapsedNanos > 0, was "
                    + operations + " ops in " + elapsedNanos + " ns");
        }
    }

    public double opsPerSecond() {
        return operations * 1e9 / elapsedNanos;
    }

    /** Latency at {@code percentile} (0–100) in milliseconds; NaN if no latency was recorded. */
    public double latencyMillis(double percentile) {
        if (latencies.getTotalCount() == 0) {
            return Double.NaN;
        }
        return latencies.getValueAtPercentile(percentile) / 1e6;
    }
}
