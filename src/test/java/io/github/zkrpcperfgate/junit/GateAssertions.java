package io.github.zkrpcperfgate.junit;

import static org.assertj.core.api.Assertions.assertThat;
import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.gate.PerfProfile;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.verdict.Judge;
import io.github.zkrpcperfgate.verdict.Verdict;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Named;

/** AssertJ checks whose failure message is the whole story of a moved figure. */
public final class GateAssertions {

    private GateAssertions() {
    }

    /**
     * Figures the quick profile lets through not judged because the machine was busy, in one
     * build: one may be bad luck on a shared runner; more means the verdicts cannot be trusted.
     * The full profile (main, nightly) lets none through.
     */
    public static final int QUICK_DISTURBED_ALLOWED = 1;

    /** {@link #assertWithinBaseline(FigureResult, PerfProfile, long)} as the full profile judges. */
    public static void assertWithinBaseline(FigureResult figure) {
        assertWithinBaseline(figure, PerfProfile.FULL, 0);
    }

    /**
     * Passes for Pass, Improvement (reported, to re-baseline) and Recorded (a re-baseline run); aborts (JUnit: skipped, with the
     * reason) a figure that has no baseline on this testbed; fails naming everything a reviewer
     * needs otherwise. A figure a busy machine disturbed fails in the full profile and, in the
     * quick one, when more than {@value #QUICK_DISTURBED_ALLOWED} did in this build.
     *
     * @param disturbedInBuild figures not judged for a busy machine in this build so far, this one included
     */
    public static void assertWithinBaseline(FigureResult figure, PerfProfile profile, long disturbedInBuild) {
        if (figure.withoutBaseline()) {
            Assumptions.abort(figure.key() + ": not judged — " + figure.reason());
        }
        if (figure.disturbed() && profile == PerfProfile.QUICK && disturbedInBuild <= QUICK_DISTURBED_ALLOWED) {
            Assumptions.abort(figure.key() + ": " + figure.reason() + " (the quick profile lets "
                    + QUICK_DISTURBED_ALLOWED + " such figure through per build)");
        }
        assertThat(figure.passed())
                .withFailMessage(() -> failureMessage(figure))
                .isTrue();
    }

    static String failureMessage(FigureResult f) {
        String measured = Judge.describe(f.value(), f.unit());
        String band = f.band() == null ? "no band" : "band " + f.band();
        String head = f.key() + ": " + f.verdictName() + " — measured " + measured + ", " + band + " (" + f.direction() + ").\n"
                + f.reason() + "\n";
        if (io.github.zkrpcperfgate.result.Comparisons.isCompared(f.unit())) {
            return head + "The candidate release is measured against the reference in the same run: no baseline to"
                    + " re-record. Find what in the version change slowed it, or accept it deliberately with"
                    + " -Dperf.compare.tolerance=<factor> and say why.";
        }
        return head
                + nextStep(f.verdict().kind())
                + ": " + BaselineException.updateCommand(f.scenariosToRecord())
                + " and commit baselines/ with the measured reason.";
    }

    private static String nextStep(Verdict.Kind kind) {
        return switch (kind) {
            case DISTURBED -> "Rerun on a quiet machine; if the figure fails there too and the change is deliberate, re-baseline";
            case ERROR -> "Fix or re-record the baseline";
            case REGRESSION, INCONCLUSIVE, PASS, IMPROVEMENT, RECORDED, NO_BASELINE -> "If this change is deliberate, re-baseline";
        };
    }

    /** Names a figure for the parameterised test's display name: "zk-1node / asyncOverSync (ratio, higher is better)". */
    public static Named<FigureResult> named(FigureResult f) {
        return Named.of(f.key() + " (" + f.unit() + ", " + f.direction() + ")", f);
    }
}
