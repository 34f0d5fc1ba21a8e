package io.github.zkrpcperfgate.namenode;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.gate.GateEngine;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.gate.ScenarioFamily;
import io.github.zkrpcperfgate.verdict.BandPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The catalogue of the NameNode family, read as a table: the second seed's question (do more
 * reader or handler threads make an RPC server faster?) asked of the server it was about, a
 * NameNode (HADOOP-6713), with the namespace operations of Hadoop's NNThroughputBenchmark from
 * 10 client threads on connections of their own.
 */
public final class NameNodeScenarios implements ScenarioFamily {

    /** The scenario group: its report section. */
    public static final String GROUP = "namenode";

    /** This family's baseline file in each testbed's directory. */
    public static final String BASELINE_FILE = "namenode.json";

    /** One handler and reader, then Hadoop's defaults (10 handlers, 1 reader), then 10 readers. */
    public static final NameNodeSpec H1R1 = new NameNodeSpec(1, 1);
    public static final NameNodeSpec H10R1 = new NameNodeSpec(10, 1);
    public static final NameNodeSpec H10R10 = new NameNodeSpec(10, 10);
    public static final List<NameNodeSpec> SPECS = List.of(H1R1, H10R1, H10R10);

    /** Client threads, as in the RPC seed; each thread has a connection (a user) of its own. */
    static final int CLIENT_THREADS = 10;
    /** Operations per thread in one set: 200 a set, repeated until a sample lasts its second. */
    static final int OPS_PER_THREAD = 20;

    /**
     * Every ratio here is of CPU-bound work on 2 shared cores (the NameNode, its clients and the
     * edit log's sync thread): see {@link BandPolicy#CPU_BOUND_FLOOR}.
     */
    static final double RATIO_MIN_BAND = BandPolicy.CPU_BOUND_FLOOR;
    /**
     * The threading ratios (h10/h1, r10/r1) compare two NameNodes that share this JVM's heap and
     * collector, a second's sample each, so a pause in one sample and not the other moves a round
     * by up to 8× (0.21 to 1.73 within one run); their run medians spread 0.67–1.16 for
     * nn-create over 10 runs (5 recording, 5 self-check, 2026-11-30). At ×/÷1.5 one unchanged
     * self-check build in five failed (0.674 against a floor of 0.688, decided on the median at
     * the cap), so these get ×/÷1.75: the worst run seen lies 1.53× from centre.
     */
    static final double THREADING_MIN_BAND = 1.75;
    /**
     * The writes' latencies are milliseconds on the testbed, with bands that follow the read's p50
     * in the same run ({@link #writeLatency}; the run's median CPU probe when the read is not
     * selected); not divided round by round (the NameNode runs in this JVM, so a per-round
     * quotient would pay for its garbage). ×/÷1.5: at ×/÷2 a log kept in three directories of
     * one disk (1.55–2.05× on the writes' p50) passed in self-checks 3 and 4, while unchanged builds of 2026-11-30, divided by their median
     * CPU probe, reached at most 1.30× of their centre (15 builds, 2c-intel-xeon), and the
     * 2c-amd-epyc recording's five runs lay within 0.92–1.03× of theirs.
     */
    static final double MEDIAN_MIN_BAND = 1.5;
    /**
     * The read's p50 (the family's guard against a NameNode slower at every operation) gets ×/÷2:
     * it follows the CPU probe only, and per CPU probe unchanged builds read it 1.15-1.64x its
     * recorded centre (10 builds of self-check 9, 2026-12-03, two sittings; the recording's five
     * runs of 2026-12-02, one sitting, lay within 0.91-1.09x). At ×/÷1.5 one of them (0.529 ms
     * against a scaled top of 0.4826) passed only as not settled at the cap, and three more only
     * because the disk was slower that day.
     */
    static final double READ_MEDIAN_MIN_BAND = 2.0;
    /**
     * A write's throughput over the read's widens for a slower disk only beyond 1.4× the
     * recording's fsync probe. Measured on 2c-amd-epyc against namenode.json (fsync probe at most
     * 0.1517 ms in its runs): in 20 unchanged builds over four sittings (self-checks 9 and 13,
     * 2026-12-03 and -04) the probe read up to 0.2147 ms (1.415×) and the three ratios stayed at
     * 0.88–1.08× their centres whether it read slow or not (create 0.28–0.33, mkdirs 0.55–0.68,
     * rename 0.535–0.674): ten handlers' group commit absorbs that much. Widened from the first
     * bit, a band let through a log kept in three directories, which slowed
     * {@code renameOverGetFileInfo} 2.03× while the probe read 1.30× (self-check 13). A much slower
     * disk does move them (a freshly booted machine, probe 0.18–0.71 ms, 2026-12-02), so they stay
     * disk-bound past it.
     */
    static final double RATIOS_DISK_UNMOVED_UP_TO = 1.4;
    /*
     * No p99 is gated (it stays in the report's latency curves): a NameNode in the test JVM has
     * the tail of that JVM's garbage collector, which depends on what ran in the JVM before it.
     * Measured 2026-11-30: recorded in a JVM of their own, the p99s read 2.4-20 ms (run medians
     * of the recording); in a full build, after the ZooKeeper family had run in the same JVM,
     * 0.3x of that (mkdirs 1.37 ms above fsync against a band from 1.97), and the build failed on
     * three "Improvements" of unchanged code. The p50s moved 0.7x the same way and stay inside
     * ×/÷2.
     */

