package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.calibration.CpuContention;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * What rounds a busy machine disturbed mean for a figure: it is judged on its quiet rounds when
 * enough remain for a 95% interval, and a failing verdict that had to read disturbed rounds is
 * no verdict on the change (it becomes {@link Verdict.Disturbed}, and more rounds are tried
 * first). A round slowed by our own processes (the system under test) is not disturbed.
 */
final class DisturbancePolicy {

    private DisturbancePolicy() {
    }

    /** Every round that measured all the figure's workloads. */
    static List<Round> measured(GatedFigure f, List<Round> rounds) {
        return rounds.stream().filter(f::measuredIn).toList();
    }

    /**
     * The rounds a figure is judged on: its quiet ones when at least enough for a 95% interval
     * remain (a passing neighbour should cost rounds, not the verdict), else all it measured.
     */
    static List<Round> roundsFor(GatedFigure f, List<Round> rounds) {
        List<Round> measured = measured(f, rounds);
        List<Round> quiet = measured.stream().filter(r -> !CpuContention.busy(r)).toList();
        return quiet.size() >= MedianInterval.MIN_SAMPLES_FOR_95_PERCENT ? quiet : measured;
    }

    /** The figure's value in each round it is judged on: see {@link #roundsFor}. */
    static List<Double> perRound(GatedFigure f, List<Round> rounds) {
        return roundsFor(f, rounds).stream().map(r -> f.perRound().applyAsDouble(r)).toList();
    }

    /** Inconclusive, or failing on rounds a busy neighbour disturbed: more rounds may settle it. */
    static boolean unsettled(Verdict v, GatedFigure f, List<Round> rounds) {
        return v.kind() == Verdict.Kind.INCONCLUSIVE || (!v.passed() && disturbedRoundsRead(f, rounds) > 0);
    }

    /**
     * A failing verdict that read disturbed rounds, its interval wholly outside the band, becomes
     * {@link Verdict.Disturbed} (not judged; the full profile fails on it), saying what it would
     * have been. (One that only straddles an edge at the cap passes as not settled, busy or not:
     * {@link io.github.zkrpcperfgate.verdict.Judge#decideAtCap}. Every figure the self-checks' CPU
     * hog left Disturbed while such straddlers were decided on their medians, five from
     * 2026-11-30 to 2026-12-01, was one.)
     */
    static Verdict undisturbedOrNot(Verdict v, GatedFigure f, List<Round> rounds) {
        int disturbed = disturbedRoundsRead(f, rounds);
        if (v.passed() || v.kind() == Verdict.Kind.INCONCLUSIVE || disturbed == 0) {
            return v;
        }
        return new Verdict.Disturbed(v.key(), v.unit(), v.direction(), v.band(), v.measured(),
                "not judged: machine busy in " + disturbed + " of the " + v.measured().sampleCount() + " rounds it read"
                        + " (CPU contention index above " + CpuContention.BUSY_INDEX + "; fewer than "
                        + MedianInterval.MIN_SAMPLES_FOR_95_PERCENT + " quiet rounds remained); rerun on a quiet machine."
                        + " It would be " + v.name() + ": " + v.reason());
    }

    /** Disturbed rounds among those the figure's value is taken from. */
    static int disturbedRoundsRead(GatedFigure f, List<Round> rounds) {
        return (int) roundsFor(f, rounds).stream().filter(CpuContention::busy).count();
    }

    static int quietRounds(List<Round> rounds) {
        return (int) rounds.stream().filter(r -> !CpuContention.busy(r)).count();
    }

    /** The busy-machine note of a judged run, with how many figures it left unjudged. */
    static Optional<String> contentionNote(List<Round> rounds, List<FigureResult> results) {
        long notJudged = results.stream().filter(FigureResult::disturbed).count();
        boolean anyBusy = rounds.stream().anyMatch(CpuContention::busy);
        return busyRounds(rounds).map(busy -> !anyBusy ? busy : busy + ". Figures with " + MedianInterval.MIN_SAMPLES_FOR_95_PERCENT
                + " quiet rounds were judged on those alone; " + notJudged + " figure(s) not judged (Disturbed)");
    }

    /** "⚠ machine busy: … in 3 of 8 rounds (contention index up to …)", when any round was disturbed. */
    static Optional<String> busyRounds(List<Round> rounds) {
        List<Round> busy = rounds.stream().filter(CpuContention::busy).toList();
        List<Round> ownWork = rounds.stream().filter(CpuContention::slowedByOwnWork).toList();
        List<String> parts = new ArrayList<>();
        if (!busy.isEmpty()) {
            parts.add("⚠ machine busy: another process competed for the CPU in " + busy.size() + " of " + rounds.size()
                    + " rounds (contention index up to " + SignificantDigits.format(max(busy, CpuContention::index))
                    + ", others' share of the CPU up to " + SignificantDigits.format(max(busy, CpuContention::foreignShare))
                    + "; 1.0 is quiet, above " + CpuContention.BUSY_INDEX + " with others using "
                    + CpuContention.FOREIGN_SHARE + " of the machine disturbed)");
        }
        if (!ownWork.isEmpty()) {
            parts.add("the CPU probe ran slow in " + ownWork.size() + " of " + rounds.size() + " rounds (index up to "
                    + SignificantDigits.format(max(ownWork, CpuContention::index)) + ") while the CPU went to our own processes"
                    + " (others' share up to " + SignificantDigits.format(max(ownWork, CpuContention::foreignShare))
                    + "): the system under test's own work, so those rounds count as they are");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(". ", parts));
    }

    private static double max(List<Round> rounds, ToDoubleFunction<Round> f) {
        return rounds.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
    }
}
