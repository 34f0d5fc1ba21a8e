package io.github.zkrpcperfgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.gate.GateMode;
import io.github.zkrpcperfgate.gate.GateRun;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfProfile;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.hadooprpc.RpcGate;
import io.github.zkrpcperfgate.hadooprpc.RpcScenario;
import io.github.zkrpcperfgate.hadooprpc.RpcScenarios;
import io.github.zkrpcperfgate.junit.GateAssertions;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.report.GroupResult;
import io.github.zkrpcperfgate.selfcheck.CpuHog;
import io.github.zkrpcperfgate.selfcheck.InjectionCase;
import io.github.zkrpcperfgate.selfcheck.SelfCheckCatalogue;
import io.github.zkrpcperfgate.selfcheck.SelfCheckReport;
import io.github.zkrpcperfgate.selfcheck.SelfCheckTally;
import io.github.zkrpcperfgate.zookeeper.EnsembleSpec;
import io.github.zkrpcperfgate.zookeeper.WriteModeGate;
import io.github.zkrpcperfgate.zookeeper.WriteModeScenarios;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code ./mvnw verify -Pselfcheck}: is the gate worth trusting? Runs each scenario group K times
 * unchanged (every failure is a false alarm), once more beside a CPU hog (must pass, may take
 * more rounds), and once per injected slowdown of {@link SelfCheckCatalogue} (each targeted
 * figure slowed 1.5× or more must fail). Writes target/perf-report/selfcheck.{json,md}.
 */
@DisplayName("Gate self-check: false alarms, a noisy neighbour, injected slowdowns")
class SelfCheckIT {

    private static final PerfSettings SETTINGS = PerfSettings.fromSystemProperties();
    private static final int RUNS = Integer.getInteger("perf.selfcheck.runs", 10);
    private static final int OPS = Integer.getInteger("perf.zk.ops", WriteModeScenarios.DEFAULT_OPS);

    private final SelfCheckTally tally = new SelfCheckTally(
            SETTINGS.profile() == PerfProfile.QUICK ? GateAssertions.QUICK_DISTURBED_ALLOWED : 0);
    private final long started = System.nanoTime();

    @Test
    @DisplayName("no false alarm in K unchanged runs, none beside a CPU hog, every >= 1.5x slowdown caught")
    void theGateIsWorthTrusting() throws Exception {
        List<EnsembleSpec> ensembles = WriteModeScenarios.ensembles(System.getProperty("perf.zk.connect")).stream()
                .filter(s -> SETTINGS.selects(s.scenario())).toList();
        List<RpcScenario> rpc = RpcScenarios.all().stream().filter(s -> SETTINGS.selects(s.name())).toList();

        // One unchanged run first, as the reference the slowdowns are measured against, then the
        // neighbour and the injections, then the other unchanged runs: a self-check cut short
        // (the machine's time is finite) still answers every question, with fewer runs.
        unchangedRun(1, ensembles, rpc);
        try (CpuHog hog = CpuHog.start(0)) {
            if (!ensembles.isEmpty()) {
                tally.noise(zooKeeper(ensembles, Injection.none()), hog.description());
                save();
            }
            if (!rpc.isEmpty()) {
                tally.noise(hadoopRpc(rpc, Injection.none()), hog.description());
                save();
            }
        }
        for (InjectionCase c : SelfCheckCatalogue.all()) {
            Predicate<String> inCase = name -> c.scenarios().contains(name) && SETTINGS.selects(name);
            System.out.println("[perf] self-check: injecting " + c.name() + " (" + c.inject() + ")");
            try {
                GroupResult result = c.zooKeeper()
                        ? zooKeeper(ensembles.stream().filter(s -> inCase.test(s.scenario())).toList(), Injection.parse(c.inject()))
                        : hadoopRpc(rpc.stream().filter(s -> inCase.test(s.name())).toList(), Injection.parse(c.inject()));
                tally.injected(c, result);
            } catch (UnsupportedOperationException e) {
                tally.skipped(c, e.getMessage()); // e.g. zk.cpus on a backend that cannot limit CPU
            }
            save();
        }
        for (int run = 2; run <= RUNS; run++) {
            unchangedRun(run, ensembles, rpc);
        }
        assertThat(tally.problems())
                .as("the gate's self-check goals (see %s)", SETTINGS.reportDir().resolve(SelfCheckReport.MARKDOWN))
                .isEmpty();
    }

    private void unchangedRun(int run, List<EnsembleSpec> ensembles, List<RpcScenario> rpc) throws Exception {
        System.out.println("[perf] self-check: unchanged run " + run + " of " + RUNS);
        if (!ensembles.isEmpty()) {
            tally.unchanged(zooKeeper(ensembles, Injection.none()));
            save();
        }
        if (!rpc.isEmpty()) {
            tally.unchanged(hadoopRpc(rpc, Injection.none()));
            save();
        }
    }

    private GroupResult zooKeeper(List<EnsembleSpec> specs, Injection injection) throws Exception {
        if (specs.isEmpty()) {
            throw new UnsupportedOperationException("none of its scenarios is selected by -Dperf.scenarios");
        }
        return WriteModeGate.runOnFreshEnsembles("zookeeper", specs, backend -> new GateRun("zookeeper",
                SETTINGS.baseline(WriteModeScenarios.baselineFile(backend)), GateMode.JUDGE,
                SETTINGS.plan(PerfSettings.DEFAULT_PLAN), Progress.toStdout()), OPS, injection);
    }

    private GroupResult hadoopRpc(List<RpcScenario> scenarios, Injection injection) throws Exception {
        if (scenarios.isEmpty()) {
            throw new UnsupportedOperationException("none of its scenarios is selected by -Dperf.scenarios");
        }
        GateRun gate = new GateRun("hadoop-rpc", SETTINGS.baseline(RpcScenarios.BASELINE_FILE), GateMode.JUDGE,
                SETTINGS.plan(PerfSettings.DEFAULT_PLAN), Progress.toStdout());
        // No RPCCallBenchmark cross-check: it judges our client, not the gate, and would add ~15 s a run.
        return RpcGate.run("hadoop-rpc", scenarios, gate, gate.readBaselines(), injection, false);
    }

    private void save() throws Exception {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        SelfCheckReport.write(SETTINGS.reportDir(), tally, RUNS, elapsed);
    }
}
