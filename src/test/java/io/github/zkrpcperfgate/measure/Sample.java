package io.github.zkrpcperfgate.measure;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One timed sample of one workload in one round: {@code operations} done in
 * {@code elapsedNanos} of timed work (resets excluded), with per-operation latencies.
 *
 * @param round             0-based measured round; negative for warm-up rounds
 * @param latencies         per-operation latency in nanoseconds above {@code latencyFloorNanos}; not modified
 *                          after the sample ends
 * @param latencyFloorNanos the time every operation takes by construction ({@link Workload#latencyFloorNanos()}),
 *                          added back by every reading of a latency; 0 for most workloads
 * @param facts             what the workload observed beside its latencies, by name (see {@link Workload#lastSetFacts()})
 */
public record Sample(String workload, int round, long operations, long elapsedNanos, Histogram latencies,
                     long latencyFloorNanos, Map<String, Double> facts) {

    /** A sample with no facts beside its latencies, recorded from zero. */
    public Sample(String workload, int round, long operations, long elapsedNanos, Histogram latencies) {
        this(workload, round, operations, elapsedNanos, latencies, 0, Map.of());
    }

    /** A sample whose latencies were recorded from zero. */
    public Sample(String workload, int round, long operations, long elapsedNanos, Histogram latencies,
                  Map<String, Double> facts) {
        this(workload, round, operations, elapsedNanos, latencies, 0, facts);
    }

    public Sample {
        facts = Map.copyOf(facts);
        if (operations <= 0 || elapsedNanos <= 0) {
            throw new IllegalArgumentException("sample of " + workload + " needs operations > 0 and elapsedNanos > 0, was "
                    + operations + " ops in " + elapsedNanos + " ns");
        }
        if (latencyFloorNanos < 0) {
            throw new IllegalArgumentException("sample of " + workload + " needs latencyFloorNanos >= 0, was " + latencyFloorNanos);
        }
    }

    /**
     * {@code samples} (of one workload, with one latency floor) as one sample under {@code round}:
     * their operations, timed work and latencies added up, their facts left out.
     */
    public static Sample pooled(String workload, int round, List<Sample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("nothing to pool for " + workload);
        }
        long floor = samples.get(0).latencyFloorNanos();
        Histogram all = samples.get(0).latencies().copy();
        long operations = samples.get(0).operations();
        long elapsed = samples.get(0).elapsedNanos();
        for (Sample s : samples.subList(1, samples.size())) {
            if (s.latencyFloorNanos() != floor) {
                throw new IllegalArgumentException("cannot pool samples of " + workload + " recorded above "
                        + floor + " ns and above " + s.latencyFloorNanos() + " ns");
            }
            all.add(s.latencies());
            operations += s.operations();
            elapsed += s.elapsedNanos();
        }
        return new Sample(workload, round, operations, elapsed, all, floor, Map.of());
    }

    public double opsPerSecond() {
        return operations * 1e9 / elapsedNanos;
    }

    /** Latency at {@code percentile} (0–100) in milliseconds; NaN if no latency was recorded. */
    public double latencyMillis(double percentile) {
        if (latencies.getTotalCount() == 0) {
            return Double.NaN;
        }
        return (latencies.getValueAtPercentile(percentile) + latencyFloorNanos) / 1e6;
    }

    /** The longest latency in milliseconds (to the histogram's resolution); NaN if no latency was recorded. */
    public double maxLatencyMillis() {
        if (latencies.getTotalCount() == 0) {
            return Double.NaN;
        }
        return (latencies.getMaxValue() + latencyFloorNanos) / 1e6;
    }
}
