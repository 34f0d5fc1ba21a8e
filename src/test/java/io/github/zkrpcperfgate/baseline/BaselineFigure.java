package io.github.zkrpcperfgate.baseline;

import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import java.util.List;

/**
 * One recorded figure: what was measured and the band later runs are held to. {@code expected}
 * is the median run's median (one run: the median of its rounds); the interval is the 95%
 * interval of all {@code rounds} rounds pooled over the recording runs.
 *
 * @param runMedians each recording run's own median, in run order; empty in files recorded
 *                   before recordings pooled runs (one run, whose median is {@code expected})
 * @param sittingMedians each recording sitting's median of its runs' medians, in sitting order; empty
 *                   for one sitting and in files recorded before bands held a new sitting
 *                   ({@link io.github.zkrpcperfgate.verdict.BandPolicy#newSittingReach})
 */
public record BaselineFigure(String unit, Direction direction, double expected, Band band,
                             double intervalLow, double intervalHigh, int rounds, List<Double> runMedians,
                             List<Double> sittingMedians) {

    /** A figure recorded in one sitting. */
    public BaselineFigure(String unit, Direction direction, double expected, Band band,
                          double intervalLow, double intervalHigh, int rounds, List<Double> runMedians) {
        this(unit, direction, expected, band, intervalLow, intervalHigh, rounds, runMedians, List.of());
    }

    /** A figure recorded from one run, or read from a file that does not list its runs. */
    public BaselineFigure(String unit, Direction direction, double expected, Band band,
                          double intervalLow, double intervalHigh, int rounds) {
        this(unit, direction, expected, band, intervalLow, intervalHigh, rounds, List.of(), List.of());
    }

    public BaselineFigure {
        runMedians = List.copyOf(runMedians);
        sittingMedians = List.copyOf(sittingMedians);
        if (runMedians.stream().anyMatch(m -> !(Double.isFinite(m) && m > 0))) {
            throw new IllegalArgumentException("run medians must be finite and > 0, were " + runMedians);
        }
        if (sittingMedians.stream().anyMatch(m -> !(Double.isFinite(m) && m > 0))) {
            throw new IllegalArgumentException("sitting medians must be finite and > 0, were " + sittingMedians);
        }
        if (unit == null || unit.isBlank()) {
            throw new IllegalArgumentException("unit must not be blank");
        }
        if (direction == null || band == null) {
            throw new IllegalArgumentException("direction and band are required");
        }
        if (!(Double.isFinite(expected) && expected > 0)) {
            throw new IllegalArgumentException("expected must be finite and > 0, was " + expected);
        }
        if (!band.contains(expected)) {
            throw new IllegalArgumentException("expected " + expected + " lies outside its own band " + band);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be >= 1, was " + rounds);
        }
    }
}
