package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.gate.ScenarioFamily;
import io.github.zkrpcperfgate.verdict.BandPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The catalogue of the Hadoop RPC half, read as a table. The seed: 100 calls from 10 threads,
 * each carrying 200,000 strings of 8 bytes, handlers sleeping 100 ms, on handlers {1,10} ×
 * readers {1,10}. Plus a small-payload variant (the sleep dominates: 10 handlers should give
 * ~10×) and a no-sleep heavy-payload variant with a connection per thread (where readers could
 * matter).
 */
public final class RpcScenarios implements ScenarioFamily {

    /** The scenario group: its report section. */
    public static final String GROUP = "hadoop-rpc";

    /** This half's baseline file in each testbed's directory. */
    public static final String BASELINE_FILE = "hadoop-rpc.json";

    static final Duration SEED_SLEEP = Duration.ofMillis(100);
    static final int SEED_CALLS = 100;
    static final int SEED_THREADS = 10;
    static final int SEED_ARRAY_SIZE = 200_000;
    static final int SEED_STRING_BYTES = 8;
    /**
     * Calls per set for a sleeping single handler: 2 waves of the 10 client threads give the rate
     * that 100 calls do (README, "The Hadoop RPC half") and keep the Hadoop half within minutes.
     */
    static final int SINGLE_HANDLER_CALLS = 20;

    /** Ratios of handler and reader counts (sleeping handlers): see {@link BandPolicy#LATENCY_BOUND_FLOOR}. */
    static final double RATIO_MIN_BAND = BandPolicy.LATENCY_BOUND_FLOOR;
    /** The ratios and median latency of the scenario whose handlers do not sleep: see {@link BandPolicy#CPU_BOUND_FLOOR}. */
    static final double CPU_BOUND_MIN_BAND = BandPolicy.CPU_BOUND_FLOOR;
    /**
     * Call latencies are milliseconds on the testbed, and follow the machine's CPU speed, which on
     * this machine kind drifts within an hour (README, "How a run works", has the numbers). Until
     * they are in units that follow the CPU (the in-JVM probe pays for the RPC servers' garbage,
     * see {@link #callLatency}) they guard gross regressions: ×/÷2 for the p50 of seed-sized
     * payloads, ×/÷2.5 for every p99.
     *
     * <p>Until 2026-12-07 the small payload's p50 got ×/÷1.5, so that 1 ms more per call failed it however slow the
     * host: its band follows the CPU probe (×s) and a fixed millisecond does not, so it is caught
     * only while centre × s × (F − 1) < 1 ms, which with its centre of 0.794 ms and s up to 2 needs
     * F below 1.63. Measured 2026-12-01 on 2c-amd-epyc: at ×/÷1.75 the self-check's +1 ms (sleep)
     * read 2.302 ms above sleep against a top of 2.657 (s = 1.91) and passed (1.204 ms in recorded
     * units, value / s); four unchanged builds of that day (one beside the CPU hog) read
     * 0.669-0.914 in recorded units, the five recording runs 0.696-0.860, around the centre 0.794:
     * at most 1.15× above it, inside ×/÷1.5 ([0.5296, 1.192]).
     *
     * <p>Since 2026-12-07 (rules 2026-12-07a) that band is ×/÷3 and does not follow the CPU probe,
     * measured on 2c-intel-xeon. It does not follow it: 0.93 ms on 2c-amd-epyc at a CPU probe of
     * 4.87 ms, 0.89 ms on 2c-intel-xeon at 6.61, 0.81-1.01 there at 4.7-5.4. And between sittings
     * of one day, unchanged, it read 0.81-1.01 (standalone and one fresh-clone build), 1.11-1.50
     * (a recording's five runs), and 1.19-2.88 in four fresh-clone builds and two standalone runs
     * after one (run medians; the highest interval 2.33-3.98), with the CPU, loopback and fsync
     * probes alike in all of them (the wake-up probe, in the one slow build it ran in, 1.25x its
     * usual): a drift of ~3x that no probe of ours follows. ~1 ms more CPU work a call, the self-check's
     * case, read 6.47 ms (5.76-8.99): ×/÷3 around a centre of 0.9-1.33 holds every unchanged
     * sitting and still fails it wholly. A millisecond more of sleep (1.88) is not caught.
     */
    static final double HEAVY_CALL_MEDIAN_MIN_BAND = 2.0;
    static final double SMALL_CALL_MEDIAN_MIN_BAND = 3.0;
    static final double CALL_TAIL_MIN_BAND = 2.5;

    private static final int[] H1R1 = {1, 1};
    private static final int[] H1R10 = {1, 10};
    private static final int[] H10R1 = {10, 1};
    private static final int[] H10R10 = {10, 10};

    /** For {@code @PerfGate} and {@link java.util.ServiceLoader}; the catalogue itself is static. */
    public RpcScenarios() {
    }

    @Override
    public List<String> scenarioNames() {
        return all().stream().map(RpcScenario::name).toList();
    }

