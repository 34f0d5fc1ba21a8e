package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;
import io.github.zkrpcperfgate.baseline.BaselineFigure;
import io.github.zkrpcperfgate.baseline.BaselineSource;
import io.github.zkrpcperfgate.baseline.BaselineStore;
import io.github.zkrpcperfgate.baseline.BaselineUpdate;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.baseline.RecordingLedger;
import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.calibration.ParallelCpuProbe;
import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Judge;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's decisions on scripted timings: a fake clock that workloads advance, no real time. */
class GateRunTest {

    private static final TrialPlan PLAN = new TrialPlan(1, 6, 12, 8, 1, Duration.ZERO);
    private static final Progress QUIET = new Progress(new PrintStream(OutputStream.nullOutputStream()));

    @TempDir
    Path dir;

    private final AtomicLong clock = new AtomicLong();

    /** A workload whose n-th set takes durations[n % length] microseconds on the fake clock. */
    private Workload scripted(String name, long... micros) {
        return new Workload() {
            private int calls;

            @Override
            public String name() {
                return name;
            }

            @Override
            public int operationsPerSet() {
                return 1000;
            }

            @Override
            public void runSet(LatencyRecorder latencies) {
                long nanos = micros[calls++ % micros.length] * 1000;
                latencies.recordNanos(nanos / 1000);
                clock.addAndGet(nanos);
            }

            @Override
            public void resetAfterSet() {
            }
        };
    }

    /** {@code workload}, counting its sets in {@code sets}. */
    private static Workload counted(Workload workload, java.util.concurrent.atomic.AtomicInteger sets) {
        return new Workload() {
            @Override
            public String name() {
                return workload.name();
            }

            @Override
            public int operationsPerSet() {
                return workload.operationsPerSet();
            }

            @Override
            public void runSet(LatencyRecorder latencies) throws Exception {
                sets.incrementAndGet();
                workload.runSet(latencies);
            }

            @Override
            public void resetAfterSet() throws Exception {
                workload.resetAfterSet();
            }
        };
    }

    private static BaselineFigure ratioBand(double low, double high) {
        double expected = Math.sqrt(low * high);
        return new BaselineFigure("ratio", Direction.HIGHER_IS_BETTER, expected, new Band(low, high), expected, expected, 8);
    }

    private Baselines baselines(Map<FigureKey, BaselineFigure> figures) {
        return BaselineUpdate.apply(Baselines.empty(dir.resolve("b.json")), figures, Map.of()).updated();
    }

    private static BaselineSource source(Path file) {
        return new BaselineSource(file, "test-bed", false);
    }

    private GateRun gate(boolean update) {
        return new GateRun("test", source(dir.resolve("b.json")), update ? GateMode.RECORD : GateMode.JUDGE, PLAN, QUIET,
                clock::get);
    }

    private GateEngine engine(GateMode mode, TrialPlan plan) {
        return new GateEngine(name -> source(dir.resolve(name)), mode, plan, QUIET, clock::get);
    }

    /** A family of scenarios "a" and "b" whose servers are scripted workloads; it logs what the engine asked of it. */
    private final class ScriptedDriver implements ScenarioDriver {
        final List<String> events = new java.util.ArrayList<>();
        List<String> dead = List.of();
        int minWarmupRounds;
        private final java.util.function.IntFunction<List<Workload>> workloadsOfRun;
        private int run;

        ScriptedDriver(java.util.function.IntFunction<List<Workload>> workloadsOfRun) {
            this.workloadsOfRun = workloadsOfRun;
        }

        @Override
        public String group() {
            return "test";
        }

        @Override
        public List<GatedFigure> figures() {
            return figures;
        }

        @Override
        public List<GatedFigure> catalogue() {
            return figures;
        }

        @Override
        public String baselineFile() {
            return "b.json";
        }

        @Override
        public void start() {
            events.add("start");
        }

        @Override
        public void restart() {
            events.add("restart");
        }

