package io.github.zkrpcperfgate.selfcheck;

import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.List;

/**
 * The slowdowns the self-check injects, read as a table. Each is real: the servers, the network
 * path or the client's requests get slower; no number is altered. Their sizes aim near 1.5–2×
 * on the targeted figures, where detection is hard, rather than at a slowdown no gate misses.
 */
public final class SelfCheckCatalogue {

    /** The goal: every injected slowdown at least this large is caught on a figure it targets. */
    public static final double MUST_CATCH_SLOWDOWN = 1.5;

    private static final List<String> ZK = List.of("zk-1node", "zk-5node");

    private SelfCheckCatalogue() {
    }

    public static List<InjectionCase> all() {
        return List.of(
                new InjectionCase("zk-cpu-limit", "zk.cpus=0.5",
                        "every ZooKeeper server container limited to half a core (docker update --cpus 0.5)", ZK,
                        keys(ZK, "asyncOverSync", "multiOverSync")),
                new InjectionCase("zk-delaying-proxy", "zk.proxyDelayUs=100",
                        "client traffic through a TCP proxy on 127.0.0.1 that delays every byte 100 µs each way", ZK,
                        keys(ZK, "syncP50")),
                new InjectionCase("zk-multi-in-batches", "zk.multiBatch=100",
                        "the multi mode sends its 10,000 creates as 100 multis of 100", ZK,
                        keys(ZK, "multiOverSync", "multiOverAsync")),
                new InjectionCase("rpc-fewer-handlers", "rpc.maxHandlers=5",
                        "servers meant to have 10 handlers get 5", List.of("rpc-seed-protobuf", "rpc-small-protobuf"),
                        keys(List.of("rpc-seed-protobuf", "rpc-small-protobuf"), "handlers10OverHandlers1")),
                new InjectionCase("rpc-per-call-delay", "rpc.handlerDelayMs=60",
                        "every handler works 60 ms longer per call", List.of("rpc-seed-protobuf", "rpc-small-protobuf"),
                        keys(List.of("rpc-seed-protobuf", "rpc-small-protobuf"), "callP50")),
                new InjectionCase("rpc-nagle", "rpc.tcpNoDelay=false",
                        "Nagle's algorithm on, client and server (ipc.client.tcpnodelay=false)",
                        List.of("rpc-small-protobuf", "rpc-heavy-nosleep-protobuf"),
                        keys(List.of("rpc-small-protobuf", "rpc-heavy-nosleep-protobuf"), "callP50")));
    }

    private static List<FigureKey> keys(List<String> scenarios, String... figures) {
        return scenarios.stream().flatMap(s -> java.util.Arrays.stream(figures).map(f -> new FigureKey(s, f))).toList();
    }
}