    /** The scenarios {@code settings} selects; the profile says whether Hadoop's RPCCallBenchmark cross-checks the reported run. */
    @Override
    public ScenarioDriver driver(PerfSettings settings, Injection injection) {
        return new RpcThreadingDriver(all().stream().filter(s -> settings.selects(s.name())).toList(), injection,
                settings.profile().crossCheck());
    }

    /** The Hadoop release this build runs when {@code versionProperty} is {@code hadoop.version}. */
    @Override
    public Optional<String> releaseUnderTest(String versionProperty) {
        return HadoopRuntime.VERSION_PROPERTY.equals(versionProperty)
                ? Optional.of(HadoopRuntime.versionUnderTest()) : Optional.empty();
    }

    /**
     * The same scenarios on Hadoop {@code release}'s RPC, server and client, from that release's
     * own runtime: one side of a same-run comparison. The candidate (the POM's release) is loaded
     * the same way, not from the test classpath, so neither side is favoured by how it was loaded.
     * No RPCCallBenchmark cross-check: it would run on one side only.
     */
    @Override
    public Optional<ScenarioDriver> driverOf(PerfSettings settings, Injection injection, String versionProperty,
                                             String release) {
        if (!HadoopRuntime.VERSION_PROPERTY.equals(versionProperty)) {
            return Optional.empty();
        }
        RpcRelease rpc = RpcReleases.of(release); // one that cannot be had fails here, before any server starts
        return Optional.of(new RpcThreadingDriver(all().stream().filter(s -> settings.selects(s.name()))
                .map(RpcScenarios::compared).toList(), injection, false, rpc));
    }

    /**
     * Calls a set of the writable seed's many-handler configurations runs in a same-run comparison:
     * 40 of the seed's 100. Its ten handlers wait on one reader deserialising 5.6 MB requests (~12
     * calls a second on 2c-intel-xeon), so the rate is the reader's from the first call on and a
     * set's size sets how long its sample lasts (~8.5 s for 100), not what a call costs. A
     * comparison samples its configurations on both sides in each of 28 rounds (4 starts of 3
     * warm-ups and 4 rounds). Measured 2026-12-07 on 2c-intel-xeon, A/A 3.5.0 against itself, the
     * within-start spread of the rounds' ratios (log sd: handlers ratio, readers ratio, callP50,
     * callP99): the writable seed alone in sets of 100, 21:33 in all, 0.037/0.030/0.044/0.043; in
     * sets of 50, 13:51, 0.038/0.041/0.052/0.048; both seeds (h1r10 not sampled) in sets of 50,
     * 16:03, 0.025/0.042/0.028/0.056, and of 40, 14:31, 0.040/0.042/0.045/0.050: no more spread
     * than 50, the writable intervals within -3.1% and +4.2%. The baseline gate keeps the seed's
     * sets: its baselines were recorded with them.
     */
    static final int COMPARED_WRITABLE_SEED_CALLS = 40;

    /**
     * {@code scenario} as one side of a same-run comparison runs it: on the server configurations
     * its figures read only, and the writable seed in shorter sets ({@link #COMPARED_WRITABLE_SEED_CALLS}).
     * A comparison judges figures and nothing else, so a configuration none reads (the seeds' one
     * handler with ten readers, shown by a gate run's report) would cost every round of both sides
     * its set (~2.1 s protobuf, ~2.6 s writable) for nothing judged.
     */
    static RpcScenario compared(RpcScenario scenario) {
        Set<String> judged = figures(List.of(scenario)).stream().flatMap(f -> f.workloads().stream()).collect(Collectors.toSet());
        RpcScenario judgedOnly = scenario.onServers(scenario.servers().stream()
                .filter(server -> judged.contains(scenario.workloadName(server))).toList());
        boolean payloadBoundSeed = scenario.engine() == RpcEngineKind.WRITABLE && scenario.load().arraySize() > 1;
        return payloadBoundSeed && scenario.load().calls() > COMPARED_WRITABLE_SEED_CALLS
                ? judgedOnly.withCalls(COMPARED_WRITABLE_SEED_CALLS) : judgedOnly;
    }

    public static List<RpcScenario> all() {
        RpcLoadSpec seed = new RpcLoadSpec(SEED_CALLS, SEED_THREADS, SEED_ARRAY_SIZE, SEED_STRING_BYTES, false);
        RpcLoadSpec small = new RpcLoadSpec(SEED_CALLS, SEED_THREADS, 1, SEED_STRING_BYTES, false);
        RpcLoadSpec heavyPerThread = new RpcLoadSpec(SEED_CALLS, SEED_THREADS, SEED_ARRAY_SIZE, SEED_STRING_BYTES, true);
        return List.of(
                RpcScenario.of("rpc-seed-protobuf", RpcEngineKind.PROTOBUF, seed, SEED_SLEEP, H1R1, H1R10, H10R1, H10R10),
                RpcScenario.of("rpc-seed-writable", RpcEngineKind.WRITABLE, seed, SEED_SLEEP, H1R1, H1R10, H10R1, H10R10),
                RpcScenario.of("rpc-small-protobuf", RpcEngineKind.PROTOBUF, small, SEED_SLEEP, H1R1, H10R1, H10R10),
                RpcScenario.of("rpc-heavy-nosleep-protobuf", RpcEngineKind.PROTOBUF, heavyPerThread, Duration.ZERO,
                        H1R1, H10R1, H10R10));
    }

