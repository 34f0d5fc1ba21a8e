package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.calibration.ParallelCpuProbe;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Judge;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    private static final String READ = "nn-getfileinfo/h10r1";
    private static final String WRITE = "nn-create/h10r1";

    /** A round where the read took {@code readMs} and the write {@code writeMs} (p50s). */
    private static Round readWriteRound(int index, double readMs, double writeMs) {
        Map<String, Sample> samples = new LinkedHashMap<>();
        samples.put(READ, new Sample(READ, index, 1, 1_000_000, histogram(readMs)));
        samples.put(WRITE, new Sample(WRITE, index, 1, 1_000_000, histogram(writeMs)));
        return new Round(index, List.copyOf(samples.keySet()), samples);
    }

    private static List<Round> readWriteRounds(double readMs, double... writeMs) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < writeMs.length; i++) {
            rounds.add(readWriteRound(i, readMs, writeMs[i]));
        }
        return rounds;
    }

    /**
     * The NameNode's case: recorded, the read's p50 centred on 0.28 ms and the write's band
     * [0.7, 1.5] ms. A host slower at both by 1.7× (as CI's of 2026-12-04 was, beyond the CPU
     * probe) passes; the same writes on a host where the read did not move fail.
     */
    @Test
    void aBandFollowingAnotherFigureMovesByItsMedianOverItsRecordedCentre() {
        GatedFigure read = GatedFigure.latencyCeiling("nn-getfileinfo", "opP50", READ, 50, 2.0);
        GatedFigure write = GatedFigure.latencyCeiling("nn-create", "opP50", WRITE, 50, 1.5).withBandFollowing(read);
        assertThat(write.workloads()).containsExactly(WRITE, READ);
        Band recorded = new Band(0.7, 1.5);
        java.util.function.Function<io.github.zkrpcperfgate.verdict.FigureKey, java.util.OptionalDouble> centres =
                key -> key.equals(read.key()) ? java.util.OptionalDouble.of(0.28) : java.util.OptionalDouble.empty();
        double[] slowerWrites = {1.7, 1.75, 1.8, 1.85, 1.9, 1.95, 2.0};
        List<Round> slowerHost = readWriteRounds(0.476, slowerWrites);
        CalibratedBand moved = CalibratedBand.of(write, recorded, Map.of(), centres, slowerHost);
        assertThat(moved.band().high()).isCloseTo(2.55, within(0.01)); // the histogram keeps 3 digits
        assertThat(moved.note()).hasValueSatisfying(n -> assertThat(n).contains("band [0.7, 1.5] as recorded, ×1.70")
                .contains(" with nn-getfileinfo / opP50: 0.476").contains(" ms in these rounds against 0.28 recorded"));
        var writes = MedianInterval.of(List.of(1.7, 1.75, 1.8, 1.85, 1.9, 1.95, 2.0));
        assertThat(Judging.decideAtCap(write, moved, writes).kind()).isEqualTo(Verdict.Kind.PASS);
        CalibratedBand unmoved = CalibratedBand.of(write, recorded, Map.of(), centres, readWriteRounds(0.28, slowerWrites));
        assertThat(Judging.decideAtCap(write, unmoved, writes).kind()).isEqualTo(Verdict.Kind.REGRESSION);
        // A baseline without the reference leaves the band as recorded, and says so.
        CalibratedBand unknown = CalibratedBand.of(write, recorded, Map.of(), key -> java.util.OptionalDouble.empty(), slowerHost);
        assertThat(unknown.band()).isEqualTo(recorded);
        assertThat(unknown.note()).hasValueSatisfying(n -> assertThat(n).contains("has no nn-getfileinfo / opP50"));
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
    void aFigureStraddlingItsBandAtTheCapPassesUnsettledAndOneWhollyAboveFails() {
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
        assertThat(tail.reason()).contains(Judge.NOT_SETTLED);
        assertThat(Judging.decideAtCap(p50, band, straddling).kind()).isEqualTo(Verdict.Kind.PASS);
        var whollyAbove = MedianInterval.of(List.of(0.3, 0.32, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65));
        assertThat(Judging.decideAtCap(p99, band, whollyAbove).kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(Judging.decideAtCap(p50, band, whollyAbove).kind()).isEqualTo(Verdict.Kind.REGRESSION);
    }

    private static final String SMALL = "rpc-small-protobuf/h10r1";

    /** Rounds where a small call took 100 ms + {@code aboveMs}, and nothing else. */
    private static List<Round> smallCallRounds(double... aboveMs) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < aboveMs.length; i++) {
            Map<String, Sample> samples = Map.of(SMALL, new Sample(SMALL, i, 1, 1_000_000, histogram(100 + aboveMs[i])));
            rounds.add(new Round(i, List.of(SMALL), samples));
        }
        return rounds;
    }

    @Test
    void aSmallCallsBandHoldsEverySittingOfUnchangedCodeMeasuredAndStillFailsAMillisecondMoreWorkACall() {
        GatedFigure f = GatedFigure.latencyAbove("rpc-small-protobuf", "callP50", SMALL, 50, 100, "sleep", 3.0);
        // 2c-intel-xeon's band, recorded 2026-12-07 05:00-05:05 at the floor around 1.041 ms.
        Band band = new Band(0.347, 3.123);
        // Unchanged code in a slow sitting: the fresh-clone build of 2026-12-07 04:23, its 12 rounds (2.587, 2.349-3.199).
        List<Round> slowSitting = smallCallRounds(2.341, 3.017, 4.325, 3.539, 2.644, 2.12, 3.199, 2.925, 2.484, 2.494, 2.349, 2.529);
        Verdict unchanged = Judging.decideAtCap(f, CalibratedBand.of(f, band, Map.of(), slowSitting),
                MedianInterval.of(DisturbancePolicy.perRound(f, slowSitting)));
        assertThat(unchanged.kind()).isEqualTo(Verdict.Kind.PASS);
        // ~1 ms more CPU work a call (rpc.handlerWorkStrings=6000), 2026-12-07 05:06, its 9 rounds (6.119, 4.26-6.722).
        List<Round> moreWork = smallCallRounds(6.758, 6.722, 3.029, 6.529, 4.882, 6.119, 4.563, 6.705, 4.26);
        Verdict regression = Judging.decideAtCap(f, CalibratedBand.of(f, band, Map.of(), moreWork),
                MedianInterval.of(DisturbancePolicy.perRound(f, moreWork)));
        assertThat(regression.kind()).isEqualTo(Verdict.Kind.REGRESSION);
    }

    private static final String SYNC = "zk-1node/sync";
    /** zookeeper-docker.json's recording: fsync median 0.139 ms, its slowest run's 0.163 ms. */
    private static final Map<String, String> RECORDED_DISK = Map.of(
            "calibration.fsyncP50Ms", "0.139", CalibrationProbes.FSYNC_SLOWEST_RUN, "0.163", "calibration.cpuP50Ms", "6.291");

    /** A round where a sync create's p50 took {@code syncMs}, the fsync probe {@code fsyncMs} and the CPU probe 5 ms. */
    private static Round diskRound(int index, double syncMs, double fsyncMs) {
        Map<String, Sample> samples = new LinkedHashMap<>();
        samples.put(SYNC, new Sample(SYNC, index, 1, 1_000_000, histogram(syncMs)));
        samples.put(FsyncProbe.NAME, new Sample(FsyncProbe.NAME, index, 1, 1_000_000, histogram(fsyncMs)));
        samples.put(CpuProbe.NAME, new Sample(CpuProbe.NAME, index, 1, 1_000_000, histogram(5)));
        return new Round(index, List.copyOf(samples.keySet()), samples);
    }

    private static List<Round> diskRounds(double[] syncMs, double fsyncMs) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < syncMs.length; i++) {
            rounds.add(diskRound(i, syncMs[i], fsyncMs));
        }
        return rounds;
    }

    private static GatedFigure syncP50() {
        return GatedFigure.latencyAboveProbe("zk-1node", "syncP50", SYNC, 50, FsyncProbe.NAME, "fsync", Calibration.CPU, 1.5);
    }

    @Test
    void aFigureWithAForcedWriteInItIsJudgedOnASlowerDiskThanItsRecordingsAgainstABandWidenedByHowMuchSlower() {
        GatedFigure f = syncP50();
        assertThat(f.diskBound()).isTrue();
        Band recorded = new Band(0.04051, 0.09115);
        // The probe reads 0.326 ms, twice the slowest recording run's 0.163: ×/2 both ways.
        CalibratedBand slower = CalibratedBand.of(f, recorded, RECORDED_DISK, diskRounds(new double[] {1, 1, 1}, 0.326));
        assertThat(slower.band().low()).isCloseTo(0.020255, withinPercentage(0.5));
        assertThat(slower.band().high()).isCloseTo(0.1823, withinPercentage(0.5));
        assertThat(slower.note()).hasValueSatisfying(n -> assertThat(n).contains("band [0.04051, 0.09115] as recorded, widened ×/2")
                .contains("calibration/fsync read 0.32").contains("ms in these rounds against at most 0.163 ms in the recording's runs"));
        // Within what the recording runs saw (0.15 ≤ 0.163), or faster: as recorded, without a note.
        assertThat(CalibratedBand.of(f, recorded, RECORDED_DISK, diskRounds(new double[] {1}, 0.15)))
                .isEqualTo(new CalibratedBand(recorded, java.util.Optional.empty()));
        assertThat(CalibratedBand.of(f, recorded, RECORDED_DISK, diskRounds(new double[] {1}, 0.09)).band()).isEqualTo(recorded);
        // A baseline recorded before it kept its slowest run: against the recording's median.
        CalibratedBand older = CalibratedBand.of(f, recorded, Map.of("calibration.fsyncP50Ms", "0.139"),
                diskRounds(new double[] {1}, 0.278));
        assertThat(older.band().high()).isCloseTo(0.1823, withinPercentage(0.5));
        assertThat(older.note()).hasValueSatisfying(n -> assertThat(n).contains("against 0.139 ms at recording"));
    }

    @Test
    void aFigureWithoutAForcedWriteIsNotWidenedAndAWriteOverReadRatioIsWidenedBothWays() {
        GatedFigure async = GatedFigure.calibratedLatency("zk-1node", "asyncP99", "zk-1node/async", 99, Calibration.CPU, 1.75);
        assertThat(async.diskBound()).isFalse();
        GatedFigure ratio = GatedFigure.throughputRatio("nn-mkdirs", "mkdirsOverGetFileInfo", SYNC, SYNC, 1.5).withDiskBound();
        assertThat(ratio.diskBound()).isTrue();
        assertThat(ratio.workloads()).containsExactly(SYNC, FsyncProbe.NAME);
        // nn-mkdirs mkdirsOverGetFileInfo, fresh-clone build of 2026-12-02 17:15: 0.4114 (0.3651 to 0.5477) against [0.4286, 0.9643].
        CalibratedBand slower = CalibratedBand.of(ratio, new Band(0.4286, 0.9643), RECORDED_DISK, diskRounds(new double[] {1}, 0.3912));
        assertThat(slower.band().low()).isCloseTo(0.4286 / 2.4, withinPercentage(0.5));
        assertThat(slower.band().high()).isCloseTo(0.9643 * 2.4, withinPercentage(0.5));
    }

    @Test
    void aFigureMeasuredNotToMoveWithASlightlySlowerDiskWidensOnlyByTheSlowdownBeyondThat() {
        GatedFigure ratio = GatedFigure.throughputRatio("nn-rename", "renameOverGetFileInfo", SYNC, SYNC, 1.5)
                .withDiskBoundBeyond(1.4);
        assertThat(ratio.diskBound()).isTrue();
        Band recorded = new Band(0.4161, 0.9362);
        // nn-rename under three edits dirs, self-check 13: the probe 1.30x the slowest recording run's.
        CalibratedBand within = CalibratedBand.of(ratio, recorded, RECORDED_DISK, diskRounds(new double[] {1}, 0.163 * 1.3));
        assertThat(within.band()).isEqualTo(recorded);
        assertThat(within.note()).hasValueSatisfying(n -> assertThat(n).startsWith("band [0.4161, 0.9362] as recorded, not widened")
                .contains("within the ×1.4 this figure was measured not to move with"));
        // 2.4x slower: widened by 2.4 / 1.4 both ways, and says so.
        CalibratedBand slower = CalibratedBand.of(ratio, recorded, RECORDED_DISK, diskRounds(new double[] {1}, 0.163 * 2.4));
        assertThat(slower.band().low()).isCloseTo(0.4161 / (2.4 / 1.4), withinPercentage(0.5));
        assertThat(slower.band().high()).isCloseTo(0.9362 * (2.4 / 1.4), withinPercentage(0.5));
        assertThat(slower.note()).hasValueSatisfying(n -> assertThat(n).contains("beyond the ×1.4"));
        // Faster than any recording run: as recorded, without a note.
        assertThat(CalibratedBand.of(ratio, recorded, RECORDED_DISK, diskRounds(new double[] {1}, 0.12)))
                .isEqualTo(new CalibratedBand(recorded, java.util.Optional.empty()));
        assertThatThrownBy(() -> ratio.withDiskBoundBeyond(0.9)).hasMessageContaining("diskUnmovedUpTo must be >= 1");
    }

    @Test
    void aSlowerDiskPassesAnUnchangedFigureWhileServersSyncingSlowerOnTheSameDiskFail() {
        GatedFigure f = syncP50();
        Band recorded = new Band(0.04051, 0.09115); // x(cpu) above fsync; centre 0.06076
        // Unchanged, on a disk whose probe reads 0.30 ms (1.84× the slowest recording run): the
        // residual above the probe reads 0.09496 x(cpu), CI 0.08308–0.1086 (fresh-clone build of
        // 2026-12-02 17:15), above the recorded top; the CPU probe reads 5 ms.
        double[] unchanged = {0.0831, 0.0870, 0.0900, 0.0930, 0.0950, 0.0950, 0.0960, 0.0980, 0.1000, 0.1040, 0.1086, 0.1100};
        double[] syncMs = new double[unchanged.length];
        for (int i = 0; i < unchanged.length; i++) {
            syncMs[i] = 0.30 + unchanged[i] * 5;
        }
        List<Round> slowDisk = diskRounds(syncMs, 0.30);
        Verdict pass = Judging.decideAtCap(f, CalibratedBand.of(f, recorded, RECORDED_DISK, slowDisk),
                MedianInterval.of(DisturbancePolicy.perRound(f, slowDisk)));
        assertThat(pass.kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(pass.reason()).contains("for a slower disk than the recording's");
        // The servers 2× slower above the probe, on a disk as fast as the recording's: the band stays, and it fails.
        // (1.5× from the centre lands on the band's top, ×/÷1.5: its interval straddles and it passes, not settled.)
        double[] slowerServers = new double[unchanged.length];
        for (int i = 0; i < unchanged.length; i++) {
            slowerServers[i] = 0.14 + 0.06076 * 2 * 5 * (0.95 + 0.01 * i);
        }
        List<Round> sameDisk = diskRounds(slowerServers, 0.14);
        Verdict fail = Judging.decideAtCap(f, CalibratedBand.of(f, recorded, RECORDED_DISK, sameDisk),
                MedianInterval.of(DisturbancePolicy.perRound(f, sameDisk)));
        assertThat(fail.kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(fail.direction()).isEqualTo(Direction.LOWER_IS_BETTER);
    }

    @Test
    void aBandFollowingTheCpuIsWidenedForTheDiskAfterItIsScaled() {
        GatedFigure f = GatedFigure.latencyAboveProbe("nn-create", "opP50", SYNC, 50, FsyncProbe.NAME, "fsync", 1.5)
                .withBandFollowing(Calibration.CPU);
        // Recorded [0.6861, 1.544] at a CPU probe of 4 ms; this run reads 5 ms (×1.25) and a disk 2× the slowest run's.
        CalibratedBand band = CalibratedBand.of(f, new Band(0.6861, 1.544),
                Map.of("calibration.cpuP50Ms", "4", CalibrationProbes.FSYNC_SLOWEST_RUN, "0.15"), diskRounds(new double[] {3}, 0.30));
        assertThat(band.band().high()).isCloseTo(1.544 * 1.25 * 2, withinPercentage(0.5));
        assertThat(band.note()).hasValueSatisfying(n -> assertThat(n).contains("×1.25 for the machine's speed")
                .contains("; then widened ×/2"));
    }

    /**
     * A round of nn-create at the defaults: its p50 {@code opMs}, the CPU probe 4.727 ms on one
     * thread and {@code index} times that on every core, others using {@code foreign} of the CPU.
     */
    private static Round sharedRound(int index, double opMs, double contention, double foreign) {
        Map<String, Sample> samples = new LinkedHashMap<>();
        samples.put(SYNC, new Sample(SYNC, index, 1, 1_000_000, histogram(opMs)));
        samples.put(FsyncProbe.NAME, new Sample(FsyncProbe.NAME, index, 1, 1_000_000, histogram(0.1)));
        samples.put(CpuProbe.NAME, new Sample(CpuProbe.NAME, index, 1, 1_000_000, histogram(4.727)));
        samples.put(ParallelCpuProbe.NAME, new Sample(ParallelCpuProbe.NAME, index, 1, 1_000_000,
                histogram(4.727 * ParallelCpuProbe.TASKS_PER_THREAD * contention),
                Map.of(ParallelCpuProbe.FOREIGN_CPU_SHARE, foreign)));
        return new Round(index, List.copyOf(samples.keySet()), samples);
    }

    private static List<Round> sharedRounds(int n, double opMs, double contention, double foreign) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rounds.add(sharedRound(i, opMs + 0.01 * i, contention, foreign));
        }
        return rounds;
    }

    @Test
    void besideANeighbourTheBandFollowsTheCpuItLeftUsButNotTheCpuOurOwnServersTook() {
        GatedFigure f = GatedFigure.latencyAboveProbe("nn-create", "opP50", SYNC, 50, FsyncProbe.NAME, "fsync", 1.5)
                .withBandFollowing(Calibration.CPU);
        Band recorded = new Band(0.6861, 1.544);
        Map<String, String> recordedIn = Map.of("calibration.cpuP50Ms", "4.051");
        // Self-check 9's hog (2026-12-03, 14:40): every round busy, index ~2, others ~half the machine;
        // nn-create read 2.212 ms above fsync. The band follows 4.727 × 2.05 ms, not 4.727: it passes.
        List<Round> hog = sharedRounds(12, 2.2, 2.05, 0.48);
        CalibratedBand beside = CalibratedBand.of(f, recorded, recordedIn, hog);
        assertThat(beside.band().high()).isCloseTo(1.544 * 4.727 * 2.05 / 4.051, withinPercentage(0.5));
        assertThat(beside.note()).hasValueSatisfying(n -> assertThat(n)
                .contains("in the 12 of 12 rounds another process competed for the CPU, times the contention index"));
        Verdict v = Judging.decideAtCap(f, beside, MedianInterval.of(DisturbancePolicy.perRound(f, hog)));
        assertThat(v.kind()).as(v.reason()).isEqualTo(Verdict.Kind.PASS);
        // The same slow probe with the CPU gone to our own processes (a server thread left busy):
        // the band stays at the single-thread probe's ×1.167 and the figure fails as a Regression.
        List<Round> own = sharedRounds(12, 2.2, 2.05, 0.02);
        CalibratedBand hungrier = CalibratedBand.of(f, recorded, recordedIn, own);
        assertThat(hungrier.band().high()).isCloseTo(1.544 * 4.727 / 4.051, withinPercentage(0.5));
        assertThat(hungrier.note()).hasValueSatisfying(n -> assertThat(n).doesNotContain("another process"));
        assertThat(Judging.decideAtCap(f, hungrier, MedianInterval.of(DisturbancePolicy.perRound(f, own))).kind())
                .isEqualTo(Verdict.Kind.REGRESSION);
    }

    @Test
    void onASlowerDiskATailsGrossCeilingIsThreeTimesItsTopBeforeTheWideningNotAfter() {
        GatedFigure p99 = GatedFigure.latencyAboveProbe("zk-1node", "syncP99", SYNC, 99, FsyncProbe.NAME, "fsync",
                Calibration.CPU, 2);
        Band recorded = new Band(0.08178, 0.3271);
        // 2026-12-03, fsync probe 0.2977 ms against at most 0.163 in the recording runs: widened ×/1.83.
        CalibratedBand slowDisk = CalibratedBand.of(p99, recorded, RECORDED_DISK, diskRounds(new double[] {3}, 0.2977));
        assertThat(slowDisk.diskWidening()).isCloseTo(1.826, withinPercentage(0.5));
        assertThat(slowDisk.topBeforeTheDisk()).isCloseTo(0.3271, withinPercentage(0.1));
        // Servers that keep a core busy each: 2.08 (CI 1.465 to 2.273), the morning's unchanged run 0.52.
        var busyServers = MedianInterval.of(List.of(1.465, 1.6, 1.9, 2.08, 2.2, 2.273));
        Verdict caught = Judging.decideAtCap(p99, slowDisk, busyServers);
        assertThat(caught.kind()).as(caught.reason()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(caught.reason()).contains("before any widening for the disk (0.9813)");
        // The unchanged run of that morning, 0.52 (CI 0.4252 to 0.6675), passes.
        var unchanged = MedianInterval.of(List.of(0.4252, 0.45, 0.5, 0.52, 0.55, 0.6675));
        assertThat(Judging.decideAtCap(p99, slowDisk, unchanged).kind()).isEqualTo(Verdict.Kind.PASS);
        // A disk 4x slower than the recording's: the widened band (top 1.308) is the ceiling, above 3x.
        CalibratedBand verySlow = CalibratedBand.of(p99, recorded, RECORDED_DISK, diskRounds(new double[] {3}, 0.652));
        assertThat(Judging.decideAtCap(p99, verySlow, MedianInterval.of(List.of(1.0, 1.1, 1.2, 1.3, 1.4, 1.5))).kind())
                .isEqualTo(Verdict.Kind.PASS);
        assertThat(Judging.decideAtCap(p99, verySlow, MedianInterval.of(List.of(1.35, 1.4, 1.45, 1.5, 1.55, 1.6))).kind())
                .isEqualTo(Verdict.Kind.REGRESSION);
    }

    @Test
    void aTailStraddlingItsTopButWhollyUnderItsGrossCeilingPassesAtOnceAndOneReachingPastItDoesNot() {
        GatedFigure p99 = GatedFigure.latencyAboveProbe("zk-5node-lan", "syncP99", SYNC, 99, FsyncProbe.NAME, "fsync",
                Calibration.CPU, 2);
        CalibratedBand band = new CalibratedBand(new Band(3.447, 13.79), java.util.Optional.empty());
        assertThat(Judging.grossCeiling(p99, band)).isCloseTo(41.37, withinPercentage(0.1));
        // Self-check 12's zk-5node-lan syncP99s read 14.9-17.4 ms above fsync, every interval reaching under the top.
        var straddling = MedianInterval.of(List.of(9.0, 12.0, 14.9, 15.5, 17.4, 25.0));
        Verdict early = Judging.decideAtCap(p99, band, straddling);
        assertThat(early.kind()).as(early.reason()).isEqualTo(Verdict.Kind.PASS);
        assertThat(early.reason()).contains(Judging.TAIL_UNDER_ITS_CEILING, "(41.37)").doesNotContain(Judge.NOT_SETTLED);
        var pastTheCeiling = MedianInterval.of(List.of(9.0, 12.0, 14.9, 15.5, 17.4, 45.0));
        Verdict atCap = Judging.decideAtCap(p99, band, pastTheCeiling);
        assertThat(atCap.kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(atCap.reason()).contains(Judge.NOT_SETTLED).doesNotContain(Judging.TAIL_UNDER_ITS_CEILING);
        // A median: the rule is the tails' alone.
        GatedFigure p50 = GatedFigure.latencyAboveProbe("zk-5node-lan", "syncP50", SYNC, 50, FsyncProbe.NAME, "fsync",
                Calibration.CPU, 2);
        assertThat(Judging.decideAtCap(p50, band, straddling).reason()).contains(Judge.NOT_SETTLED);
    }

    /** Rounds whose fsync probe read {@code fsyncP50Ms} at the median and {@code fsyncP99Ms} at the tail. */
    private static List<Round> diskTailRounds(int count, double fsyncP50Ms, double fsyncP99Ms) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Histogram forces = new Histogram(3);
            forces.recordValueWithCount(Math.round(fsyncP50Ms * 1e6), 90);
            forces.recordValueWithCount(Math.round(fsyncP99Ms * 1e6), 10);
            Map<String, Sample> samples = new LinkedHashMap<>();
            samples.put(SYNC, new Sample(SYNC, i, 1, 1_000_000, histogram(1)));
            samples.put(FsyncProbe.NAME, new Sample(FsyncProbe.NAME, i, 100, 1_000_000, forces));
            samples.put(CpuProbe.NAME, new Sample(CpuProbe.NAME, i, 1, 1_000_000, histogram(5)));
            rounds.add(new Round(i, List.copyOf(samples.keySet()), samples));
        }
        return rounds;
    }

    @Test
    void whereTheBaselineKeepsTheDisksTailADiskBoundTailFailsAboveOneAndAHalfTimesItsTopTimesHowFarThatTailMoved() {
        GatedFigure p99 = GatedFigure.latencyAboveProbe("zk-1node", "syncP99", SYNC, 99, FsyncProbe.NAME, "fsync",
                Calibration.CPU, 2);
        Band recorded = new Band(0.07787, 0.3115);
        Map<String, String> recordedIn = new java.util.HashMap<>(RECORDED_DISK);
        recordedIn.put(CalibrationProbes.FSYNC_TAIL_SLOWEST_RUN, "0.25");
        // 2026-12-05, servers that keep a core busy each: 0.898 x(cpu) above fsync (CI 0.798 to 1.153),
        // the fsync probe's p50 0.074 and p99 0.172 ms: the disk as it was. Under 3x the top (0.9345) it
        // passed; 1.5x the top is 0.4673.
        var busyServers = MedianInterval.of(List.of(0.798, 0.81, 0.85, 0.898, 1.0, 1.153));
        CalibratedBand sameDisk = CalibratedBand.of(p99, recorded, recordedIn, diskTailRounds(6, 0.074, 0.172));
        assertThat(sameDisk.diskTail()).hasValueSatisfying(t -> assertThat(t.longer()).isEqualTo(1));
        Verdict caught = Judging.decideAtCap(p99, sameDisk, busyServers);
        assertThat(caught.kind()).as(caught.reason()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(caught.reason()).contains("wholly above 1.5x the band's top before any widening for the disk, times 1 for the"
                + " disk's tail (calibration/fsync p99 0.172 ms in these rounds against at most 0.25 ms in the recording's runs): 0.4672");
        // The unchanged run beside it (0.144, CI 0.122 to 0.233) passes inside its band.
        assertThat(Judging.decideAtCap(p99, sameDisk, MedianInterval.of(List.of(0.122, 0.13, 0.14, 0.144, 0.2, 0.233))).kind())
                .isEqualTo(Verdict.Kind.PASS);
        // A disk whose tail is twice the recording's: the ceiling doubles (0.9345, less the histogram's rounding), and the same reading passes, not judged.
        CalibratedBand longTail = CalibratedBand.of(p99, recorded, recordedIn, diskTailRounds(6, 0.074, 0.5));
        assertThat(longTail.diskTail()).hasValueSatisfying(t -> assertThat(t.longer()).isCloseTo(2, withinPercentage(0.5)));
        Verdict notJudged = Judging.decideAtCap(p99, longTail, busyServers);
        assertThat(notJudged.kind()).as(notJudged.reason()).isEqualTo(Verdict.Kind.PASS);
        assertThat(notJudged.reason()).contains("not judged").contains("fsync p99 0.5").endsWith(Judging.DISK_TAIL_FOLLOWING_NOT_JUDGED);
        assertThat(Judging.tailPassedAboveItsBand(p99, notJudged)).as("listed in the run's note").isTrue();
        assertThat(Judging.tailPassedAboveItsBand(p99, caught)).isFalse();
        // Wholly above that, it fails.
        assertThat(Judging.decideAtCap(p99, longTail, MedianInterval.of(List.of(0.95, 1.0, 1.1, 1.2, 1.3, 1.4))).kind())
                .isEqualTo(Verdict.Kind.REGRESSION);
        // A baseline that does not keep the tail: 3x the top, as before.
        CalibratedBand noTail = CalibratedBand.of(p99, recorded, RECORDED_DISK, diskTailRounds(6, 0.074, 0.172));
        assertThat(noTail.diskTail()).isEmpty();
        assertThat(Judging.decideAtCap(p99, noTail, busyServers).kind()).isEqualTo(Verdict.Kind.PASS);
        // A median with a forced write in it carries no tail.
        assertThat(CalibratedBand.of(syncP50(), new Band(0.04, 0.1), recordedIn, diskTailRounds(6, 0.074, 0.172)).diskTail())
                .isEmpty();
    }

    @Test
    void aTailOfCallsWithLittleWorkOfTheirOwnFailsOnlyGrosslyAboveItsBand() {
        GatedFigure p99 = GatedFigure.latencyAbove("rpc-small-protobuf", "callP99", "rpc-small-protobuf/h10r1", 99,
                100, "sleep", 2.5).withStallBoundTail();
        assertThat(p99.diskBound()).isFalse();
        // Self-check 10, 2026-12-03: an unchanged build read 12.48 ms above sleep (95% CI 7.32 to 17.56,
        // 9 rounds) against the band [1.14, 7.10], and failed; 3x its top is 21.3.
        CalibratedBand band = new CalibratedBand(new Band(1.14, 7.10), Optional.empty());
        Verdict unchanged = Judging.decideAtCap(p99, band,
                MedianInterval.of(List.of(5.0, 7.32, 9.0, 11.0, 12.48, 13.0, 15.0, 17.56, 21.2)));
        assertThat(unchanged.kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(unchanged.reason()).contains("lies wholly above").endsWith(Judging.STALL_TAIL_NOT_JUDGED);
        assertThat(Judging.tailPassedAboveItsBand(p99, unchanged)).as("listed in the run's note").isTrue();
        // Nagle's algorithm on, the same self-check: 45.06 (CI 43.78 to 63.83, 8 rounds) against [0.88, 5.48].
        Verdict nagle = Judging.decideAtCap(p99, new CalibratedBand(new Band(0.88, 5.48), Optional.empty()),
                MedianInterval.of(List.of(43.78, 44.0, 44.5, 45.0, 45.1, 50.0, 60.0, 63.83)));
        assertThat(nagle.kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(nagle.reason()).contains("wholly above 3x the band's top (16.44), further than the host's stalls");
        assertThatThrownBy(() -> GatedFigure.latencyAbove("rpc-small-protobuf", "callP50", "rpc-small-protobuf/h10r1", 50,
                100, "sleep", 1.5).withStallBoundTail()).hasMessageContaining("only a tail");
    }

    @Test
    void aTailWithAForcedWriteInItFailsOnlyGrosslyAboveItsBandWhateverTheDisk() {
        GatedFigure p99 = GatedFigure.latencyAboveProbe("zk-5node-2-down", "syncP99", SYNC, 99, FsyncProbe.NAME, "fsync",
                Calibration.CPU, 2);
        assertThat(p99.tail()).isTrue();
        Band recorded = new Band(0.2386, 0.9544);
        // zk-5node-2-down syncP99, fresh-clone build of unchanged code, 2026-12-02 19:45: 1.283 x(cpu) above
        // fsync (95% CI 1.025 to 1.733, 9 rounds), the fsync probe's median inside the recording runs' (no widening).
        var unchanged = MedianInterval.of(List.of(1.025, 1.1, 1.2, 1.25, 1.283, 1.4, 1.5, 1.6, 1.733));
        CalibratedBand sameDisk = CalibratedBand.of(p99, recorded, RECORDED_DISK, diskRounds(new double[] {3}, 0.15));
        assertThat(sameDisk.band()).isEqualTo(recorded);
        Verdict notJudged = Judging.decideAtCap(p99, sameDisk, unchanged);
        assertThat(notJudged.kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(notJudged.reason()).contains("lies wholly above").endsWith(Judging.DISK_TAIL_NOT_JUDGED);
        assertThat(Judging.tailPassedAboveItsBand(p99, notJudged)).as("listed in the run's note").isTrue();
        assertThat(Judging.tailPassedAboveItsBand(p99, Judging.decideAtCap(p99, sameDisk,
                MedianInterval.of(List.of(0.3, 0.35, 0.4, 0.45, 0.5, 0.6))))).as("inside its band").isFalse();
        // Wholly above 3x the top (2.863): a gross tail regression still fails.
        var gross = MedianInterval.of(List.of(3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.2, 4.4, 4.6));
        Verdict fails = Judging.decideAtCap(p99, sameDisk, gross);
        assertThat(fails.kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(fails.reason()).contains("wholly above 3x the band's top before any widening for the disk (2.863)");
        // A median with a forced write in it is judged on its band, and a tail without one as ever.
        GatedFigure p50 = syncP50();
        assertThat(Judging.decideAtCap(p50, CalibratedBand.of(p50, new Band(0.04051, 0.09115), RECORDED_DISK,
                diskRounds(new double[] {3}, 0.1711)), MedianInterval.of(List.of(0.2, 0.21, 0.22, 0.23, 0.24, 0.25))).kind())
                .isEqualTo(Verdict.Kind.REGRESSION);
        GatedFigure asyncP99 = GatedFigure.calibratedLatency("zk-1node", "asyncP99", "zk-1node/async", 99, Calibration.CPU, 1.75);
        assertThat(Judging.decideAtCap(asyncP99, new CalibratedBand(new Band(81.26, 248.8), java.util.Optional.empty()),
                MedianInterval.of(List.of(300.0, 310.0, 320.0, 330.0, 340.0, 350.0))).kind()).isEqualTo(Verdict.Kind.REGRESSION);
    }
}
