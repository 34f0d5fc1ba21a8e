package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.gate.GateRun;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.junit.GatedPerfTest;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.report.GroupResult;
import io.github.zkrpcperfgate.zookeeper.Backend;
import io.github.zkrpcperfgate.zookeeper.EnsembleGroup;
import io.github.zkrpcperfgate.zookeeper.EnsembleSpec;
import io.github.zkrpcperfgate.zookeeper.WriteModeGate;
import io.github.zkrpcperfgate.zookeeper.WriteModeScenarios;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The seed's question, guarded: 10,000 creates with the sync API, the async API and one multi,
 * on 1 and 5 servers (the catalogue is {@link WriteModeScenarios}).
 */
@Testcontainers
@DisplayName("ZooKeeper write modes (sync, async, multi) on 1 and 5 servers")
class ZooKeeperWriteModesPerfIT extends GatedPerfTest {

    private static final Injection INJECTION = Injection.parse(SETTINGS.inject());
    private static final int OPS = Integer.getInteger("perf.zk.ops", WriteModeScenarios.DEFAULT_OPS);

    private static final List<EnsembleSpec> SELECTED = WriteModeScenarios.ensembles(System.getProperty("perf.zk.connect"))
            .stream()
            .filter(spec -> SETTINGS.selects(spec.scenario()))
            .map(spec -> WriteModeGate.injected(spec, INJECTION))
            .toList();

    /**
     * Started and stopped with the class by the Testcontainers extension, whatever the backend;
     * the backend's baseline is read and checked against the catalogue before any server starts.
     */
    @Container
    static final EnsembleGroup ENSEMBLES = EnsembleGroup.fromSystemProperties(SELECTED)
            .beforeStart(backend -> gate(backend).checkBeforeStart(
                    WriteModeScenarios.figures(SELECTED.stream().map(EnsembleSpec::scenario).toList()),
                    WriteModeScenarios.catalogue(System.getProperty("perf.zk.connect"))));

    /**
     * One baseline per backend on each testbed: the same ensemble measures differently through
     * Docker's bridge than over loopback (5-node sync p50 0.85 ms vs 0.64 ms here).
     */
    private static GateRun gate(Backend backend) {
        return new GateRun("zookeeper", SETTINGS.baseline(WriteModeScenarios.baselineFile(backend)),
                SETTINGS.gateMode(), SETTINGS.plan(PerfSettings.DEFAULT_PLAN), Progress.toStdout());
    }

    @Override
    protected GroupResult measure() throws Exception {
        Assumptions.assumeFalse(SELECTED.isEmpty(), "no ZooKeeper scenario matches -Dperf.scenarios=" + SETTINGS.scenarioGlobs());
        GateRun gate = gate(ENSEMBLES.backend());
        return gate.runAll((run, last) -> {
            if (run > 1) {
                ENSEMBLES.restart(); // each recording run on servers of its own: new containers, a new election
            }
            return WriteModeGate.run("zookeeper", ENSEMBLES, gate, gate.readBaselines(), OPS, INJECTION);
        });
    }
}
