package io.github.zkrpcperfgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.report.FigureResult;
import io.github.zkrpcperfgate.verdict.Judge;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Named;

/** AssertJ checks whose failure message is the whole story of a moved figure. */
public final class GateAssertions {

    private GateAssertions() {
    }

    /**
     * Passes for Pass (and Recorded in a re-baseline run); aborts (JUnit: skipped, with the
     * reason) a figure a busy machine disturbed; fails naming everything a reviewer needs.
     */
    public static void assertWithinBaseline(FigureResult figure) {
        if (figure.disturbed()) {
            Assumptions.abort(figure.key() + ": not judged — " + figure.reason());
        }
        assertThat(figure.passed())
                .withFailMessage(() -> failureMessage(figure))
                .isTrue();
    }

    static String failureMessage(FigureResult f) {
        String measured = Judge.describe(f.value(), f.unit());
        String band = f.band() == null ? "no band" : "band " + f.band();
        return f.key() + ": " + f.verdict() + " — measured " + measured + ", " + band + " (" + f.direction() + ").\n"
                + f.reason() + "\n"
                + (f.verdict().equals("Improvement") ? "An unexplained gain is as suspicious as a loss; re-baseline to lock it in"
                : "If this change is deliberate, re-baseline")
                + ": " + BaselineException.UPDATE_COMMAND + " -Dperf.scenarios=" + f.key().scenario()
                + " and commit baselines/ with the measured reason.";
    }

    /** Names a figure for the parameterised test's display name: "zk-1node / asyncOverSync (ratio, higher is better)". */
    public static Named<FigureResult> named(FigureResult f) {
        return Named.of(f.key() + " (" + f.unit() + ", " + f.direction() + ")", f);
    }
}
