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
    void anIntervalReachingPastTheBetterEdgeAlonePassesWithoutMoreRounds() {
        Verdict higherBetter = judge(Direction.HIGHER_IS_BETTER, 7, 8.5, 10);
        assertThat(higherBetter).isInstanceOf(Verdict.Pass.class);
        assertThat(higherBetter.reason()).contains(Judge.PAST_THE_BETTER_EDGE_ONLY, "[4, 8]");
        assertThat(judge(Direction.LOWER_IS_BETTER, 3, 5, 6)).isInstanceOf(Verdict.Pass.class);

        // The same intervals straddle the worse edge the other way round, and one wider than the band straddles both.
        assertThat(judge(Direction.LOWER_IS_BETTER, 7, 8.5, 10)).isInstanceOf(Verdict.Inconclusive.class);
        assertThat(judge(Direction.HIGHER_IS_BETTER, 3, 5, 9)).isInstanceOf(Verdict.Inconclusive.class);
        assertThat(judge(Direction.LOWER_IS_BETTER, 3, 5, 9)).isInstanceOf(Verdict.Inconclusive.class);
    }

    @Test
    void noIntervalIsInconclusiveNeverPass() {
        Verdict v = Judge.judge(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, new Estimate(6, Double.NaN, Double.NaN, 3));
        assertThat(v).isInstanceOf(Verdict.Inconclusive.class);
        assertThat(v.reason()).contains("3 rounds are too few");
    }

    @Test
    void atTheCapAStraddlingIntervalPassesNotSettledSayingWhereItsMedianLies() {
        Verdict inside = Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, new Estimate(5, 3, 6, 12));
        assertThat(inside).isInstanceOf(Verdict.Pass.class);
        assertThat(inside.reason()).contains("the cap", Judge.NOT_SETTLED, "its median lies inside the band");
        assertThat(Judge.unsettledOnTheWorseSide(inside)).isFalse();

        // A median past the worse edge: once a Regression on the median, now to be watched.
        Verdict worse = Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, new Estimate(3.5, 3, 4.5, 12));
        assertThat(worse).isInstanceOf(Verdict.Pass.class);
        assertThat(worse.reason()).contains(Judge.NOT_SETTLED, "below the band, on its worse side");
        assertThat(Judge.unsettledOnTheWorseSide(worse)).isTrue();

        Estimate straddlingAbove = new Estimate(8.5, 7.5, 10, 12);
        Verdict better = Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, straddlingAbove);
        assertThat(better).isInstanceOf(Verdict.Pass.class);
        assertThat(better.reason()).contains(Judge.PAST_THE_BETTER_EDGE_ONLY).doesNotContain(Judge.NOT_SETTLED);
        Verdict both = Judge.decideAtCap(KEY, "ratio", Direction.HIGHER_IS_BETTER, BAND, new Estimate(8.5, 3, 10, 12));
        assertThat(both.reason()).contains(Judge.NOT_SETTLED, "above the band, on its better side");
        assertThat(Judge.unsettledOnTheWorseSide(better)).isFalse();
        assertThat(Judge.unsettledOnTheWorseSide(Judge.decideAtCap(KEY, "ms", Direction.LOWER_IS_BETTER, BAND, straddlingAbove)))
                .isTrue();
    }

    @Test
    void atTheCapAnIntervalWhollyOutsideStillFailsEitherWay() {
        assertThat(Judge.decideAtCap(KEY, "ms", Direction.LOWER_IS_BETTER, BAND, new Estimate(9, 8.5, 10, 12)))
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
