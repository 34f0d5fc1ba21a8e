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
 *                 Recorded (re-baseline run), NoBaseline (not judged: the testbed has no baselines) or Error
 * @param perRound  the figure's value in each measured round, in round order
 * @param workloads the workloads it reads, numerator first for a ratio (the HTML report draws
 *                  a ratio's band onto the numerator's throughput); empty when unknown
 */
public record FigureResult(FigureKey key, String unit, Direction direction, Estimate value, Band band,
                           String verdict, String reason, List<Double> perRound, List<String> workloads) {

    /** Measured and reported, not judged: this run's testbed has no baseline for it. */
    public static final String NO_BASELINE = "NoBaseline";

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

    /**
     * Whether this figure fails the build by itself: everything but a pass and the figures not
     * judged (disturbed, no baseline), whose effect on the build depends on the run's settings.
     */
    public boolean failsBuild() {
        return !passed() && !disturbed() && !withoutBaseline();
    }

    /** Not judged: the testbed this run measured on has no baseline for the figure. */
    public boolean withoutBaseline() {
        return verdict.equals(NO_BASELINE);
    }

    /** Not judged: another process competed for the CPU in the rounds it read. */
    public boolean disturbed() {
        return verdict.equals("Disturbed");
    }
}