    /**
     * The engine's rules of 2026-12-04a with this family's changes: 2026-12-04b, the writes' p50
     * bands follow the read's p50 ({@link #writeLatency}), the read's p50 is ×/÷2; 2026-12-04c,
     * the write-over-read ratios widen for a slower disk only beyond {@link #RATIOS_DISK_UNMOVED_UP_TO};
     * restated 2026-12-05b with the engine's rule of that date, which every family shares.
     */
    public static final String JUDGING_RULES = "2026-12-05b cpu-following ms bands, NameNode write p50s x/1.5 following the read's p50,"
            + " the read's x/2, write-over-read ratios widened for the disk beyond x1.4," + GateEngine.RULES_EVERY_FAMILY_SHARES;

    @Override
    public String judgingRules() {
        return JUDGING_RULES;
    }

    /** For {@code @PerfGate} and {@link java.util.ServiceLoader}; the catalogue itself is static. */
    public NameNodeScenarios() {
    }

    public static List<NameNodeScenario> all() {
        return Arrays.stream(NameNodeOp.values()).map(NameNodeScenario::of).toList();
    }

    @Override
    public List<String> scenarioNames() {
        return all().stream().map(NameNodeScenario::name).toList();
    }

    @Override
    public ScenarioDriver driver(PerfSettings settings, Injection injection) {
        return new NameNodeDriver(all().stream().filter(s -> settings.selects(s.name())).toList(), injection,
                settings.profile().crossCheck());
    }

    /**
     * Gated figures per operation: what 10 handlers buy over 1 (at 1 reader), what 10 readers buy
     * over 1 (at 10 handlers), the p50 of the operation at Hadoop's defaults; and, when
     * the read is measured too, each write's throughput over getFileInfo's in the same round
     * ({@code createOverGetFileInfo}, {@code mkdirsOverGetFileInfo}, {@code renameOverGetFileInfo}):
     * the NameNode's own write-vs-read ratio, its parallel to ZooKeeper's sync against multi, and
     * a measure of the write path (lock, edit log, sync) that the CPU's drift cancels out of,
     * which milliseconds on a shared machine do not. A write's latencies are gated less the same
     * round's fsync probe ("ms above fsync", the probe beside the edit log): each write waits for
     * at least one sync of the log, which is the disk's, not the NameNode's.
     */
    public static List<GatedFigure> figures(List<NameNodeScenario> scenarios) {
        List<GatedFigure> figures = new ArrayList<>();
        Optional<NameNodeScenario> read = scenarios.stream().filter(s -> s.op() == NameNodeOp.GET_FILE_INFO).findFirst();
        Optional<GatedFigure> readP50 = read.map(NameNodeScenarios::readLatency);
        for (NameNodeScenario s : scenarios) {
            String h1r1 = s.workloadName(H1R1);
            String h10r1 = s.workloadName(H10R1);
            String h10r10 = s.workloadName(H10R10);
            figures.add(GatedFigure.throughputRatio(s.name(), "handlers10OverHandlers1", h10r1, h1r1, THREADING_MIN_BAND));
            figures.add(GatedFigure.throughputRatio(s.name(), "readers10OverReaders1", h10r10, h10r1, THREADING_MIN_BAND));
            figures.add(s.op().write() ? writeLatency(s, readP50) : readP50.orElseThrow());
        }
        read.ifPresent(r -> {
            for (NameNodeScenario write : scenarios) {
                if (write.op().write()) {
                    // Each write waits on a sync of the edit log, the read on none: on a much
                    // slower disk the ratio is the disk's as much as the NameNode's.
                    figures.add(GatedFigure.throughputRatio(write.name(), write.op().label() + "OverGetFileInfo",
                            write.workloadName(H10R1), r.workloadName(H10R1), RATIO_MIN_BAND)
                            .withDiskBoundBeyond(RATIOS_DISK_UNMOVED_UP_TO));
                }
            }
        });
        return figures;
    }

