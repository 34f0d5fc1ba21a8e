package io.github.zkrpcperfgate.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.stats.Estimate;
import org.junit.jupiter.api.Test;

class JudgeTest {

    private static final FigureKey KEY = new FigureKey("zk-1node", "asyncOverSync");
    private static final Band BAND = new Band(4, 8);

    private static Verdict judge(Direction direction, double low, double median, double high) {
        return Judge.judge(KEY, "ratio", direction, BAND, new Estimate(median, low, high, 6));
    }

    @Test
    void intervalInsideTheBandPasses() {
        assertThat(judge(Direction.HIGHER_IS_BETTER, 5, 6, 7)).isInstanceOf(Verdict.Pass.class);
    }

    @Test
    void wholeIntervalBelowIsARegressionWhenHigherIsBetter() {
        Verdict v = judge(Direction.HIGHER_IS_BETTER, 2, 2.5, 3);
        assertThat(v).isInstanceOf(Verdict.Regression.class);
        assertThat(v.reason()).contains("2.5 ratio", "95% CI 2 to 3", "wholly below", "[4, 8]");
    }

    @Test
    void wholeIntervalBelowIsAnImprovementWhenLowerIsBetter() {
        assertThat(judge(Direction.LOWER_IS_BETTER, 2, 2.5, 3)).isInstanceOf(Verdict.Improvement.class);
    }

    @Test
    void wholeIntervalAboveIsARegressionWhenLowerIsBetter() {
        assertThat(judge(Direction.LOWER_IS_BETTER, 9, 10, 11)).isInstanceOf(Verdict.Regression.class);
    }

    @Test
    void wholeIntervalAboveIsAnImprovementWhenHigherIsBetter() {
        assertThat(judge(Direction.HIGHER_IS_BETTER, 9, 10, 11)).isInstanceOf(Verdict.Improvement.class);
    }

    @Test
    void straddlingAnEdgeIsInconclusive() {
        assertThat(judge(Direction.HIGHER_IS_BETTER, 3, 5, 6)).isInstanceOf(Verdict.Inconclusive.class);
    }

    @Test
    void noIntervalIsInconclusiveNeverPass() {
        Verdict v = Judge.judge(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, new Estimate(6, Double.NaN, Double.NaN, 3));
        assertThat(v).isInstanceOf(Verdict.Inconclusive.class);
        assertThat(v.reason()).contains("3 rounds are too few");
    }

    @Test
    void atTheCapAStraddlingIntervalIsDecidedOnItsMedian() {
        Estimate inside = new Estimate(5, 3, 6, 12);
        Estimate outside = new Estimate(3.5, 3, 4.5, 12);
        assertThat(Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, inside))
                .isInstanceOf(Verdict.Pass.class)
                .extracting(Verdict::reason).asString().contains("decided on the median");
        assertThat(Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, outside))
                .isInstanceOf(Verdict.Regression.class);
    }

    @Test
    void atTheCapAGainIsShownOnlyByTheWholeInterval() {
        Estimate straddlingAbove = new Estimate(8.5, 7.5, 10, 12);
        Verdict straddling = Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, straddlingAbove);
        assertThat(straddling).isInstanceOf(Verdict.Pass.class);
        assertThat(straddling.reason()).contains("straddles", "the cap", "not an Improvement");
        assertThat(Judge.decideAtCap(KEY, "ms", Direction.LOWER_IS_BETTER, BAND, new Estimate(3.5, 3, 4.5, 12)))
                .isInstanceOf(Verdict.Pass.class);
        // The same median past the bad edge is a Regression, and a whole interval past the good one an Improvement.
        assertThat(Judge.decideAtCap(KEY, "ms", Direction.LOWER_IS_BETTER, BAND, straddlingAbove))
                .isInstanceOf(Verdict.Regression.class);
        assertThat(Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, new Estimate(9, 8.5, 10, 12)))
                .isInstanceOf(Verdict.Improvement.class);
    }

    @Test
    void atTheCapAnEmptyEstimateStaysInconclusive() {
        assertThat(Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, Estimate.empty()))
                .isInstanceOf(Verdict.Inconclusive.class);
    }
}
