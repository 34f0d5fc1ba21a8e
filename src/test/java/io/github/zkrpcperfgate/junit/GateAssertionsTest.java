package io.github.zkrpcperfgate.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.github.zkrpcperfgate.gate.PerfProfile;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class GateAssertionsTest {

    private static FigureResult figure(String verdict) {
        return FigureResult.of(new FigureKey("zk-1node", "syncP50Ms"), "ms", Direction.LOWER_IS_BETTER,
                new Estimate(3.41, 3.38, 3.47, 6), new Band(0.188, 0.5759), Verdict.Kind.fromJson(verdict), "wholly above the band", List.of());
    }

    @Test
    void aFailureNamesScenarioFigureValueIntervalBandDirectionAndCommand() {
        assertThatThrownBy(() -> GateAssertions.assertWithinBaseline(figure("Regression")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("zk-1node / syncP50Ms: Regression")
                .hasMessageContaining("measured 3.41 ms (95% CI 3.38 to 3.47, 6 rounds)")
                .hasMessageContaining("band [0.188, 0.5759] (lower is better)")
                .hasMessageContaining("./mvnw verify -Dperf.baselines.update=true -Dperf.scenarios=zk-1node");
    }

    /** A NameNode write's band follows the read's recorded p50: re-recorded alone, it would follow another recording's. */
    @Test
    void theCommandSelectsEveryScenarioTheFigureReadsButNotTheProbes() {
        FigureResult write = FigureResult.of(new FigureKey("nn-create", "opP50"), "ms above fsync", Direction.LOWER_IS_BETTER,
                new Estimate(2.07, 1.97, 2.19, 12), new Band(1.0, 1.8), Verdict.Kind.REGRESSION, "wholly above the band",
                List.of(), List.of("nn-create/h10r1", "calibration/fsync", "nn-getfileinfo/h10r1"));
        assertThat(write.scenariosToRecord()).containsExactly("nn-create", "nn-getfileinfo");
        assertThatThrownBy(() -> GateAssertions.assertWithinBaseline(write))
                .hasMessageContaining("-Dperf.baselines.update=true -Dperf.scenarios=nn-create,nn-getfileinfo and commit");
        assertThat(figure("Regression").scenariosToRecord()).containsExactly("zk-1node");
    }

    @Test
    void aSameRunComparisonsRegressionSaysThereIsNoBaselineToReRecord() {
        FigureResult slower = FigureResult.of(new FigureKey("zk-1node", "syncP50"), "x slower than 3.9.4",
                Direction.LOWER_IS_BETTER, new Estimate(1.21, 1.15, 1.3, 16), new Band(1 / 1.1, 1.1),
                Verdict.Kind.REGRESSION, "wholly above the band", List.of());
        assertThatThrownBy(() -> GateAssertions.assertWithinBaseline(slower))
                .hasMessageContaining("zk-1node / syncP50: Regression")
                .hasMessageContaining("measured 1.21 x slower than 3.9.4 (95% CI 1.15 to 1.3, 16 rounds)")
                .hasMessageContaining("no baseline to re-record")
                .hasMessageContaining("-Dperf.compare.tolerance")
                .hasMessageNotContaining("perf.baselines.update");
    }

    @Test
    void anImprovementLetsTheBuildThroughInEveryProfile() {
        GateAssertions.assertWithinBaseline(figure("Improvement"));
        GateAssertions.assertWithinBaseline(figure("Improvement"), PerfProfile.QUICK, 0);
    }

    @Test
    void aFigureTheMachineDisturbedFailsInFullAndOnlyTheSecondFailsInQuick() {
        assertThatThrownBy(() -> GateAssertions.assertWithinBaseline(figure("Disturbed"), PerfProfile.FULL, 1))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Disturbed").hasMessageContaining("Rerun on a quiet machine");
        assertThatThrownBy(() -> GateAssertions.assertWithinBaseline(figure("Disturbed"), PerfProfile.QUICK, 1))
                .isInstanceOf(TestAbortedException.class).hasMessageContaining("lets 1 such figure through");
        assertThatThrownBy(() -> GateAssertions.assertWithinBaseline(figure("Disturbed"), PerfProfile.QUICK, 2))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void aFigureWithoutABaselineOnThisTestbedIsSkippedWithItsReason() {
        assertThatThrownBy(() -> GateAssertions.assertWithinBaseline(figure("NoBaseline")))
                .isInstanceOf(TestAbortedException.class).hasMessageContaining("not judged");
    }

    @Test
    void passAndRecordedLetTheBuildThrough() {
        GateAssertions.assertWithinBaseline(figure("Pass"));
        GateAssertions.assertWithinBaseline(figure("Recorded"));
        assertThat(GateAssertions.named(figure("Pass")).getName()).isEqualTo("zk-1node / syncP50Ms (ms, lower is better)");
    }
}
