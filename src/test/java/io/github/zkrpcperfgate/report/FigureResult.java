package io.github.zkrpcperfgate.report;

import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.List;

/**
 * One gated figure as the report shows it.
 *
 * @param band     the band held against, or null when none could be read (then {@code verdict} is "Error")
 * @param verdict  Pass, Regression, Improvement, Inconclusive, Recorded (re-baseline run) or Error
 * @param perRound the figure's value in each measured round, in round order
 */
public record FigureResult(FigureKey key, String unit, Direction direction, Estimate value, Band band,
                           String verdict, String reason, List<Double> perRound) {

    public FigureResult {
        perRound = List.copyOf(perRound);
    }

    /** Whether this figure lets the build through. */
    public boolean passed() {
        return verdict.equals("Pass") || verdict.equals("Recorded");
    }
}
