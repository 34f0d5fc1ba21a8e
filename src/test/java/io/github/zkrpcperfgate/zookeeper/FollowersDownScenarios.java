package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.gate.ScenarioFamily;
import io.github.zkrpcperfgate.verdict.Direction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A 5-server ensemble as it runs while servers are down for maintenance or lost: 1 and then 2
 * followers stopped once it has formed (3 of 5 is still a quorum), beside the same ensemble with
 * every server up, all three measured in the same rounds. Each write mode is gated as its
 * throughput with followers down over the healthy ensemble's ({@code <mode>OverAllUp}), with the
 * usual sync latencies. With 2 down the leader needs every follower left to acknowledge each
 * write: the ensemble has no spare, and one slow follower slows every write
 * ({@code -Dperf.inject=zk.slowFollowerFsyncUs=N}, the family's injection). Full profile only.
 */
public final class FollowersDownScenarios implements ScenarioFamily {

    /** The scenario group: its report section and the prefix of its baseline files. */
    public static final String GROUP = "zookeeper-degraded";

    public static final String ALL_UP = "zk-5node-all-up";
    public static final String ONE_DOWN = "zk-5node-1-down";
    public static final String TWO_DOWN = "zk-5node-2-down";

    private static final WriteModeFamily FAMILY = new DegradedFigures();

    /** For {@code @PerfGate} and {@link java.util.ServiceLoader}; the catalogue itself is static. */
    public FollowersDownScenarios() {
    }

    @Override
    public List<String> scenarioNames() {
        return FAMILY.scenarios();
    }

    /** Every figure a baseline file of this family may hold. */
    public static List<GatedFigure> catalogue() {
        return FAMILY.catalogue();
    }

    /** The healthy ensemble and the two degraded ones, each of 5 servers. */
    public static List<EnsembleSpec> ensembles() {
        return List.of(EnsembleSpec.of(ALL_UP, 5), EnsembleSpec.of(ONE_DOWN, 5).withFollowersDown(1),
                EnsembleSpec.of(TWO_DOWN, 5).withFollowersDown(2));
    }

    @Override
    public ScenarioDriver driver(PerfSettings settings, Injection injection) {
        return driverRunning(settings, injection, ServerRuntime.versionUnderTest());
    }

    @Override
    public Optional<String> releaseUnderTest(String versionProperty) {
        return WriteModeScenarios.releaseOf(versionProperty);
    }

    @Override
    public Optional<ScenarioDriver> driverOf(PerfSettings settings, Injection injection, String versionProperty,
                                             String release) {
        return WriteModeScenarios.referenceDriver(versionProperty, release, () -> driverRunning(settings, injection, release));
    }

    /**
     * The selected ensembles, with the healthy one whenever a degraded one runs (every figure is
     * read against it); none against an external ensemble, whose servers this suite cannot stop.
     */
    private static ScenarioDriver driverRunning(PerfSettings settings, Injection injection, String release) {
        String connect = System.getProperty("perf.zk.connect", "");
        List<EnsembleSpec> selected = connect.isBlank() ? selection(settings, release) : List.of();
        return new WriteModeDriver(FAMILY, selected, Backend.parse(System.getProperty("perf.zk.backend", "auto")), connect,
                SlowLinkScenarios.opsPerSet(Integer.getInteger("perf.zk.ops", WriteModeScenarios.DEFAULT_OPS)), injection);
    }

    static List<EnsembleSpec> selection(PerfSettings settings, String release) {
        boolean anyDegraded = settings.selects(ONE_DOWN) || settings.selects(TWO_DOWN);
        return ensembles().stream().filter(s -> settings.selects(s.scenario()) || (anyDegraded && s.scenario().equals(ALL_UP)))
                .map(s -> s.withRelease(release)).toList();
    }

    /** The figures of the degraded ensembles, each read against the healthy one measured in the same round. */
    record DegradedFigures() implements WriteModeFamily {

        @Override
        public String group() {
            return GROUP;
        }

        @Override
        public List<String> scenarios() {
            return List.of(ALL_UP, ONE_DOWN, TWO_DOWN);
        }

        @Override
        public int minWarmupRounds() {
            return STEADY_STATE_WARMUP_ROUNDS;
        }

        @Override
        public List<GatedFigure> figures(List<String> selected) {
            List<GatedFigure> figures = new ArrayList<>();
            if (!selected.contains(ALL_UP)) {
                return figures;
            }
            for (String s : List.of(ONE_DOWN, TWO_DOWN)) {
                if (!selected.contains(s)) {
                    continue;
                }
                String sync = WriteModeScenarios.workloadName(s, WriteMode.SYNC);
                String healthySync = WriteModeScenarios.workloadName(ALL_UP, WriteMode.SYNC);
                // Sync throughput with followers down over the healthy ensemble's, each less one fsync
                // (the disk's, the environment's): a commit that waits longer for its quorum lowers it.
                figures.add(GatedFigure.timeRatioLessProbe(s, "syncOverAllUp", healthySync, sync, true, FsyncProbe.NAME,
                        WriteModeScenarios.FSYNC, Direction.HIGHER_IS_BETTER, WriteModeScenarios.RATIO_MIN_BAND));
                for (WriteMode mode : List.of(WriteMode.ASYNC, WriteMode.MULTI)) {
                    // Pipelined writes are CPU work on two shared cores: fewer servers leave more of it.
                    figures.add(GatedFigure.throughputRatio(s, mode.label() + "OverAllUp", WriteModeScenarios.workloadName(s, mode),
                            WriteModeScenarios.workloadName(ALL_UP, mode), WriteModeScenarios.CPU_BOUND_RATIO_MIN_BAND));
                }
                figures.add(GatedFigure.latencyAboveProbe(s, "syncP50", sync, 50, FsyncProbe.NAME, WriteModeScenarios.FSYNC,
                        Calibration.CPU, WriteModeScenarios.SYNC_MEDIAN_MIN_BAND));
                figures.add(GatedFigure.latencyAboveProbe(s, "syncP99", sync, 99, FsyncProbe.NAME, WriteModeScenarios.FSYNC,
                        Calibration.CPU, WriteModeScenarios.SYNC_TAIL_MIN_BAND));
            }
            return figures;
        }
    }
}