    /**
     * The read's p50 in ms, with a band that moves with the run's median CPU probe and widens on a
     * slower disk than the recording's ({@link GatedFigure#withDiskBound}): it forces nothing
     * itself, but the NameNode it reads from runs in this JVM on the machine whose state moved
     * it. Measured on 2c-amd-epyc, 2026-12-02, against its recording (0.2825 ms centre at a CPU
     * probe of 4.051 ms, fsync runs at most 0.1517): nn-getfileinfo's p50 per CPU probe read
     * 1.35-1.77x that in the afternoon (fsync probe 0.26-0.71 ms), 1.45x at 18:45 (0.22 ms) and
     * 1.55x at 19:25 (0.34 ms, where it failed an unchanged build at 0.5007 against a scaled top
     * of 0.4852). It is the family's guard against a NameNode slower at every operation (the
     * writes' bands follow it), at {@link #READ_MEDIAN_MIN_BAND}.
     */
    private static GatedFigure readLatency(NameNodeScenario read) {
        return GatedFigure.latencyCeiling(read.name(), "opP50", read.workloadName(H10R1), 50, READ_MEDIAN_MIN_BAND)
                .withDiskBound().withBandFollowing(Calibration.CPU);
    }

    /**
     * A write's p50 in ms above the same round's fsync probe (the sync of the edit log each write
     * waits for is the disk's). Its band follows the read's p50 in the same rounds when the read
     * is measured, else the run's median CPU probe. Why the read, measured on 2c-amd-epyc against
     * the recording of 2026-12-02 11:56 (one sitting, five runs): in 10 unchanged builds of
     * self-check 9 (2026-12-03, two sittings) the four operations' p50s per CPU probe read
     * 1.15-1.70x their recorded centres, together (the read 1.15-1.64x), and on 2026-12-04 CI failed
     * an unchanged build on three writes at 1.54-1.68x (lower ends of their intervals) with a disk
     * as fast as the recording's. The same drift on every operation, which the single-thread CPU
     * probe does not see, is the host's; scaled by the read's p50 instead, the writes of those
     * 10 builds read 0.86-1.17x their centres, beside a CPU hog 1.18-1.27x, while the two
     * injections of self-check 9 that slow the edit log read 1.62-1.86x (three edits dirs) and
     * 2.47-2.63x (a journal 200 µs late). A NameNode slower at everything moves the read as
     * much as the writes: that is the read's own figure to catch.
     */
    private static GatedFigure writeLatency(NameNodeScenario write, Optional<GatedFigure> readP50) {
        GatedFigure aboveFsync = GatedFigure.latencyAboveProbe(write.name(), "opP50", write.workloadName(H10R1), 50,
                FsyncProbe.NAME, "fsync", MEDIAN_MIN_BAND);
        return readP50.map(aboveFsync::withBandFollowing).orElseGet(() -> aboveFsync.withBandFollowing(Calibration.CPU));
    }
}
