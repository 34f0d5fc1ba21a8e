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
 */
public record BaselineFigure(String unit, Direction direction, double expected, Band band,
                             double intervalLow, double intervalHigh, int rounds, List<Double> runMedians) {

    /** A figure recorded from one run, or read from a file that does not list its runs. */
    public BaselineFigure(String unit, Direction direction, double expected, Band band,
                          double intervalLow, double intervalHigh, int rounds) {
        this(unit, direction, expected, band, intervalLow, intervalHigh, rounds, List.of());
    }

    public BaselineFigure {
        runMedians = List.copyOf(runMedians);
        if (runMedians.stream().anyMatch(m -> !(Double.isFinite(m) && m > 0))) {
            throw new IllegalArgumentException("run medians must be finite and > 0, were " + runMedians);
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
