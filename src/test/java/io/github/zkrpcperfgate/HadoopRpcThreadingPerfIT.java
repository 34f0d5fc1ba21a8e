package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.gate.GateRun;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.hadooprpc.RpcGate;
import io.github.zkrpcperfgate.hadooprpc.RpcScenario;
import io.github.zkrpcperfgate.hadooprpc.RpcScenarios;
import io.github.zkrpcperfgate.junit.GateAssertions;
import io.github.zkrpcperfgate.junit.PerfReports;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.report.FigureResult;
import io.github.zkrpcperfgate.report.GroupResult;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The seed's question, guarded: does a Hadoop RPC server get faster with more reader threads,
 * or more handler threads, for calls carrying 200,000 strings while handlers sleep 100 ms?
 * Every gated figure is one parameterised test.
 */
@DisplayName("Hadoop RPC server threading (handlers x readers)")
class HadoopRpcThreadingPerfIT {

    private static final PerfSettings SETTINGS = PerfSettings.fromSystemProperties();
    private static final List<RpcScenario> SELECTED = RpcScenarios.all().stream()
            .filter(s -> SETTINGS.selects(s.name()))
            .toList();

    private static GroupResult result;

    @BeforeAll
    static void measure() throws Exception {
        Assumptions.assumeFalse(SELECTED.isEmpty(), "no Hadoop RPC scenario matches -Dperf.scenarios=" + SETTINGS.scenarioGlobs());
        GateRun gate = new GateRun("hadoop-rpc", SETTINGS.baselinesDir().resolve("hadoop-rpc.json"),
                SETTINGS.updateBaselines(), SETTINGS.plan(PerfSettings.DEFAULT_PLAN), Progress.toStdout());
        Baselines baselines = gate.readBaselines();
        result = RpcGate.run("hadoop-rpc", SELECTED, gate, baselines, Injection.parse(SETTINGS.inject()));
        PerfReports.shared(SETTINGS).add(result);
    }

    static Stream<Named<FigureResult>> gatedFigures() {
        return result.figures().stream().map(GateAssertions::named);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gatedFigures")
    @DisplayName("stays within its baseline band")
    void staysWithinItsBaselineBand(FigureResult figure) {
        GateAssertions.assertWithinBaseline(figure);
    }
}
