package io.github.zkrpcperfgate.result;

import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.List;

/**
 * One gated figure as every report shows it: its verdict (which carries the key, unit, band,
 * measured estimate and reason), the value of each round, and the workloads it reads.
 *
 * @param perRound  the figure's value in each measured round, in round order
 * @param workloads the workloads it reads, numerator first for a ratio (the HTML report draws
 *                  a ratio's band onto the numerator's throughput); empty when unknown
 * @param sides     in a same-run comparison, the figure's own value on each side; else empty
 */
public record FigureResult(Verdict verdict, List<Double> perRound, List<String> workloads, List<SideValue> sides) {

    public FigureResult {
        java.util.Objects.requireNonNull(verdict, "verdict");
        perRound = List.copyOf(perRound);
        workloads = List.copyOf(workloads);
        sides = List.copyOf(sides);
    }

    /** A figure of the baseline gate: no sides. */
    public FigureResult(Verdict verdict, List<Double> perRound, List<String> workloads) {
        this(verdict, perRound, workloads, List.of());
    }

    /** A figure with a verdict of {@code kind} (as results.json spells it back, or a test needs it). */
    public static FigureResult of(FigureKey key, String unit, Direction direction, Estimate value, Band band,
                                  Verdict.Kind kind, String reason, List<Double> perRound, List<String> workloads) {
        return new FigureResult(Verdict.of(kind, key, unit, direction, band, value, reason), perRound, workloads);
    }

    /** {@link #of(FigureKey, String, Direction, Estimate, Band, Verdict.Kind, String, List, List)} reading no workloads. */
    public static FigureResult of(FigureKey key, String unit, Direction direction, Estimate value, Band band,
                                  Verdict.Kind kind, String reason, List<Double> perRound) {
        return of(key, unit, direction, value, band, kind, reason, perRound, List.of());
    }

    public FigureKey key() {
        return verdict.key();
    }

    /**
     * The scenarios a re-baseline of this figure must select: its own, then those
     * of the other workloads it reads ({@code <scenario>/<workload>}, calibration probes left
     * out). A ratio over another scenario's workload is not measured without it, and a band that
     * follows another scenario's figure follows that figure's recorded centre, which must come
     * from the same recording (a NameNode write's p50 and the read's).
     */
    public List<String> scenariosToRecord() {
        java.util.LinkedHashSet<String> scenarios = new java.util.LinkedHashSet<>(List.of(key().scenario()));
        workloads.stream().filter(w -> w.indexOf('/') > 0).map(w -> w.substring(0, w.indexOf('/')))
                .filter(s -> !s.equals("calibration")).forEach(scenarios::add);
        return List.copyOf(scenarios);
    }

    public String unit() {
        return verdict.unit();
    }

    public Direction direction() {
        return verdict.direction();
    }

    /** The measured median and its 95% interval. */
    public Estimate value() {
        return verdict.measured();
    }

    /** The band held against; null when none could be read (Error) or the testbed has none (NoBaseline). */
    public Band band() {
        return verdict.band();
    }

    public String reason() {
        return verdict.reason();
    }

    /** How reports spell the verdict: Pass, Regression, … (see {@link Verdict.Kind#jsonName()}). */
    public String verdictName() {
        return verdict.name();
    }

    /** Whether the figure was judged (or recorded) and let through: within its band or better (see {@link Verdict#passed()}). */
    public boolean passed() {
        return verdict.passed();
    }

    /**
     * Whether this figure fails the build by itself: everything but a pass and the figures not
     * judged (disturbed, no baseline), whose effect on the build depends on the run's settings.
     */
    public boolean failsBuild() {
        return switch (verdict.kind()) {
            case PASS, RECORDED, IMPROVEMENT, DISTURBED, NO_BASELINE -> false;
            case REGRESSION, INCONCLUSIVE, ERROR -> true;
        };
    }

    /** Wholly better than its band: passes, and reports name it so that the gain is locked in by a re-baseline. */
    public boolean improved() {
        return verdict.kind() == Verdict.Kind.IMPROVEMENT;
    }

    /** Not judged: the testbed this run measured on has no baseline for the figure. */
    public boolean withoutBaseline() {
        return verdict.kind() == Verdict.Kind.NO_BASELINE;
    }

    /** Not judged: another process competed for the CPU in the rounds it read. */
    public boolean disturbed() {
        return verdict.kind() == Verdict.Kind.DISTURBED;
    }
}