    /**
     * Gated figures: what 10 handlers buy over 1 (at 1 reader), what 10 readers buy over 1 (at
     * 10 handlers), and call-latency ceilings at 10 handlers and 1 reader (Hadoop's default of
     * one reader; handlers as a busy NameNode has at least).
     */
    public static List<GatedFigure> figures(List<RpcScenario> scenarios) {
        List<GatedFigure> figures = new ArrayList<>();
        for (RpcScenario s : scenarios) {
            boolean cpuBound = s.handlerSleep().isZero();
            double ratioBand = cpuBound ? CPU_BOUND_MIN_BAND : RATIO_MIN_BAND;
            String h1r1 = s.workloadName(1, 1);
            String h10r1 = s.workloadName(10, 1);
            String h10r10 = s.workloadName(10, 10);
            GatedFigure handlers = GatedFigure.throughputRatio(s.name(), "handlers10OverHandlers1", h10r1, h1r1, ratioBand);
            // The writable seed's ratio moves against the machine's speed: its 10 handlers are bound
            // by the seed's 5.6 MB payloads (14-17 of the 100 calls a second ten sleeping handlers
            // allow), its 1 by the sleep. Measured 2026-12-01 on 2c-amd-epyc: 2.225-2.331 in the
            // recording's runs (CPU probe 4.78 ms), 1.389 (CI 1.318-1.544) in a fresh-clone build at
            // 13:36 (7.24 ms, ×1.51): 2.295 / 1.51 = 1.52 predicted. The protobuf seed's 10 handlers
            // come near their sleep's limit (65-73 calls a second) and moved 8.15 -> 7.15 only: its
            // band stays as recorded.
            figures.add(s.engine() == RpcEngineKind.WRITABLE ? handlers.withBandFollowingInversely(Calibration.CPU) : handlers);
            figures.add(GatedFigure.throughputRatio(s.name(), "readers10OverReaders1", h10r10, h10r1, ratioBand));
            // What a seed-sized call spends above its sleep is payload work (5.6 MB serialised and
            // parsed on 2 cores), as bound by CPU as the no-sleep scenario's whole call.
            boolean heavyPayload = s.load().arraySize() > 1;
            if (heavyPayload || s.handlerSleep().isZero()) {
                figures.add(callLatency(s, "callP50", h10r1, 50, heavyPayload ? HEAVY_CALL_MEDIAN_MIN_BAND : SMALL_CALL_MEDIAN_MIN_BAND)
                        .withBandFollowing(Calibration.CPU));
                figures.add(callLatency(s, "callP99", h10r1, 99, CALL_TAIL_MIN_BAND).withBandFollowing(Calibration.CPU));
            } else {
                // A small call above its sleep is a sleep's overrun and a few hand-offs between
                // threads, not CPU work: measured not to follow the CPU probe, its band stays as
                // recorded (see SMALL_CALL_MEDIAN_MIN_BAND). Its p99 counts the host's stalls and is
                // held to a gross ceiling only (Judging.STALL_TAIL_NOT_JUDGED).
                figures.add(callLatency(s, "callP50", h10r1, 50, SMALL_CALL_MEDIAN_MIN_BAND));
                figures.add(callLatency(s, "callP99", h10r1, 99, CALL_TAIL_MIN_BAND).withStallBoundTail());
            }
        }
        return figures;
    }

    /**
     * A call's latency in milliseconds on this testbed, less the handler's configured sleep where
     * it sleeps: the sleep is the workload's, the rest is RPC's own work (serialising, queueing,
     * waking a handler). Gated in full, the sleep would hide that work: a band on ~100 ms lets
     * sub-millisecond work grow many times unseen.
     *
     * <p>Where that work is the payload's (seed-sized payloads, or no sleep), it follows the
     * machine's speed, and the caller lets the band move with the run's median CPU probe
     * ({@link GatedFigure#withBandFollowing}). Not divided round by round: the probe runs in this
     * JVM beside the RPC servers and pays for their garbage, so a per-round quotient moved more
     * than the latency did (README, "How a run works").
     */
    private static GatedFigure callLatency(RpcScenario s, String name, String workload, double percentile, double band) {
        return s.handlerSleep().isZero()
                ? GatedFigure.latencyCeiling(s.name(), name, workload, percentile, band)
                : GatedFigure.latencyAbove(s.name(), name, workload, percentile, s.handlerSleep().toMillis(), "sleep", band);
    }
}
