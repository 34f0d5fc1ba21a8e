package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.Measurement;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

/**
 * The Hadoop RPC threading family's driver: every selected scenario's server configurations run
 * side by side in this JVM (idle ones cost nothing), so rounds interleave them; after the reported
 * run Hadoop's own RPCCallBenchmark runs once as a cross-check of our client.
 */
public final class RpcThreadingDriver implements ScenarioDriver {

    /** {@code -Dperf.inject=rpc.maxHandlers=N}: configurations meant to have more handlers get N. */
    public static final String INJECT_MAX_HANDLERS = "rpc.maxHandlers";
    /** {@code -Dperf.inject=rpc.handlerDelayMs=N}: every handler sleeps N ms longer per call. */
    public static final String INJECT_HANDLER_DELAY = "rpc.handlerDelayMs";
    /**
     * {@code -Dperf.inject=rpc.handlerWorkStrings=N}: every handler also does the CPU probe's work at
     * size N per call. Fixed work, unlike a longer sleep: on a slower machine it takes longer, as
     * the probe does, so bands that follow the probe keep their power to see it.
     */
    public static final String INJECT_HANDLER_WORK = "rpc.handlerWorkStrings";
    /** {@code -Dperf.inject=rpc.tcpNoDelay=false}: Nagle's algorithm on, both sides. */
    public static final String INJECT_TCP_NODELAY = "rpc.tcpNoDelay";

    /** The cross-check's setting: Hadoop's benchmark sends one message of this size and does not sleep. */
    static final RpcCallBenchmarkCrossCheck.Setting CROSS_CHECK = new RpcCallBenchmarkCrossCheck.Setting(10, 1, 10, 8, 5);
    static final String CROSS_CHECK_WORKLOAD = "rpc-crosscheck/h10r1";

    private static final Duration SET_TIMEOUT = Duration.ofMinutes(3);

    private final List<RpcScenario> selected;
    private final Injection injection;
    private final boolean crossCheck;
    private final RpcRelease release;
    /** Hadoop configuration an injection sets, on both sides of every connection. */
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<RpcEndpoint> endpoints = new ArrayList<>();
    private final List<Workload> serverWorkloads = new ArrayList<>();

    /**
     * The test classpath's Hadoop, as a gate run measures it.
     *
     * @param crossCheck whether Hadoop's RPCCallBenchmark runs once, after the reported run (a child JVM, ~15 s)
     */
    public RpcThreadingDriver(List<RpcScenario> selected, Injection injection, boolean crossCheck) {
        this(selected, injection, crossCheck, RpcReleases.onTestClasspath());
    }

    /** @param release whose servers and clients run: one side of a comparison */
    RpcThreadingDriver(List<RpcScenario> selected, Injection injection, boolean crossCheck, RpcRelease release) {
        injection.requireKnown("rpc.", Set.of(INJECT_MAX_HANDLERS, INJECT_HANDLER_DELAY, INJECT_HANDLER_WORK, INJECT_TCP_NODELAY));
        this.selected = List.copyOf(selected);
        this.injection = injection;
        this.crossCheck = crossCheck;
        this.release = release;
        injection.get(INJECT_TCP_NODELAY).ifPresent(v -> {
            settings.put("ipc.client.tcpnodelay", Boolean.toString(Boolean.parseBoolean(v)));
            settings.put("ipc.server.tcpnodelay", Boolean.toString(Boolean.parseBoolean(v)));
        });
    }

    @Override
    public String group() {
        return RpcScenarios.GROUP;
    }

    @Override
    public List<GatedFigure> figures() {
        return RpcScenarios.figures(selected);
    }

    @Override
    public List<GatedFigure> catalogue() {
        return RpcScenarios.figures(RpcScenarios.all());
    }

    /**
     * The RPC servers live in this JVM: in six cold builds the first measured round of the seed's
     * and the small payload's call p50 ran up to 1.8x and 2.2x the median of the rest (83.9
     * against 46.7 ms above sleep, 2.89 against 1.29).
     */
    public static final int MIN_WARMUP_ROUNDS = 3;

    @Override
    public int minWarmupRounds() {
        return MIN_WARMUP_ROUNDS;
    }

    @Override
    public String baselineFile() {
        return RpcScenarios.BASELINE_FILE;
    }