        @Override
        public Measurement measure(boolean reported) {
            events.add(reported ? "measure reported" : "measure");
            return Measurement.of(workloadsOfRun.apply(++run), Map.of(), () -> { });
        }

        @Override
        public List<String> deadServers() {
            return dead;
        }

        @Override
        public int minWarmupRounds() {
            return minWarmupRounds;
        }

        @Override
        public void close() {
            events.add("close");
        }
    }

    @Test
    void aFigureWhollyBetterThanItsBandPassesAsAnImprovementThatSaysHowToLockItIn() {
        GatedFigure latency = GatedFigure.latencyCeiling("a", "p50", "a/x", 50, 2.0);
        Band band = new Band(2.0, 8.0);
        Verdict below = Judging.betterPasses(Judge.judge(latency.key(), latency.unit(), latency.direction(), band,
                MedianInterval.of(List.of(1.0, 1.1, 1.2, 1.0, 1.1, 1.2))));
        GatedFigure ratio = figures.get(0);
        Verdict above = Judging.betterPasses(Judge.judge(ratio.key(), ratio.unit(), ratio.direction(), band,
                MedianInterval.of(List.of(9.0, 9.5, 10.0, 9.0, 9.5, 10.0))));
        Verdict worse = Judging.betterPasses(Judge.judge(ratio.key(), ratio.unit(), ratio.direction(), band,
                MedianInterval.of(List.of(1.0, 1.1, 1.2, 1.0, 1.1, 1.2))));

        for (Verdict better : List.of(below, above)) {
            assertThat(better.kind()).isEqualTo(Verdict.Kind.IMPROVEMENT);
            assertThat(better.passed()).isTrue();
            assertThat(better.reason()).contains("lies wholly").endsWith(Judging.BETTER_PASSES);
        }
        assertThat(worse.kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(worse.passed()).isFalse();
        assertThat(worse.reason()).doesNotContain(Judging.BETTER_PASSES);
    }

    @Test
    void aRunThatFailsBecauseServersDiedNamesThemAndWhatWasSeenAndKeepsTheClientsErrorAsCause() {
        ScriptedDriver driver = new ScriptedDriver(run -> workloads());
        Exception clientSaw = new IllegalStateException("KeeperException$ConnectionLossException: for /zk-rpc-perfgate-1/x");
        assertThat(GateEngine.explained(driver, clientSaw)).as("no server died: the run's own failure").isSameAs(clientSaw);

        driver.dead = List.of("zk-5node server 3 (localhost:32771): container 0123456789ab exited with code 137; last log lines:\n…");
        Exception explained = GateEngine.explained(driver, clientSaw);
        assertThat(explained).hasCause(clientSaw)
                .hasMessageStartingWith("test: the run stopped because 1 server(s) went away while it measured (not a planned stop)")
                .hasMessageContaining("zk-5node server 3").hasMessageContaining("exited with code 137")
                .hasMessageContaining("ConnectionLossException");
    }

    private final List<GatedFigure> figures = List.of(
            GatedFigure.throughputRatio("a", "xOverY", "a/x", "a/y", 1.5),
            GatedFigure.throughputRatio("b", "xOverY", "b/x", "b/y", 1.5));

    private List<Workload> workloads() {
        // a/x alternates around a/y, so a's ratio straddles 1.0; b/x is steadily twice as fast as b/y.
        return List.of(scripted("a/x", 1000, 1200), scripted("a/y", 1100), scripted("b/x", 1000), scripted("b/y", 2000));
    }

    @Test
    void onlyTheInconclusiveFiguresWorkloadsGetExtraRoundsAndTheCapLeavesThemNotSettled() throws Exception {
        Baselines b = baselines(Map.of(new FigureKey("a", "xOverY"), ratioBand(1.0, 2.0),
                new FigureKey("b", "xOverY"), ratioBand(1.5, 2.5)));
        GroupResult result = gate(false).run(b, workloads(), figures, new TreeMap<>());

        assertThat(result.samples().stream().filter(s -> s.workload().equals("a/x"))).hasSize(12);
        assertThat(result.samples().stream().filter(s -> s.workload().equals("b/x"))).hasSize(6);
        FigureResult a = result.figures().get(0);
        assertThat(a.verdict().kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(a.reason()).contains(Judge.NOT_SETTLED);
        assertThat(a.value().sampleCount()).isEqualTo(12);
        FigureResult bFigure = result.figures().get(1);
        assertThat(bFigure.verdict().kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(bFigure.value().median()).isEqualTo(2.0);
    }

    @Test
    void aFigureReachingPastItsBetterEdgeAloneTakesNoExtraRounds() throws Exception {
        // a's ratio alternates about 0.92 and 1.1: past a top of 1.0, the better edge of a throughput ratio.
        Baselines b = baselines(Map.of(new FigureKey("a", "xOverY"), ratioBand(0.5, 1.0),
                new FigureKey("b", "xOverY"), ratioBand(1.5, 2.5)));
        GroupResult result = gate(false).run(b, workloads(), figures, new TreeMap<>());

        assertThat(result.samples().stream().filter(s -> s.workload().equals("a/x"))).hasSize(6);
        FigureResult a = result.figures().get(0);
        assertThat(a.verdict().kind()).as(a.reason()).isEqualTo(Verdict.Kind.PASS);
        assertThat(a.reason()).contains(Judge.PAST_THE_BETTER_EDGE_ONLY);
        assertThat(result.notes()).noneSatisfy(n -> assertThat(n).startsWith("inconclusive"));
    }

    @Test
    void aFigureLeftStraddlingWithItsMedianPastTheWorseEdgePassesAndIsNamedInTheNotes() throws Exception {
        // a's ratio alternates about 0.92 and 1.1 round by round: its median lies below 1.05, its interval reaches above.
        Baselines b = baselines(Map.of(new FigureKey("a", "xOverY"), ratioBand(1.05, 2.0),
                new FigureKey("b", "xOverY"), ratioBand(1.5, 2.5)));
        GroupResult result = gate(false).run(b, workloads(), figures, new TreeMap<>());

        FigureResult a = result.figures().get(0);
        assertThat(a.verdict().kind()).as(a.reason()).isEqualTo(Verdict.Kind.PASS);
        assertThat(a.reason()).contains(Judge.NOT_SETTLED, "on its worse side");
        assertThat(result.notes()).anySatisfy(n -> assertThat(n).startsWith("⚠ not settled at the cap").contains("a / xOverY")
                .doesNotContain("b / xOverY"));
    }

    @Test
    void aFigureWhollyBelowItsBandIsARegressionAfterTheFirstRounds() throws Exception {
        Baselines b = baselines(Map.of(new FigureKey("a", "xOverY"), ratioBand(0.5, 2.0),
                new FigureKey("b", "xOverY"), ratioBand(3.0, 5.0)));
        GroupResult result = gate(false).run(b, workloads(), figures, new TreeMap<>());
        assertThat(result.figures().get(1).verdict().kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(result.samples().stream().filter(s -> s.workload().equals("b/x"))).hasSize(6);
    }

    /** CPU probes whose parallel run takes {@code index} times the serial tasks: above 1.25 the round was disturbed. */
    private List<Workload> cpuProbes(long... parallelMicros) {
        long[] scaled = java.util.Arrays.stream(parallelMicros).map(m -> m * ParallelCpuProbe.TASKS_PER_THREAD).toArray();
        return List.of(scripted(CpuProbe.NAME, 100), scripted(ParallelCpuProbe.NAME, scaled));
    }

    private List<Workload> withProbes(List<Workload> probes) {
        List<Workload> all = new java.util.ArrayList<>(workloads());
        all.addAll(probes);
        return all;
    }

    @Test
    void aFailureOnRoundsABusyNeighbourDisturbedIsNotJudgedAndTakesEveryRoundToTheCap() throws Exception {
        Baselines b = baselines(Map.of(new FigureKey("a", "xOverY"), ratioBand(0.5, 2.0),
                new FigureKey("b", "xOverY"), ratioBand(3.0, 5.0)));
        GroupResult result = gate(false).run(b, withProbes(cpuProbes(160)), figures, new TreeMap<>());

        FigureResult disturbed = result.figures().get(1);
        assertThat(disturbed.verdict().kind()).isEqualTo(Verdict.Kind.DISTURBED);
        assertThat(disturbed.failsBuild()).isFalse();
        assertThat(disturbed.reason()).startsWith("not judged: machine busy in 12 of the 12 rounds").contains("would be Regression");
        assertThat(result.notes()).anySatisfy(n -> assertThat(n).startsWith("⚠ machine busy").contains("in 12 of 12 rounds"));
    }

    @Test
    void onAQuietMachineTheSameFailureIsARegressionAfterTheFirstRounds() throws Exception {
        Baselines b = baselines(Map.of(new FigureKey("a", "xOverY"), ratioBand(0.5, 2.0),
                new FigureKey("b", "xOverY"), ratioBand(3.0, 5.0)));
        GroupResult result = gate(false).run(b, withProbes(cpuProbes(100)), figures, new TreeMap<>());
        assertThat(result.figures().get(1).verdict().kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(result.figures().get(1).value().sampleCount()).isEqualTo(6);
        assertThat(result.notes()).noneSatisfy(n -> assertThat(n).contains("machine busy"));
    }

    @Test
    void withSixQuietRoundsLeftTheFigureIsJudgedOnThoseAlone() throws Exception {
        Baselines b = baselines(Map.of(new FigureKey("a", "xOverY"), ratioBand(0.5, 2.0),
                new FigureKey("b", "xOverY"), ratioBand(3.0, 5.0)));
        // The probes' 2nd set of every 2 is disturbed (160%), so half the rounds are quiet: 6 of 12.
        GroupResult result = gate(false).run(b, withProbes(cpuProbes(100, 160)), figures, new TreeMap<>());
        FigureResult judged = result.figures().get(1);
        assertThat(judged.verdict().kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(judged.value().sampleCount()).isEqualTo(6);
    }

    @Test
    void aFigureWithoutABaselineIsAnErrorAndTheOthersAreStillJudged() throws Exception {
        Baselines b = baselines(Map.of(new FigureKey("b", "xOverY"), ratioBand(1.5, 2.5)));
        GroupResult result = gate(false).run(b, workloads(), figures, new TreeMap<>());
        assertThat(result.figures().get(0).verdict().kind()).isEqualTo(Verdict.Kind.ERROR);
        assertThat(result.figures().get(0).reason()).contains("has no scenario \"a\"");
        assertThat(result.figures().get(1).verdict().kind()).isEqualTo(Verdict.Kind.PASS);
    }

    @Test
    void onATestbedWithoutBaselinesEveryFigureIsMeasuredAndReportedButNotJudged() throws Exception {
        GroupResult result = gate(false).run(Baselines.empty(dir.resolve("b.json")), workloads(), figures, new TreeMap<>());
        assertThat(result.figures()).hasSize(2).allSatisfy(f -> {
            assertThat(f.verdict().kind()).isEqualTo(Verdict.Kind.NO_BASELINE);
            assertThat(f.failsBuild()).isFalse();
            assertThat(f.value().sampleCount()).isEqualTo(6);
        });
        assertThat(result.notes().get(0)).startsWith("ℹ no baselines for testbed test-bed")
                .endsWith("./mvnw verify -Dperf.baselines.update=true -Dperf.testbed=test-bed");
        GateRun required = new GateRun("test", new BaselineSource(dir.resolve("b.json"), "test-bed", true), GateMode.JUDGE,
                PLAN, QUIET, clock::get);
        org.assertj.core.api.Assertions.assertThatThrownBy(required::readBaselines)
                .hasMessageContaining("-Dperf.testbed.required=true fails the run");
    }

    @Test
    void extraRoundsComeInStepsThatMoveTheIntervalAndASettledFigureStaysFrozen() throws Exception {
        GateRun gate = gate(false);
        assertThat(List.of(gate.nextStep(6), gate.nextStep(7), gate.nextStep(8), gate.nextStep(9), gate.nextStep(11)))
                .containsExactly(9, 9, 9, 12, 12);
        // b passes at 6 rounds; a (straddling) gets rounds up to the cap, which measure b/y too.
        List<GatedFigure> sharing = List.of(
                GatedFigure.throughputRatio("a", "xOverY", "a/x", "b/y", 1.5),
                GatedFigure.throughputRatio("b", "xOverY", "b/x", "b/y", 1.5));
        Baselines b = baselines(Map.of(new FigureKey("a", "xOverY"), ratioBand(0.55, 1.0),
                new FigureKey("b", "xOverY"), ratioBand(1.5, 2.5)));
        List<Workload> w = List.of(scripted("a/x", 1900, 4000), scripted("b/x", 1000), scripted("b/y", 2000));
        GroupResult result = gate.run(b, w, sharing, new TreeMap<>());
        assertThat(result.samples().stream().filter(s -> s.workload().equals("b/y") && s.round() >= 0)).hasSize(12);
        assertThat(result.figures().get(1).value().sampleCount()).isEqualTo(6);
        assertThat(result.notes()).anySatisfy(n -> assertThat(n).startsWith("inconclusive after 6 rounds").contains("measured 3 more"));
    }

    @Test
    void reBaseliningWritesEveryFigureAndTheNextRunPasses() throws Exception {
        GroupResult recorded = gate(true).run(Baselines.empty(dir.resolve("b.json")), workloads(), figures, new TreeMap<>());
        assertThat(recorded.baselineChanges()).hasSize(2).allSatisfy(line -> assertThat(line).contains("(new) ->"));
        Baselines written = BaselineStore.read(dir.resolve("b.json"));
        assertThat(written.figure(new FigureKey("b", "xOverY")).expected()).isEqualTo(2.0);
        assertThat(written.figure(new FigureKey("b", "xOverY")).rounds()).isEqualTo(8);

        GroupResult next = gate(false).run(written, workloads(), figures, new TreeMap<>());
        assertThat(next.figures()).allSatisfy(f -> assertThat(f.passed()).as(f.key() + " " + f.reason()).isTrue());
    }

    @Test
    void aReBaselinePoolsItsRunsAndWritesOnlyAfterTheLast() throws Exception {
        Path file = dir.resolve("b.json");
        // Each run starts "servers" of its own; b/x is 2x, 3.2x, then 1.6x as fast as b/y.
        long[] bxMicros = {1000, 625, 1250};
        List<Boolean> fileExistedBeforeRun = new java.util.ArrayList<>();
        ScriptedDriver driver = new ScriptedDriver(run -> {
            fileExistedBeforeRun.add(java.nio.file.Files.exists(file));
            return List.of(scripted("a/x", 1000, 1200), scripted("a/y", 1100),
                    scripted("b/x", bxMicros[run - 1]), scripted("b/y", 2000));
        });
        GroupResult last = engine(GateMode.RECORD, PLAN.withRecordRuns(3)).run(driver);

        assertThat(fileExistedBeforeRun).containsExactly(false, false, false);
        assertThat(driver.events).containsExactly("start", "measure", "restart", "measure", "restart", "measure reported",
                "close");
        BaselineFigure b = BaselineStore.read(file).figure(new FigureKey("b", "xOverY"));
        assertThat(b.runMedians()).containsExactly(2.0, 3.2, 1.6);
        assertThat(b.rounds()).isEqualTo(24);
        assertThat(b.expected()).isEqualTo(2.0); // the median run's
        // The runs reach x1.6 either way, beyond the 1.5 floor: the band covers them.
        assertThat(b.band().low()).isCloseTo(1.25, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(b.band().high()).isCloseTo(3.2, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(last.baselineChanges()).anySatisfy(line -> assertThat(line).contains("3 runs: 2, 3.2, 1.6"));
        assertThat(last.samples().stream().filter(s -> s.workload().equals("b/x") && s.round() >= 0)).hasSize(24);
    }

    @Test
    void aFamilyThatNeedsMoreWarmUpThanThePlanGetsItAndOnlyTheMeasuredRoundsCount() throws Exception {
        java.util.concurrent.atomic.AtomicInteger setsOfBx = new java.util.concurrent.atomic.AtomicInteger();
        ScriptedDriver driver = new ScriptedDriver(run -> List.of(scripted("a/x", 1000, 1200), scripted("a/y", 1100),
                counted(scripted("b/x", 1000), setsOfBx), scripted("b/y", 2000)));
        driver.minWarmupRounds = 3;
        GroupResult result = engine(GateMode.RECORD, PLAN).run(driver);
        // One set a sample (no minimum duration): 3 warm-up rounds, then the plan's 8 recorded ones, which alone count.
        assertThat(setsOfBx).hasValue(3 + 8);
        assertThat(result.samples().stream().filter(s -> s.workload().equals("b/x"))).hasSize(8);
        assertThat(PLAN.withWarmupAtLeast(0).warmupRounds()).as("never fewer than the plan's").isEqualTo(1);
    }

    @Test
    void aBaselineThatDoesNotReadFailsBeforeAnyServerStarts() throws Exception {
        java.nio.file.Files.writeString(dir.resolve("b.json"), "{ not json");
        ScriptedDriver driver = new ScriptedDriver(run -> workloads());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> engine(GateMode.JUDGE, PLAN).run(driver))
                .isInstanceOf(io.github.zkrpcperfgate.baseline.BaselineException.class)
                .hasMessageContaining("b.json");
        assertThat(driver.events).containsExactly("close");
    }

    @Test
    void latenciesOutsideTheHistogramAreCountedAndNamedNotClampedSilently() throws Exception {
        Workload negative = new Workload() {
            @Override
            public String name() {
                return "s/negative";
            }

            @Override
            public int operationsPerSet() {
                return 3;
            }

            @Override
            public void runSet(LatencyRecorder latencies) {
                for (int i = 0; i < 3; i++) {
                    latencies.recordNanos(-1);
                }
                clock.addAndGet(1_000);
            }

            @Override
            public void resetAfterSet() {
            }
        };
        io.github.zkrpcperfgate.measure.Trial trial = new io.github.zkrpcperfgate.measure.Trial(
                List.of(negative, scripted("s/fine", 10)), PLAN, QUIET, clock::get);
        trial.runRounds(2, 2);
        assertThat(GateRun.outOfRangeLatencies(trial.rounds())).singleElement().asString()
                .startsWith("⚠ s/negative: 6 latencies outside the histogram's range");
    }

    /** Four recording runs; b/x is 2x as fast as b/y in all but the last, where it is {@code lastSpeedup}x. */
    private GroupResult recordFourRuns(GateMode mode, double lastSpeedup) throws Exception {
        long[] bxMicros = {1000, 990, 1010, Math.round(2000 / lastSpeedup)};
        return engine(mode, PLAN.withRecordRuns(4)).run(new ScriptedDriver(run -> List.of(scripted("a/x", 1000),
                scripted("a/y", 1000), scripted("b/x", bxMicros[run - 1]), scripted("b/y", 2000))));
    }

    @Test
    void aRecordingRunFarFromTheOthersIsRefusedUnlessAcceptedAndNothingIsWritten() throws Exception {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> recordFourRuns(GateMode.RECORD, 4.0))
                .hasMessageContaining("b.json not written")
                .hasMessageContaining("b / xOverY: run 4 of 4 (sitting ").hasMessageContaining(") measured 4")
                .hasMessageContaining("-Dperf.baselines.acceptOutliers=true");
        assertThat(java.nio.file.Files.exists(dir.resolve("b.json"))).isFalse();
        recordFourRuns(GateMode.RECORD_ACCEPTING_OUTLIERS, 4.0);
        assertThat(BaselineStore.read(dir.resolve("b.json")).figure(new FigureKey("b", "xOverY")).runMedians()).hasSize(4);
    }

    /** Two recording runs in a sitting of their own; b/x takes {@code bxMicros} against b/y's 2000. */
    private GroupResult recordASitting(GateMode mode, long bxMicros) throws Exception {
        return engine(mode, PLAN.withRecordRuns(2)).run(new ScriptedDriver(run -> List.of(scripted("a/x", 1000),
                scripted("a/y", 1000), scripted("b/x", bxMicros), scripted("b/y", 2000))));
    }

    @Test
    void aLaterSittingPoolsItsRunsWithTheEarlierOnesSoTheBandCoversTheDriftBetweenThem() throws Exception {
        Path file = dir.resolve("b.json");
        recordASitting(GateMode.RECORD, 1000); // b: 2.0
        RecordingLedger first = RecordingLedger.read(RecordingLedger.beside(file));
        assertThat(first.runs()).hasSize(2);
        assertThat(first.units()).containsEntry(new FigureKey("b", "xOverY"), "ratio");
        assertThat(BaselineStore.read(file).figure(new FigureKey("b", "xOverY")).band().high())
                .isCloseTo(3.0, org.assertj.core.api.Assertions.within(1e-9)); // the 1.5 floor around 2.0

        // Hours later, on a slower day: b/x 1.25x slower, b's ratio 1.6 in both runs.
        GroupResult last = recordASitting(GateMode.RECORD.addingSitting(), 1250);
        BaselineFigure b = BaselineStore.read(file).figure(new FigureKey("b", "xOverY"));
        assertThat(b.runMedians()).containsExactly(2.0, 2.0, 1.6, 1.6);
        assertThat(b.rounds()).isEqualTo(32);
        assertThat(b.expected()).isCloseTo(1.8, org.assertj.core.api.Assertions.within(1e-9)); // the median run, between the sittings
        RecordingLedger both = RecordingLedger.read(RecordingLedger.beside(file));
        assertThat(both.runs()).hasSize(4);
        assertThat(both.sittings()).hasSize(2);
        assertThat(BaselineStore.read(file).scenarios().get("b").environment())
                .containsEntry(Recording.RECORDED_FROM, "4 runs in 2 sitting(s)");
        assertThat(last.baselineChanges()).anySatisfy(line -> assertThat(line).contains("4 runs: 2, 2, 1.6, 1.6"));
    }

    @Test
    void fromThreeSittingsOnTheBandHoldsWhereANewSittingMayFallAndARederivationStartsNoServer() throws Exception {
        Path file = dir.resolve("b.json");
        recordASitting(GateMode.RECORD, 1000); // b: 2.0
        recordASitting(GateMode.RECORD.addingSitting(), 1250); // 1.6
        recordASitting(GateMode.RECORD.addingSitting(), 800); // 2.5
        BaselineFigure b = BaselineStore.read(file).figure(new FigureKey("b", "xOverY"));
        assertThat(b.sittingMedians()).containsExactly(2.0, 1.6, 2.5);
        assertThat(b.expected()).isCloseTo(2.0, org.assertj.core.api.Assertions.within(1e-9));
        // Runs reach 2.5 / 2 = 1.25, under the 1.5 floor; three sittings this far apart predict a
        // new one anywhere within x/3.03 (t 4.303 on 2 degrees of freedom: three sittings know little).
        double reach = io.github.zkrpcperfgate.verdict.BandPolicy.newSittingReach(2.0, List.of(2.0, 1.6, 2.5));
        assertThat(reach).isCloseTo(3.03, org.assertj.core.api.Assertions.within(0.01));
        assertThat(b.band().high()).isCloseTo(2.0 * reach, org.assertj.core.api.Assertions.within(0.01));

        // Hand-narrow the stored band: a re-derivation measures nothing and writes the policy's band again.
        Baselines stored = BaselineStore.read(file);
        BaselineStore.write(BaselineUpdate.apply(stored, Map.of(new FigureKey("b", "xOverY"), new BaselineFigure(b.unit(),
                b.direction(), b.expected(), Band.around(2.0, 1.5), b.intervalLow(), b.intervalHigh(), b.rounds(),
                b.runMedians())), Map.of()).updated());
        ScriptedDriver driver = new ScriptedDriver(run -> workloads());
        GroupResult rederived = engine(GateMode.REDERIVE, PLAN).run(driver);
        assertThat(driver.events).containsExactly("close");
        assertThat(BaselineStore.read(file).figure(new FigureKey("b", "xOverY"))).isEqualTo(b);
        assertThat(rederived.baselineChanges()).anySatisfy(line -> assertThat(line).contains("b / xOverY"));
    }

    @Test
    void aRederivationWithoutRecordedRunsFailsNamingTheLedger() {
        ScriptedDriver driver = new ScriptedDriver(run -> workloads());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> engine(GateMode.REDERIVE, PLAN).run(driver))
                .isInstanceOf(io.github.zkrpcperfgate.baseline.BaselineException.class)
                .hasMessageContaining("recordings");
        assertThat(driver.events).containsExactly("close");
    }

    @Test
    void addingASittingWithoutAnEarlierOneFailsBeforeAnyServerStarts() {
        ScriptedDriver driver = new ScriptedDriver(run -> workloads());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> engine(GateMode.RECORD.addingSitting(), PLAN).run(driver))
                .isInstanceOf(io.github.zkrpcperfgate.baseline.BaselineException.class)
                .hasMessageContaining("recordings").hasMessageContaining("no earlier sitting to add to");
        assertThat(driver.events).containsExactly("close");
    }

    @Test
    void aSittingOnOtherSoftwareDoesNotPoolWithTheEarlierOnes() throws Exception {
        recordASitting(GateMode.RECORD, 1000);
        Path ledgerFile = RecordingLedger.beside(dir.resolve("b.json"));
        RecordingLedger ledger = RecordingLedger.read(ledgerFile);
        RecordingLedger.Run run = ledger.runs().get(0);
        java.util.SortedMap<String, String> otherJvm = new TreeMap<>(run.environment());
        otherJvm.put("jvm", "another JVM");
        new RecordingLedger(ledgerFile, ledger.units(), List.of(new RecordingLedger.Run(run.sitting(), run.rounds(), otherJvm,
                run.perRound(), run.probeP50s(), run.fsyncP99s()))).write();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> recordASitting(GateMode.RECORD.addingSitting(), 1000))
                .isInstanceOf(io.github.zkrpcperfgate.baseline.BaselineException.class)
                .hasMessageContaining("measures elsewhere than the earlier ones").hasMessageContaining("jvm \"another JVM\"");
    }

    @Test
    void busyRoundsAreLeftOutOfARecordingAndMadeUpFor() throws Exception {
        Path file = dir.resolve("b.json");
        // Every 4th round disturbed: 8 rounds hold 6 quiet ones, so 2 (then 1 more) are added for 8 quiet.
        GroupResult recorded = new GateRun("test", source(file), GateMode.RECORD, PLAN, QUIET, clock::get)
                .run(Baselines.empty(file), withProbes(cpuProbes(100, 100, 100, 160)), figures, new TreeMap<>());
        long measured = recorded.samples().stream().filter(s -> s.workload().equals("b/x") && s.round() >= 0).count();
        assertThat(measured).isBetween(10L, 11L);
        assertThat(BaselineStore.read(file).figure(new FigureKey("b", "xOverY")).rounds()).isEqualTo(8);
    }
}
