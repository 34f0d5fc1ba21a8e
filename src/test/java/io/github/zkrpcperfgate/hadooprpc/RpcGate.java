package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.gate.GateRun;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.measure.EnvironmentFingerprint;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.report.GroupResult;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.verdict.Figures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.VersionInfo;

/**
 * Measures every selected RPC scenario on its server configurations in one trial: all servers
 * run side by side in this JVM (idle ones cost nothing) so rounds interleave them, then Hadoop's
 * own RPCCallBenchmark runs once as a cross-check of our client.
 */
public final class RpcGate {

    /** {@code -Dperf.inject=rpc.maxHandlers=N}: configurations meant to have more handlers get N. */
    public static final String INJECT_MAX_HANDLERS = "rpc.maxHandlers";
    /** {@code -Dperf.inject=rpc.handlerDelayMs=N}: every handler works N ms longer per call. */
    public static final String INJECT_HANDLER_DELAY = "rpc.handlerDelayMs";
    /** {@code -Dperf.inject=rpc.tcpNoDelay=false}: Nagle's algorithm on, both sides. */
    public static final String INJECT_TCP_NODELAY = "rpc.tcpNoDelay";

    /** The cross-check's setting: Hadoop's benchmark sends one message of this size and does not sleep. */
    static final RpcCallBenchmarkCrossCheck.Setting CROSS_CHECK = new RpcCallBenchmarkCrossCheck.Setting(10, 1, 10, 8, 5);
    static final String CROSS_CHECK_WORKLOAD = "rpc-crosscheck/h10r1";

    private static final Duration SET_TIMEOUT = Duration.ofMinutes(3);

    private RpcGate() {
    }

    /** @param crossCheck whether Hadoop's RPCCallBenchmark runs once afterwards (a child JVM, ~15 s) */
    public static GroupResult run(String group, List<RpcScenario> scenarios, GateRun gate, Baselines baselines,
                                  Injection injection, boolean crossCheck) throws Exception {
        injection.requireKnown("rpc.", Set.of(INJECT_MAX_HANDLERS, INJECT_HANDLER_DELAY, INJECT_TCP_NODELAY));
        Configuration conf = RpcConfig.create();
        injection.get(INJECT_TCP_NODELAY).ifPresent(v -> {
            conf.setBoolean("ipc.client.tcpnodelay", Boolean.parseBoolean(v));
            conf.setBoolean("ipc.server.tcpnodelay", Boolean.parseBoolean(v));
        });
        List<BenchServer> servers = new ArrayList<>();
        List<BenchClient> clients = new ArrayList<>();
        try (CalibrationProbes probes = new CalibrationProbes()) {
            List<Workload> workloads = new ArrayList<>(probes.workloads());
            for (RpcScenario scenario : scenarios) {
                for (RpcServerSpec spec : scenario.servers()) {
                    workloads.add(start(scenario.workloadName(spec), injected(spec, injection), scenario.loadFor(spec),
                            conf, servers, clients));
                }
            }
            if (crossCheck) {
                RpcServerSpec crossCheckSpec = RpcServerSpec.of(RpcEngineKind.PROTOBUF, CROSS_CHECK.handlers(),
                        CROSS_CHECK.readers(), Duration.ZERO);
                workloads.add(start(CROSS_CHECK_WORKLOAD, injected(crossCheckSpec, injection),
                        new RpcLoadSpec(100, CROSS_CHECK.clientThreads(), 1, CROSS_CHECK.messageBytes(), false), conf,
                        servers, clients));
            }

            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("hadoopVersion", VersionInfo.getVersion());
            facts.put("rpcServer", "in-JVM, 127.0.0.1");
            if (!injection.isEmpty()) {
                facts.put("injected", injection.toString());
            }
            GroupResult result = gate.run(baselines, workloads, RpcScenarios.figures(scenarios),
                    EnvironmentFingerprint.capture(facts));
            return crossCheck ? result.withNote(crossCheckNote(result)) : result;
        } finally {
            clients.forEach(BenchClient::close);
            servers.forEach(BenchServer::close);
        }
    }

    private static Workload start(String name, RpcServerSpec spec, RpcLoadSpec load, Configuration conf,
                                  List<BenchServer> servers, List<BenchClient> clients) throws Exception {
        BenchServer server = BenchServer.start(spec, conf);
        servers.add(server);
        BenchClient client = new BenchClient(spec.engine(), server.address(), load, conf, SET_TIMEOUT);
        clients.add(client);
        return new RpcWorkload(name, client, load.calls());
    }

    /** The server the injection makes of {@code spec}; its workload keeps the name the baseline knows. */
    static RpcServerSpec injected(RpcServerSpec spec, Injection injection) {
        int handlers = injection.get(INJECT_MAX_HANDLERS).map(Integer::parseInt)
                .map(max -> Math.min(max, spec.handlers())).orElse(spec.handlers());
        Duration sleep = spec.handlerSleep().plusMillis(injection.get(INJECT_HANDLER_DELAY).map(Long::parseLong).orElse(0L));
        return new RpcServerSpec(spec.engine(), handlers, spec.readers(), sleep, spec.queueSizePerHandler());
    }

    private static String crossCheckNote(GroupResult result) throws Exception {
        double ours = MedianInterval.of(result.samples().stream()
                .filter(s -> s.workload().equals(CROSS_CHECK_WORKLOAD))
                .map(Sample::opsPerSecond).toList()).median();
        OptionalDouble theirs = RpcCallBenchmarkCrossCheck.callsPerSecond(CROSS_CHECK);
        String setting = RpcCallBenchmarkCrossCheck.describe(CROSS_CHECK);
        String note = theirs.isPresent()
                ? "Cross-check (" + setting + "): Hadoop's RPCCallBenchmark " + Figures.format(theirs.getAsDouble())
                + " calls/s, this suite's client " + Figures.format(ours) + " calls/s (ratio "
                + Figures.format(ours / theirs.getAsDouble()) + ")"
                : "Cross-check (" + setting + "): Hadoop's RPCCallBenchmark gave no result (see the log); this suite's client "
                + Figures.format(ours) + " calls/s";
        System.out.println("[perf] " + note);
        return note;
    }
}