    /** Every selected scenario's servers side by side in this JVM (idle ones cost nothing), each with its client. */
    @Override
    public void start() throws Exception {
        try {
            for (RpcScenario scenario : selected) {
                for (RpcServerSpec spec : scenario.servers()) {
                    serverWorkloads.add(start(scenario.workloadName(spec), injected(spec, injection), scenario.loadFor(spec)));
                }
            }
        } catch (LinkageError e) {
            close();
            // The harness's RPC code was compiled against the POM's release; another may lack a call.
            throw new IllegalStateException("Hadoop " + release.version() + "'s RPC lacks what the suite calls (" + e
                    + "); this release cannot be measured by this suite", e);
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    @Override
    public void restart() throws Exception {
        close();
        start();
    }

    @Override
    public void close() {
        endpoints.forEach(RpcEndpoint::close);
        endpoints.clear();
        serverWorkloads.clear();
    }

    @Override
    public Measurement measure(boolean reported) throws Exception {
        boolean withCrossCheck = crossCheck && reported;
        if (withCrossCheck) {
            RpcServerSpec crossCheckSpec = RpcServerSpec.of(RpcEngineKind.PROTOBUF, CROSS_CHECK.handlers(),
                    CROSS_CHECK.readers(), Duration.ZERO);
            serverWorkloads.add(start(CROSS_CHECK_WORKLOAD, injected(crossCheckSpec, injection),
                    new RpcLoadSpec(100, CROSS_CHECK.clientThreads(), 1, CROSS_CHECK.messageBytes(), false)));
        }
        CalibrationProbes probes = new CalibrationProbes();
        // Its calls sleep in their handlers: how late a sleeping thread wakes is worth knowing beside them.
        List<Workload> workloads = new ArrayList<>(probes.workloadsWithTimerWakeup());
        workloads.addAll(serverWorkloads);
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("hadoopVersion", release.version());
        facts.put("rpcServer", "in-JVM, 127.0.0.1");
        // A comparison's shorter sets, e.g. "rpc-seed-writable 40"; absent, every scenario runs its catalogue's calls.
        String shorterSets = String.join(", ", callsPerSet().entrySet().stream()
                .filter(e -> e.getValue() != catalogueCalls(e.getKey())).map(e -> e.getKey() + " " + e.getValue()).toList());
        if (!shorterSets.isEmpty()) {
            facts.put("rpcCallsPerSet", shorterSets);
        }
        List<String> notSampled = notSampled();
        if (!notSampled.isEmpty()) {
            facts.put("rpcNotSampled", String.join(", ", notSampled));
        }
        if (!injection.isEmpty()) {
            facts.put("injected", injection.toString());
        }
        return Measurement.of(workloads, facts,
                samples -> withCrossCheck ? List.of(crossCheckNote(samples)) : List.of(), probes);
    }

    /** Calls a set of each selected scenario runs (a sleeping single handler's fewer: {@link RpcScenario#loadFor}), by name. */
    Map<String, Integer> callsPerSet() {
        Map<String, Integer> calls = new TreeMap<>();
        selected.forEach(s -> calls.put(s.name(), s.load().calls()));
        return calls;
    }

    /** The catalogue's configurations of the selected scenarios that this driver leaves out, e.g. a comparison's unjudged ones. */
    List<String> notSampled() {
        List<String> left = new ArrayList<>();
        for (RpcScenario s : selected) {
            catalogued(s.name()).ifPresent(full -> full.servers().stream().filter(server -> !s.servers().contains(server))
                    .forEach(server -> left.add(full.workloadName(server))));
        }
        return left;
    }

    private static int catalogueCalls(String scenario) {
        return catalogued(scenario).map(s -> s.load().calls()).orElse(-1);
    }

    private static Optional<RpcScenario> catalogued(String scenario) {
        return RpcScenarios.all().stream().filter(s -> s.name().equals(scenario)).findFirst();
    }

    private Workload start(String name, RpcServerSpec spec, RpcLoadSpec load) throws Exception {
        RpcEndpoint endpoint = release.start(spec, load, settings, SET_TIMEOUT);
        endpoints.add(endpoint);
        return new RpcWorkload(name, endpoint, load.calls(), spec.handlerSleep());
    }

    /** The server the injection makes of {@code spec}; its workload keeps the name the baseline knows. */
    static RpcServerSpec injected(RpcServerSpec spec, Injection injection) {
        int handlers = injection.get(INJECT_MAX_HANDLERS).map(Integer::parseInt)
                .map(max -> Math.min(max, spec.handlers())).orElse(spec.handlers());
        Duration sleep = spec.handlerSleep().plusMillis(injection.get(INJECT_HANDLER_DELAY).map(Long::parseLong).orElse(0L));
        int work = spec.handlerWorkStrings() + injection.get(INJECT_HANDLER_WORK).map(Integer::parseInt).orElse(0);
        return new RpcServerSpec(spec.engine(), handlers, spec.readers(), sleep, spec.queueSizePerHandler(), work);
    }

    private static String crossCheckNote(List<Sample> samples) throws Exception {
        double ours = MedianInterval.of(samples.stream()
                .filter(s -> s.workload().equals(CROSS_CHECK_WORKLOAD))
                .map(Sample::opsPerSecond).toList()).median();
        OptionalDouble theirs = RpcCallBenchmarkCrossCheck.callsPerSecond(CROSS_CHECK);
        String setting = RpcCallBenchmarkCrossCheck.describe(CROSS_CHECK);
        String note = theirs.isPresent()
                ? "Cross-check (" + setting + "): Hadoop's RPCCallBenchmark " + SignificantDigits.format(theirs.getAsDouble())
                + " calls/s, this suite's client " + SignificantDigits.format(ours) + " calls/s (ratio "
                + SignificantDigits.format(ours / theirs.getAsDouble()) + ")"
                : "Cross-check (" + setting + "): Hadoop's RPCCallBenchmark gave no result (see the log); this suite's client "
                + SignificantDigits.format(ours) + " calls/s";
        System.out.println("[perf] " + note);
        return note;
    }
}
