package io.github.zkrpcperfgate.selfcheck;

import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.List;
import java.util.stream.Stream;

/**
 * The slowdowns the self-check injects, read as a table. Each is real: the servers, the network
 * path or the client's requests get slower; no number is altered. Their sizes aim near 1.5–2×
 * on the targeted figures, where detection is hard, rather than at a slowdown no gate misses.
 */
public final class SelfCheckCatalogue {

    /** The goal: every injected slowdown at least this large is caught on a figure it targets. */
    public static final double MUST_CATCH_SLOWDOWN = 1.5;

    private static final List<String> ZK = List.of("zk-1node", "zk-5node");
    private static final List<String> LAN = List.of("zk-1node-lan", "zk-5node-lan");
    private static final List<String> DEGRADED = List.of("zk-5node-all-up", "zk-5node-1-down", "zk-5node-2-down");

    private SelfCheckCatalogue() {
    }

    public static List<InjectionCase> all() {
        return List.of(
                InjectionCase.regression("zk-cpu-limit", "zk.cpus=0.5",
                        "every ZooKeeper server container limited to half a core (docker update --cpus 0.5)", ZK,
                        keys(ZK, "asyncOverSync", "multiOverSync", "multiCost")),
                // Work of the system's own that outlasts every sample (a spinning selector, a GC, a
                // follower catching up) slows the CPU probe as a neighbour would: the probe must
                // see it is the servers' CPU and let the figures fail, never call it "Disturbed".
                InjectionCase.regression("zk-busy-servers", "zk.busyThreads=1",
                        "a busy loop inside each ensemble's measured server's container for the whole run: servers that keep a core busy",
                        ZK, keys(ZK, "asyncOverSync", "multiOverSync", "syncP99", "asyncP99")),
                InjectionCase.regression("zk-delaying-proxy", "zk.proxyDelayUs=100",
                        "client traffic through a TCP proxy on 127.0.0.1 that delays every byte 100 µs each way", ZK,
                        keys(ZK, "syncP50")),
                // The disk, both ways (an LD_PRELOAD shim delays every fsync/fdatasync): for the servers
                // alone it is a server that syncs slower; for the fsync probe and the servers alike, a
                // slower disk, which no figure may call a regression. 150 µs is about the largest move
                // of this machine kind's fsync between days (0.13 -> 0.30 ms).
                InjectionCase.regression("zk-server-syncs-slower", "zk.fsyncDelayUs=300",
                        "every fsync of every ZooKeeper server returns 300 µs late (the probe's do not)", ZK,
                        keys(ZK, "syncP50")),
                InjectionCase.environment("env-slower-disk", "env.fsyncDelayUs=150",
                        "every fsync of the servers and of the fsync probe returns 150 µs late: a slower disk", ZK,
                        keys(ZK, "syncP50", "syncP99", "asyncOverSync", "multiOverSync")),
                // A neighbour's I/O on the servers' disk, as a shared machine has: the queueing of a
                // busy disk, which a fixed delay per fsync does not have. Measured once (2026-12-02)
                // it moved zk-1node's sync figures 1.5-1.7x and not the fsync probe: a known gap.
                InjectionCase.environment("env-busy-disk", "env.busyDiskWriters=1",
                        "a neighbour forcing 8 KB records on the servers' disk without pause: a busier disk", ZK,
                        keys(ZK, "syncP50", "asyncOverSync", "multiOverSync", "multiOverAsync")),
                InjectionCase.regression("zk-multi-in-batches", "zk.multiBatch=100",
                        "the multi mode sends its 10,000 creates as 100 multis of 100", ZK,
                        keys(ZK, "multiOverSync", "multiOverAsync", "multiCost")),
                // LAN-like links: the network between the servers gets slower (each server-to-server
                // link 750 µs longer each way, the client's as it was). A sync create on 5 servers
                // crosses four of them, so its cost over one server must rise; one server has none.
                // 250 µs until 2026-12-06: 1.22-1.32x on zk-5node-lan syncP50, under the 1.5x the goal
                // names and inside the ms band's ×/1.5 floor; 750 read 1.60x and 1.58x (both caught).
                InjectionCase.regression("lan-slower-peer-links", "zk.peerDelayUs=750",
                        "every server-to-server link 750 µs longer each way (1.5 ms in all), the client's link as it was",
                        LAN, List.of(new FigureKey("zk-5node-lan", "syncP50"), new FigureKey("zk-5node-lan", "syncCostOver1node"))),
                // Followers down: a healthy quorum hides one follower that syncs slower (the leader
                // takes the fastest acknowledgements); with 2 of 5 down every follower left must
                // acknowledge every write, so the slow one sets the pace.
                // 500 µs until 2026-12-06: 1.56-1.67x in self-check 12, 1.42-1.60x in 17 and 1.35-1.41x
                // in an hour whose CPU probe read 6.6 ms (the delay is fixed, the figures are in CPU
                // probes and over a slower sync), so under the goal's 1.5x; 1000 read 1.87x and 2.06x.
                InjectionCase.regression("degraded-slow-follower", "zk.slowFollowerFsyncUs=1000",
                        "one follower that stays up (not the client's) syncs 1 ms slower in every ensemble", DEGRADED,
                        List.of(new FigureKey("zk-5node-2-down", "syncOverAllUp"), new FigureKey("zk-5node-2-down", "syncP50"))),
                // A leader killed: the election and the followers' sync with the new leader are a
                // few messages each way between the servers, so servers a WAN apart (100 ms each
                // way, an ensemble across regions) elect about 3x slower (measured by hand: election
                // 0.92-1.46 s against 0.22-0.62 s). zookeeper.fastleader.minNotificationInterval,
                // tried first, moved 1 trial of 6: it is waited for only when notifications go missing.
                InjectionCase.regression("failover-wan-peer-links", "zk.peerDelayUs=100000",
                        "every server-to-server link 100 ms longer each way (servers a WAN apart)", List.of("zk-5node-failover"),
                        List.of(new FigureKey("zk-5node-failover", "electionMs"))),
                InjectionCase.regression("rpc-fewer-handlers", "rpc.maxHandlers=5",
                        "servers meant to have 10 handlers get 5", List.of("rpc-seed-protobuf", "rpc-small-protobuf"),
                        keys(List.of("rpc-seed-protobuf", "rpc-small-protobuf"), "handlers10OverHandlers1")),
                InjectionCase.regression("rpc-per-call-delay", "rpc.handlerDelayMs=60",
                        "every handler sleeps 60 ms longer per call", List.of("rpc-seed-protobuf", "rpc-small-protobuf"),
                        keys(List.of("rpc-seed-protobuf", "rpc-small-protobuf"), "callP50")),
                // One more millisecond of work a call: gated in full, the 100 ms sleep hid this (~0.7 ms
                // of RPC work). Work, not a longer sleep: a longer sleep is the workload's, and 1 ms of
                // it was missed twice (self-check 5: 1.122 -> 2.105 ms against a top of 2.167 scaled
                // for the CPU; 2026-12-07 on 2c-intel-xeon: 1.876, inside the band, when this work read
                // 6.466). README has the limit.
                // 6,000 strings take 0.17-0.25 of the probe's 20,000 (measured), ~1.0 ms at the
                // recording's 4.76 ms.
                InjectionCase.regression("rpc-one-ms-more-work-per-call", "rpc.handlerWorkStrings=6000",
                        "every handler does ~1 ms more CPU work per call (the CPU probe's work on 6,000 strings)",
                        List.of("rpc-small-protobuf"), keys(List.of("rpc-small-protobuf"), "callP50")),
                // Nagle's algorithm holds a small response until the peer's delayed acknowledgement
                // (~40 ms), which only some calls wait for: a tail's move. Self-check 10 read the small
                // payload's callP99 45 ms (CI 43.8-63.8) against an unchanged 3.5-17 and a p50 1.04x.
                InjectionCase.regression("rpc-nagle", "rpc.tcpNoDelay=false",
                        "Nagle's algorithm on, client and server (ipc.client.tcpnodelay=false)",
                        List.of("rpc-small-protobuf", "rpc-heavy-nosleep-protobuf"),
                        Stream.concat(
                                keys(List.of("rpc-small-protobuf", "rpc-heavy-nosleep-protobuf"), "callP50").stream(),
                                Stream.of(new FigureKey("rpc-small-protobuf", "callP99"))).toList()),
                // A slower edit log, two ways: a second journal acknowledging each sync 200 µs late
                // (a quorum journal on a slower network; 1.6-2.7x on the writes when tried by hand),
                // and the log kept in three directories of one disk (1.2-1.65x, missed by hand).
                InjectionCase.regression("nn-slower-journal", "nn.journalSyncDelayUs=200",
                        "every edit-log sync also waits for a second journal that acknowledges it 200 µs late",
                        NN_WRITES, nameNodeWriteFigures()),
                InjectionCase.regression("nn-three-edits-dirs", "nn.editsDirs=3",
                        "the edit log written and synced in three directories of the same disk", NN_WRITES,
                        nameNodeWriteFigures()));
    }

