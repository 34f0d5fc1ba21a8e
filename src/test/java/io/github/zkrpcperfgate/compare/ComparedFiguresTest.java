package io.github.zkrpcperfgate.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Judge;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ComparedFiguresTest {

    private static final ReleaseComparison C = new ReleaseComparison("zookeeper.version", "3.9.4", 1.10, 4, 4, 1);

    /** A sample of {@code ops} operations in one second, every latency {@code millis}. */
    private static Sample sample(String workload, long ops, double millis) {
        Histogram h = new Histogram(3);
        h.recordValue((long) (millis * 1e6));
        return new Sample(workload, 0, ops, 1_000_000_000L, h);
    }

    private static Round round(Sample... samples) {
        Map<String, Sample> byName = new LinkedHashMap<>();
        for (Sample s : samples) {
            byName.put(s.workload(), s);
        }
        return new Round(0, List.copyOf(byName.keySet()), byName);
    }

    @Test
    void eachSideIsReadAsAGateRunReadsItAndTheSlowdownPointsTheSameWayForEveryFigure() {
        GatedFigure ratio = GatedFigure.throughputRatio("zk-1node", "multiOverAsync", "zk-1node/multi", "zk-1node/async", 1.5);
        GatedFigure latency = GatedFigure.latencyCeiling("zk-1node", "syncP50", "zk-1node/sync", 50, 1.5);
        Round r = round(
                sample("reference:zk-1node/multi", 1000, 1), sample("reference:zk-1node/async", 200, 1),
                sample("candidate:zk-1node/multi", 800, 1), sample("candidate:zk-1node/async", 200, 1),
                sample("reference:zk-1node/sync", 10, 2.0), sample("candidate:zk-1node/sync", 10, 3.0),
                sample(CpuProbe.NAME, 10, 5.0));
        GatedFigure comparedRatio = ComparedFigures.of(ratio, C);
        GatedFigure comparedLatency = ComparedFigures.of(latency, C);
        // multi/async: reference 5, candidate 4 → 1.25x worse; sync p50 2 ms → 3 ms: 1.5x worse
        assertThat(comparedRatio.perRound().applyAsDouble(r)).isCloseTo(1.25, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(comparedLatency.perRound().applyAsDouble(r)).isCloseTo(1.5, org.assertj.core.data.Offset.offset(0.01));
        assertThat(comparedRatio.direction()).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(comparedRatio.unit()).isEqualTo("x slower than 3.9.4");
        assertThat(comparedRatio.workloads()).containsExactly("reference:zk-1node/multi", "candidate:zk-1node/multi",
                "reference:zk-1node/async", "candidate:zk-1node/async");
    }

    @Test
    void theMachinesProbesAreSampledOnceForBothSidesAndTheDiskProbesArePooled() {
        Round r = round(sample("reference:calibration/fsync", 10, 0.2), sample("candidate:calibration/fsync", 10, 0.3),
                sample(CpuProbe.NAME, 10, 5.0), sample("candidate:zk-1node/sync", 10, 1.0));
        Round reference = Sides.view(r, Sides.REFERENCE);
        Round candidate = Sides.view(r, Sides.CANDIDATE);
        assertThat(reference.order()).containsExactly("calibration/fsync", CpuProbe.NAME);
        assertThat(candidate.order()).containsExactly("calibration/fsync", CpuProbe.NAME, "zk-1node/sync");
        // Both sides read the same disk probe: each side's one recorded fsync, pooled.
        for (Round side : List.of(reference, candidate)) {
            assertThat(side.sample("calibration/fsync").latencies().getTotalCount()).isEqualTo(2);
            assertThat(side.sample("calibration/fsync").latencyMillis(90)).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.001));
            assertThat(side.sample("calibration/fsync").latencyMillis(10)).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.001));
        }
        assertThat(r.sample("reference:calibration/fsync").latencies().getTotalCount()).as("the round's own samples stay").isEqualTo(1);
    }

    @Test
    void aSlowdownWhollyBeyondTheToleranceFailsAndAFasterCandidatePasses() {
        Band band = new Band(1 / C.tolerance(), C.tolerance());
        FigureKey key = new FigureKey("zk-1node", "syncP50");
        Verdict slower = Judge.judge(key, "x slower than 3.9.4", Direction.LOWER_IS_BETTER, band,
                new io.github.zkrpcperfgate.stats.Estimate(1.2, 1.15, 1.3, 16));
        assertThat(ComparisonEngine.decided(slower, C).kind()).isEqualTo(Verdict.Kind.REGRESSION);
        Verdict faster = Judge.judge(key, "x slower than 3.9.4", Direction.LOWER_IS_BETTER, band,
                new io.github.zkrpcperfgate.stats.Estimate(0.8, 0.75, 0.85, 16));
        assertThat(ComparisonEngine.decided(faster, C).kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(ComparisonEngine.decided(faster, C).reason()).contains("faster than 3.9.4");
        Verdict straddling = Judge.judge(key, "x slower than 3.9.4", Direction.LOWER_IS_BETTER, band,
                new io.github.zkrpcperfgate.stats.Estimate(1.125, 0.95, 1.35, 16));
        assertThat(ComparisonEngine.decided(straddling, C).kind()).as("a median beyond the tolerance alone fails nothing")
                .isEqualTo(Verdict.Kind.PASS);
        assertThat(ComparisonEngine.decided(straddling, C).reason()).startsWith(io.github.zkrpcperfgate.result.Comparisons.NOT_SETTLED)
                .contains("1.125", "-Dperf.compare.starts");
    }

    @Test
    void theComparisonIsReadFromItsSwitchesAndBadOnesAreNamed() {
        Properties p = new Properties();
        assertThat(ReleaseComparison.from(p)).isEmpty();
        p.setProperty("perf.compare", "zookeeper.version=3.9.4");
        ReleaseComparison c = ReleaseComparison.from(p).orElseThrow();
        assertThat(c.key()).isEqualTo("zookeeper.version");
        assertThat(c.reference()).isEqualTo("3.9.4");
        assertThat(c.tolerance()).isEqualTo(ReleaseComparison.DEFAULT_TOLERANCE);
        assertThat(List.of(c.referenceFirst(0), c.referenceFirst(1), c.referenceFirst(2), c.referenceFirst(3)))
                .as("ABBA").containsExactly(true, false, false, true);
        p.setProperty("perf.compare.starts", "2");
        assertThatThrownBy(() -> ReleaseComparison.from(p)).hasMessageContaining("perf.compare.starts must be >= 3");
        p.setProperty("perf.compare.starts", "4.5");
        assertThatThrownBy(() -> ReleaseComparison.from(p)).hasMessageContaining("whole number");
        p.setProperty("perf.compare", "3.9.4");
        assertThatThrownBy(() -> ReleaseComparison.from(p)).hasMessageContaining("zookeeper.version=3.9.4");
    }
}
