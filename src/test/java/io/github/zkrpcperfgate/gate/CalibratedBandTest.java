package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** How a figure's band moves with the machine's speed, and how a tail is decided at the cap. */
class CalibratedBandTest {

    private static final String CALL = "rpc-seed-protobuf/h10r1";
    private static final Map<String, String> RECORDED_AT_6_MS = Map.of("calibration.cpuP50Ms", "6.0");

    /** A round where the call took {@code callMs} and the CPU probe {@code cpuMs}. */
    private static Round round(int index, double callMs, double cpuMs) {
        Map<String, Sample> samples = new LinkedHashMap<>();
        samples.put(CALL, new Sample(CALL, index, 1, 1_000_000, histogram(callMs)));
        samples.put(CpuProbe.NAME, new Sample(CpuProbe.NAME, index, 1, 1_000_000, histogram(cpuMs)));
        return new Round(index, List.copyOf(samples.keySet()), samples);
    }

    private static Histogram histogram(double ms) {
        Histogram h = new Histogram(3);
        h.recordValue(Math.round(ms * 1e6));
        return h;
    }

    private static List<Round> rounds(double[] callMs, double cpuMs) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < callMs.length; i++) {
            rounds.add(round(i, callMs[i], cpuMs));
        }
        return rounds;
    }

    private static GatedFigure callP50() {
        return GatedFigure.latencyCeiling("rpc-seed-protobuf", "callP50", CALL, 50, 2.0).withBandFollowing(Calibration.CPU);
    }

    @Test
    void aBandFollowingTheCpuMovesByThisRunsProbeOverTheRecordings() {
        GatedFigure f = callP50();
        assertThat(f.workloads()).containsExactly(CALL, CpuProbe.NAME);
        CalibratedBand slower = CalibratedBand.of(f, new Band(15, 60), RECORDED_AT_6_MS, rounds(new double[] {70, 70, 70}, 9));
        assertThat(slower.band().low()).isCloseTo(22.5, within(0.05));
        assertThat(slower.band().high()).isCloseTo(90, within(0.1));
        assertThat(slower.note()).hasValueSatisfying(n -> assertThat(n)
                .contains("band [15, 60] as recorded, ×1.5").contains("ms in these rounds against 6 ms at recording"));
        CalibratedBand faster = CalibratedBand.of(f, new Band(15, 60), RECORDED_AT_6_MS, rounds(new double[] {30}, 4.5));
        assertThat(faster.band().high()).isCloseTo(45, within(0.1));
    }

    @Test
    void aRatioOfCpuBoundOverSleepBoundWorkMovesInverselyWithTheProbe() {
        GatedFigure ratio = GatedFigure.throughputRatio("rpc-seed-writable", "handlers10OverHandlers1", CALL, CALL, 1.3)
                .withBandFollowingInversely(Calibration.CPU);
        assertThat(ratio.bandFollows()).hasValueSatisfying(b -> assertThat(b.inversely()).isTrue());
        // Recorded [1.766, 2.984] at a CPU probe of 6 ms; this run's probe reads 9 ms: x1/1.5.
        CalibratedBand slower = CalibratedBand.of(ratio, new Band(1.766, 2.984), RECORDED_AT_6_MS, rounds(new double[] {1, 1}, 9));
        assertThat(slower.band().low()).isCloseTo(1.1773, within(1e-3));
        assertThat(slower.band().high()).isCloseTo(1.9893, within(1e-3));
        assertThat(slower.note()).hasValueSatisfying(n -> assertThat(n).contains("for the machine's speed (inversely)"));
    }

    @Test
    void aBandIsUsedAsRecordedWhenTheFigureDoesNotFollowOrTheBaselineKeepsNoProbe() {
        GatedFigure plain = GatedFigure.latencyCeiling("rpc-seed-protobuf", "callP50", CALL, 50, 2.0);
        assertThat(CalibratedBand.of(plain, new Band(15, 60), RECORDED_AT_6_MS, rounds(new double[] {70}, 9)))
                .isEqualTo(new CalibratedBand(new Band(15, 60), java.util.Optional.empty()));
        CalibratedBand unknown = CalibratedBand.of(callP50(), new Band(15, 60), Map.of(), rounds(new double[] {70}, 9));
        assertThat(unknown.band()).isEqualTo(new Band(15, 60));
        assertThat(unknown.note()).hasValueSatisfying(n -> assertThat(n).contains("keeps no median of calibration/cpu"));
    }

    @Test
    void aSlowerMachineDoesNotFailAnUnchangedFigureAndAReal1point5xSlowdownStillFails() {
        GatedFigure f = callP50();
        Band recorded = new Band(15, 60); // centre 30 ms at a CPU probe of 6 ms
        // The machine runs 1.5× slower: probe 9 ms, the unchanged call 45–75 ms.
        double[] unchanged = {45, 50, 55, 60, 65, 70, 75};
        List<Round> slow = rounds(unchanged, 9);
        Verdict v = Judging.decideAtCap(f, CalibratedBand.of(f, recorded, RECORDED_AT_6_MS, slow),
                MedianInterval.of(List.of(45.0, 50.0, 55.0, 60.0, 65.0, 70.0, 75.0)));
        assertThat(v.kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(v.reason()).contains("for the machine's speed");
        // The same call 2× slower on a machine as fast as at recording fails.
        double[] doubled = {100, 105, 110, 115, 120, 125, 130};
        List<Round> same = rounds(doubled, 6);
        Verdict r = Judging.decideAtCap(f, CalibratedBand.of(f, recorded, RECORDED_AT_6_MS, same),
                MedianInterval.of(List.of(100.0, 105.0, 110.0, 115.0, 120.0, 125.0, 130.0)));
        assertThat(r.kind()).isEqualTo(Verdict.Kind.REGRESSION);
    }

    @Test
    void aTailStraddlingItsBandAtTheCapPassesUnsettledWhileAMedianFigureIsDecidedOnItsMedian() {
        GatedFigure p99 = GatedFigure.latencyCeiling("zk-1node", "syncP99", "zk-1node/sync", 99, 2.0);
        GatedFigure p50 = GatedFigure.latencyCeiling("zk-1node", "syncP50", "zk-1node/sync", 50, 2.0);
        assertThat(p99.tail()).isTrue();
        assertThat(p50.tail()).isFalse();
        assertThat(p99.withBandFollowing(Calibration.CPU).tail()).isTrue();
        CalibratedBand band = new CalibratedBand(new Band(0.05, 0.2), java.util.Optional.empty());
        // zk-1node syncP99 of the fresh-clone build of 2026-12-01 00:00: 0.290 (0.163 to 0.608) against a top of 0.2275.
        var straddling = MedianInterval.of(List.of(0.15, 0.17, 0.2, 0.25, 0.28, 0.29, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7));
        Verdict tail = Judging.decideAtCap(p99, band, straddling);
        assertThat(tail.kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(tail.reason()).contains(Judging.TAIL_NOT_SETTLED);
        assertThat(Judging.decideAtCap(p50, band, straddling).kind()).isEqualTo(Verdict.Kind.REGRESSION);
        var whollyAbove = MedianInterval.of(List.of(0.3, 0.32, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65));
        assertThat(Judging.decideAtCap(p99, band, whollyAbove).kind()).isEqualTo(Verdict.Kind.REGRESSION);
    }
}
