package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.calibration.OwnCpu;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.Measurement;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.gate.ScenarioFamily;
import io.github.zkrpcperfgate.measure.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The leader of a 5-server ensemble killed while writes flow ({@link FailoverTrial}, one failover
 * a round): how long until the servers left have a leader again, how long no write succeeded,
 * and how long the killed server, restarted, takes to catch up, all gated as ceilings in ms on
 * the testbed (what users wait for is timeouts, an election and a server's start, not CPU work
 * alone). An acknowledged write lost fails the run outright. Full profile only; no external
 * ensemble (its leader is not ours to kill).
 */
public final class LeaderFailoverScenarios implements ScenarioFamily {

    /** The scenario group: its report section and the prefix of its baseline files. */
    public static final String GROUP = "zookeeper-failover";
    public static final String FAILOVER = "zk-5node-failover";

    /**
     * An election and a reconnect are a handful of timed waits (200 ms to finalise a vote, up to a
     * second before the client tries again), so a round's value moves with where in those waits the
     * kill fell: ×/÷2 at the least for the window without writes, gross regressions only (the
     * election's own floor is {@link #ELECTION_MIN_BAND}, measured since). A
     * rejoin is mostly a JVM's start in a container, CPU work that follows the host's speed
     * (1.3-1.9× between hours here), so it gets the same.
     */
    static final double FAILOVER_MIN_BAND = 2.0;
    /**
     * The election's ceiling is nearer, ×/1.6: measured (self-check 12, 2026-12-04, against a centre
     * of 519 ms recorded in the host's slow state), unchanged runs read 445–774 ms (0.86–1.49×; the
     * lower ends of their 95% intervals at most 1.02×) and a run beside a CPU hog 797 ms (1.54×,
     * lower end 1.44×), while servers a WAN apart (100 ms more each way between them) read 1,008 ms
     * (1.94×, lower end 1.82× after 12 rounds), which ×/2 let through. 1.6 lies between the hog's
     * lower end and the WAN's, 11% and 14% from each.
     */
    static final double ELECTION_MIN_BAND = 1.6;

    /** For {@code @PerfGate} and {@link java.util.ServiceLoader}; the catalogue itself is static. */
    public LeaderFailoverScenarios() {
    }

    @Override
    public List<String> scenarioNames() {
        return List.of(FAILOVER);
    }

    /** Every figure a baseline file of this family may hold. */
    public static List<GatedFigure> catalogue() {
        return figures(List.of(FAILOVER));
    }

    static List<GatedFigure> figures(List<String> selected) {
        if (!selected.contains(FAILOVER)) {
            return List.of();
        }
        String trial = FailoverTrial.workloadName(FAILOVER);
        return List.of(
                GatedFigure.observedMillis(FAILOVER, FailoverTrial.ELECTION, trial, FailoverTrial.ELECTION, ELECTION_MIN_BAND),
                GatedFigure.observedMillis(FAILOVER, FailoverTrial.UNAVAILABLE, trial, FailoverTrial.UNAVAILABLE, FAILOVER_MIN_BAND),
                GatedFigure.observedMillis(FAILOVER, FailoverTrial.REJOIN, trial, FailoverTrial.REJOIN, FAILOVER_MIN_BAND));
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

    private static ScenarioDriver driverRunning(PerfSettings settings, Injection injection, String release) {
        boolean external = !System.getProperty("perf.zk.connect", "").isBlank();
        List<EnsembleSpec> selected = external || !settings.selects(FAILOVER) ? List.of()
                : List.of(WriteModeDriver.injected(EnsembleSpec.of(FAILOVER, 5).withRelease(release), injection));
        return new Driver(selected, new EnsembleGroup(selected, Backend.parse(System.getProperty("perf.zk.backend", "auto")), ""),
                injection, release);
    }

    /** Starts the ensemble; each run connects the calibration probes and the failover trial to it. */
    private record Driver(List<EnsembleSpec> selected, EnsembleGroup ensembles, Injection injection, String release)
            implements ScenarioDriver {

        @Override
        public String group() {
            return GROUP;
        }

        @Override
        public List<GatedFigure> figures() {
            return LeaderFailoverScenarios.figures(selected.stream().map(EnsembleSpec::scenario).toList());
        }

        @Override
        public List<GatedFigure> catalogue() {
            return LeaderFailoverScenarios.catalogue();
        }

        @Override
        public String baselineFile() {
            return GROUP + "-" + ensembles.resolveBackend().jsonName() + ".json";
        }

        @Override
        public void start() {
            ensembles.start();
        }

        @Override
        public void restart() {
            ensembles.restart();
        }

        @Override
        public void close() {
            ensembles.stop();
        }

        @Override
        public List<String> deadServers() {
            return ensembles.ensembles().stream().flatMap(e -> e.deadServers().stream()).toList();
        }

        @Override
        public Measurement measure(boolean reported) throws Exception {
            ZooKeeperEnsemble ensemble = ensembles.ensembles().get(0);
            OwnCpu servers = ensembles.ensembles().stream().map(ZooKeeperEnsemble::serverCpu).reduce(OwnCpu.none(), OwnCpu::plus);
            CalibrationProbes probes = new CalibrationProbes(ensemble.fsyncProbe(0).requireDisk(), servers);
            List<Workload> workloads = new ArrayList<>(probes.workloads());
            workloads.add(new FailoverTrial(FAILOVER, ensemble, release, "/zk-rpc-perfgate-" + Leftovers.ownerPid()));
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("backend", ensembles.backend().jsonName());
            facts.put("zookeeperVersion", release);
            facts.put("zookeeperServerRuntime", ServerRuntime.describe(release, ServerRuntime.jars(release)));
            facts.put("failoverWrites", FailoverTrial.RATE + " async creates/s, the leader killed after "
                    + FailoverTrial.BEFORE.toMillis() + " ms, restarted " + FailoverTrial.AFTER.toMillis()
                    + " ms after the new leader; the next trial on the same ensemble");
            facts.put("fsyncProbe", probes.fsyncWhere());
            if (ensembles.backend() == Backend.DOCKER) {
                facts.put("baseImage", ZooKeeperImage.baseImage());
            }
            if (!injection.isEmpty()) {
                facts.put("injected", injection.toString());
            }
            return Measurement.of(workloads, facts, probes);
        }
    }
}