    private static final List<String> RPC_SLEEPING = List.of("rpc-seed-protobuf", "rpc-small-protobuf");

    /**
     * The slowdowns the same-run comparison's self-check injects on the candidate alone
     * ({@code -Dperf.compare} with {@code -Pselfcheck}), each of the kinds issue 11 names at sizes
     * meant to read about 1.1×, 1.2× and 1.5× on its target (the sizes read are measured, against
     * the A/A runs, and reported; these are the aims). Sizes from earlier comparisons on zk-1node
     * (2c-intel-xeon, 2026-12-01): 10 µs more per server fsync read syncP50 +10–17%, 15 µs
     * +14–19%, 20 µs +28.5%, 50 µs +44%. Each size is run once, to find the smallest caught per
     * figure kind; each scenario's ~1.2× of the sync latency and the handler ratio's {@code runs} times, the
     * issue's "caught in at least 9 of 10".
     */
    public static List<InjectionCase> sameRun(int runs) {
        List<InjectionCase> once = List.of(
                fsyncsLate(10, ZK),
                fsyncsLate(50, ZK),
                InjectionCase.regression("ab-link-25us", "zk.proxyDelayUs=25",
                        "the candidate's client traffic through a proxy on 127.0.0.1 that delays every byte 25 µs each way",
                        ZK, keys(ZK, "syncP50")),
                InjectionCase.regression("ab-one-core", "zk.cpus=1",
                        "the candidate's server containers limited to one core each (docker update --cpus 1)", ZK,
                        keys(ZK, "asyncOverSync", "multiOverSync", "asyncP99")),
                InjectionCase.regression("ab-multi-in-batches-1000", "zk.multiBatch=1000",
                        "the candidate's multi mode sends its creates as multis of 1,000", ZK,
                        keys(ZK, "multiOverSync", "multiOverAsync")),
                InjectionCase.regression("ab-handlers-9", "rpc.maxHandlers=9",
                        "the candidate's servers meant to have 10 handlers get 9", RPC_SLEEPING,
                        keys(RPC_SLEEPING, "handlers10OverHandlers1")),
                InjectionCase.regression("ab-handlers-7", "rpc.maxHandlers=7",
                        "the candidate's servers meant to have 10 handlers get 7", RPC_SLEEPING,
                        keys(RPC_SLEEPING, "handlers10OverHandlers1")),
                InjectionCase.regression("ab-work-1000-strings", "rpc.handlerWorkStrings=1000",
                        "the candidate's handlers do the CPU probe's work on 1,000 strings more per call (~0.17 ms)",
                        List.of("rpc-small-protobuf"), keys(List.of("rpc-small-protobuf"), "callP50")));
        List<InjectionCase> repeated = List.of(
                // Each scenario's ~1.2x fsync delay. zk-1node's is 20 µs (1.194x, the median of 10
                // runs, 2c-intel-xeon, 2026-12-06). On five servers 10 and 50 µs read 1.11x and 1.13x
                // (they added 0.024 and 0.031 x(cpu) to a syncP50 of 0.215, zk-1node's 0.073: most of
                // a delay's cost is its sleep's wake-up, not its length); along that slope 150 µs,
                // and its first run read 1.19x (2026-12-07).
                fsyncsLate(20, List.of("zk-1node")),
                fsyncsLate(150, List.of("zk-5node")),
                InjectionCase.regression("ab-handlers-8", "rpc.maxHandlers=8",
                        "the candidate's servers meant to have 10 handlers get 8", RPC_SLEEPING,
                        keys(RPC_SLEEPING, "handlers10OverHandlers1")));
        // Run by run, not case by case: a sitting cut short has run every case once before any twice.
        List<InjectionCase> all = new java.util.ArrayList<>(once);
        for (int k = 1; k <= runs; k++) {
            for (InjectionCase c : repeated) {
                all.add(runs == 1 ? c : c.run(k));
            }
        }
        return List.copyOf(all);
    }

    /** The candidate's servers' fsyncs {@code micros} late, aimed at the sync latencies of {@code scenarios}. */
    private static InjectionCase fsyncsLate(int micros, List<String> scenarios) {
        return InjectionCase.regression("ab-fsync-" + micros + "us", "zk.fsyncDelayUs=" + micros,
                "the candidate's servers return from every fsync " + micros + " µs late", scenarios,
                keys(scenarios, "syncP50", "syncP99"));
    }

    private static final List<String> NN_WRITES = List.of("nn-create", "nn-mkdirs", "nn-rename");

    /** Each write's p50 and its throughput over getFileInfo's: what a slower write path moves. */
    private static List<FigureKey> nameNodeWriteFigures() {
        List<FigureKey> figures = new java.util.ArrayList<>(keys(NN_WRITES, "opP50"));
        for (String op : List.of("create", "mkdirs", "rename")) {
            figures.add(new FigureKey("nn-" + op, op + "OverGetFileInfo"));
        }
        return figures;
    }

    private static List<FigureKey> keys(List<String> scenarios, String... figures) {
        return scenarios.stream().flatMap(s -> java.util.Arrays.stream(figures).map(f -> new FigureKey(s, f))).toList();
    }
}
