package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A figure the gate holds to a baseline: how to compute it from one round, which way is
 * better, and the narrowest band it may ever be recorded with.
 *
 * @param minimumBandFactor the band is at least [expected / f, expected × f]; covers the
 *                          run-to-run drift a single run cannot see (> 1)
 * @param workloads         the workloads {@code perRound} reads, numerator first for a ratio: a round
 *                          lacking one does not count
 * @param perRound          the figure's value in one round (finite, > 0)
 */
public record GatedFigure(FigureKey key, String unit, Direction direction, double minimumBandFactor,
                          List<String> workloads, ToDoubleFunction<Round> perRound) {

    public GatedFigure {
        if (!(minimumBandFactor > 1)) {
            throw new IllegalArgumentException(key + ": minimumBandFactor must be > 1, was " + minimumBandFactor);
        }
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException(key + ": a figure reads at least one workload");
        }
        workloads = List.copyOf(new LinkedHashSet<>(workloads));
    }

    /** Whether {@code round} sampled every workload this figure reads. */
    public boolean measuredIn(Round round) {
        return workloads.stream().allMatch(round::has);
    }

    /** Higher-or-lower-is-better ratio of two workloads' throughput within each round. */
    public static GatedFigure throughputRatio(String scenario, String name, String numerator, String denominator,
                                              Direction direction, double minimumBandFactor) {
        return new GatedFigure(new FigureKey(scenario, name), "ratio", direction, minimumBandFactor,
                List.of(numerator, denominator),
                round -> round.sample(numerator).opsPerSecond() / round.sample(denominator).opsPerSecond());
    }

    /** Higher-is-better ratio of two workloads' throughput within each round. */
    public static GatedFigure throughputRatio(String scenario, String name, String numerator, String denominator,
                                              double minimumBandFactor) {
        return throughputRatio(scenario, name, numerator, denominator, Direction.HIGHER_IS_BETTER, minimumBandFactor);
    }

    /** Lower-is-better latency percentile of one workload in each round, in milliseconds. */
    public static GatedFigure latencyCeiling(String scenario, String name, String workload, double percentile,
                                             double minimumBandFactor) {
        return new GatedFigure(new FigureKey(scenario, name), "ms", Direction.LOWER_IS_BETTER, minimumBandFactor,
                List.of(workload), round -> round.sample(workload).latencyMillis(percentile));
    }

    /**
     * Lower-is-better latency percentile of one workload in units of the same round's
     * calibration (e.g. 1.9 × (loopback RTT + fsync)): a ceiling that holds on a faster or
     * slower machine, and under load that slows the probes alike.
     */
    public static GatedFigure calibratedLatency(String scenario, String name, String workload, double percentile,
                                                Calibration calibration, double minimumBandFactor) {
        List<String> reads = new ArrayList<>();
        reads.add(workload);
        reads.addAll(calibration.probes());
        return new GatedFigure(new FigureKey(scenario, name), calibration.unit(), Direction.LOWER_IS_BETTER,
                minimumBandFactor, reads,
                round -> round.sample(workload).latencyMillis(percentile) / calibration.millis(round));
    }
}
