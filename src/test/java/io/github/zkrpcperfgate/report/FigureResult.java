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
 * @param verdict  Pass, Regression, Improvement, Disturbed (not judged: a busy machine), Inconclusive,
 *                 Recorded (re-baseline run) or Error
 * @param perRound  the figure's value in each measured round, in round order
 * @param workloads the workloads it reads, numerator first for a ratio (the HTML report draws
 *                  a ratio's band onto the numerator's throughput); empty when unknown
 */
public record FigureResult(FigureKey key, String unit, Direction direction, Estimate value, Band band,
                           String verdict, String reason, List<Double> perRound, List<String> workloads) {

    public FigureResult {
        perRound = List.copyOf(perRound);
        workloads = List.copyOf(workloads);
    }

    /** A figure whose workloads the report need not know. */
    public FigureResult(FigureKey key, String unit, Direction direction, Estimate value, Band band,
                        String verdict, String reason, List<Double> perRound) {
        this(key, unit, direction, value, band, verdict, reason, perRound, List.of());
    }

    /** Whether the figure was judged (or recorded) and is within its band. */
    public boolean passed() {
        return verdict.equals("Pass") || verdict.equals("Recorded");
    }

    /** Whether this figure fails the build: everything but a pass and a disturbed (not judged) figure. */
    public boolean failsBuild() {
        return !passed() && !disturbed();
    }

    /** Not judged: another process competed for the CPU in the rounds it read. */
    public boolean disturbed() {
        return verdict.equals("Disturbed");
    }
}
