package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.gate.GatedFigure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The catalogue of the Hadoop RPC half, read as a table. The seed: 100 calls from 10 threads,
 * each carrying 200,000 strings of 8 bytes, handlers sleeping 100 ms, on handlers {1,10} ×
 * readers {1,10}. Plus a small-payload variant (the sleep dominates: 10 handlers should give
 * ~10×) and a no-sleep heavy-payload variant with a connection per thread (where readers could
 * matter).
 */
public final class RpcScenarios {

    /** This half's baseline file in each testbed's directory. */
    public static final String BASELINE_FILE = "hadoop-rpc.json";

    static final Duration SEED_SLEEP = Duration.ofMillis(100);
    static final int SEED_CALLS = 100;
    static final int SEED_THREADS = 10;
    static final int SEED_ARRAY_SIZE = 200_000;
    static final int SEED_STRING_BYTES = 8;
    /**
     * Calls per set for a sleeping single handler: measured here at 9.5–10.0 calls/s with a
     * spread under 2% at 100 calls; 20 calls (2 waves of the 10 client threads) give the same
     * rate and keep the Hadoop half within minutes.
     */
    static final int SINGLE_HANDLER_CALLS = 20;

    /**
     * Narrowest bands, as factors on a log scale; see WriteModeScenarios for why these. The
     * ratios and the median latency of the scenario whose handlers do not sleep are CPU-bound on
     * 2 cores and get 1.5: on one day rpc-heavy-nosleep readers10OverReaders1 had run medians from
     * 0.82 to 1.21 (1.47x) and callP50 from 7.59 to 11.74 x(cpu) (1.55x; an unchanged self-check
     * run failed at 11.74 against a 1.3 band [6.785, 11.47]).
     *
     * <p>Call latencies are in milliseconds on the testbed, and they follow the machine's CPU
     * speed, which on this machine kind drifts within an hour: recorded 09:21-09:50 on 2026-11-30
     * with the CPU probe at 6.61 ms, they read 1.22x (rpc-small-protobuf p50), 1.34x and 1.58x
     * (rpc-seed-protobuf p50) and 1.49x (rpc-heavy-nosleep-protobuf p50) of their recorded centre
     * in the next two unchanged runs, the probe at 8.29 ms. Until they are put in units that
     * follow the CPU (the in-JVM probe pays for the RPC servers' garbage, see
     * {@link #callLatency}), they guard gross regressions only: x/2 for the p50 of seed-sized
     * payloads, x/1.75 for the small payload's (whose 1 ms more per call still reads ~2x), x/2.5
     * for every p99.
     */
    static final double RATIO_MIN_BAND = 1.3;
    static final double CPU_BOUND_MIN_BAND = 1.5;
    static final double HEAVY_CALL_MEDIAN_MIN_BAND = 2.0;
    static final double SMALL_CALL_MEDIAN_MIN_BAND = 1.75;
    static final double CALL_TAIL_MIN_BAND = 2.5;

    private static final int[] H1R1 = {1, 1};
    private static final int[] H1R10 = {1, 10};
    private static final int[] H10R1 = {10, 1};
    private static final int[] H10R10 = {10, 10};

    private RpcScenarios() {
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
            figures.add(GatedFigure.throughputRatio(s.name(), "handlers10OverHandlers1", h10r1, h1r1, ratioBand));
            figures.add(GatedFigure.throughputRatio(s.name(), "readers10OverReaders1", h10r10, h10r1, ratioBand));
            // What a seed-sized call spends above its sleep is payload work (5.6 MB serialised and
            // parsed on 2 cores), as bound by CPU as the no-sleep scenario's whole call.
            boolean heavyPayload = s.load().arraySize() > 1;
            figures.add(callLatency(s, "callP50", h10r1, 50,
                    heavyPayload ? HEAVY_CALL_MEDIAN_MIN_BAND : SMALL_CALL_MEDIAN_MIN_BAND));
            figures.add(callLatency(s, "callP99", h10r1, 99, CALL_TAIL_MIN_BAND));
        }
        return figures;
    }

    /**
     * A call's latency in milliseconds on this testbed, less the handler's configured sleep where
     * it sleeps: the sleep is the workload's, the rest is RPC's own work (serialising, queueing,
     * waking a handler). Gated in full, rpc-small-protobuf's p50 was ~100.7 ms of which ~0.7 ms
     * was RPC work, so a band of ×1.3 on the total let that work grow ~40× unseen.
     *
     * <p>Not in CPU-probe units: the probe runs in this JVM beside the RPC servers and pays for
     * their garbage. On 2026-11-30 (2c-intel-xeon) one run's CPU probe read 8.2 ms against 5.66 at
     * recording, round values 5.5 to 10.4 ms, while rpc-seed-writable's p50 had moved 1.10x; the
     * quotient read 149.5 against a band of [152.7, 258.1] and failed an unchanged build.
     */
    private static GatedFigure callLatency(RpcScenario s, String name, String workload, double percentile, double band) {
        return s.handlerSleep().isZero()
                ? GatedFigure.latencyCeiling(s.name(), name, workload, percentile, band)
                : GatedFigure.latencyAbove(s.name(), name, workload, percentile, s.handlerSleep().toMillis(), "sleep", band);
    }
}
