package io.github.zkrpcperfgate.baseline;

import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;

/**
 * One recorded figure: what was measured ({@code expected}, the median of {@code rounds} rounds,
 * with its 95% interval) and the band later runs are held to.
 */
public record BaselineFigure(String unit, Direction direction, double expected, Band band,
                             double intervalLow, double intervalHigh, int rounds) {

    public BaselineFigure {
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
