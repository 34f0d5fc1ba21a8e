package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.gate.GateRun;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.hadooprpc.RpcGate;
import io.github.zkrpcperfgate.hadooprpc.RpcScenario;
import io.github.zkrpcperfgate.hadooprpc.RpcScenarios;
import io.github.zkrpcperfgate.junit.GatedPerfTest;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.report.GroupResult;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;

/**
 * The seed's question, guarded: does a Hadoop RPC server get faster with more reader threads,
 * or more handler threads, for calls carrying 200,000 strings while handlers sleep 100 ms?
 * (The catalogue is {@link RpcScenarios}.)
 */
@DisplayName("Hadoop RPC server threading (handlers x readers)")
class HadoopRpcThreadingPerfIT extends GatedPerfTest {

    private static final List<RpcScenario> SELECTED = RpcScenarios.all().stream()
            .filter(s -> SETTINGS.selects(s.name()))
            .toList();

    @Override
    protected GroupResult measure() throws Exception {
        Assumptions.assumeFalse(SELECTED.isEmpty(), "no Hadoop RPC scenario matches -Dperf.scenarios=" + SETTINGS.scenarioGlobs());
        GateRun gate = new GateRun("hadoop-rpc", SETTINGS.baseline(RpcScenarios.BASELINE_FILE),
                SETTINGS.gateMode(), SETTINGS.plan(PerfSettings.DEFAULT_PLAN), Progress.toStdout());
        gate.checkBeforeStart(RpcScenarios.figures(SELECTED), RpcScenarios.figures(RpcScenarios.all()));
        // RpcGate.run starts servers of its own each time; the cross-check runs once, with the reported run.
        return gate.runAll((run, last) -> RpcGate.run("hadoop-rpc", SELECTED, gate, gate.readBaselines(),
                Injection.parse(SETTINGS.inject()), SETTINGS.profile().crossCheck() && last));
    }
}
