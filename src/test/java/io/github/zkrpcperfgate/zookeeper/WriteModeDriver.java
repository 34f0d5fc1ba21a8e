package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.calibration.OwnCpu;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.Measurement;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.measure.Workload;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/**
 * The ZooKeeper write-mode family's driver: starts the selected ensembles (containers, child JVMs,
 * or an external ensemble), and for each run connects one client session per ensemble, with every
 * znode under a root of the run's own, removed afterwards (and only that root).
 */
public final class WriteModeDriver implements ScenarioDriver {

    /** {@code -Dperf.inject=zk.flushDelayMs=N}: the servers hold each group commit up to N ms. */
    public static final String INJECT_FLUSH_DELAY = "zk.flushDelayMs";
    /** {@code -Dperf.inject=zk.maxOutstanding=N}: the servers stop reading once N requests are in flight. */
    public static final String INJECT_MAX_OUTSTANDING = "zk.maxOutstanding";
    /** {@code -Dperf.inject=zk.cpus=C}: every server container limited to C cores (docker update --cpus). */
    public static final String INJECT_CPUS = "zk.cpus";
    /** {@code -Dperf.inject=zk.proxyDelayUs=N}: client traffic through a proxy adding N µs each way. */
    public static final String INJECT_PROXY_DELAY = "zk.proxyDelayUs";
    /**
     * {@code -Dperf.inject=zk.peerDelayUs=N}: every server-to-server link N µs longer each way (a
     * slower network between the servers; the client's link as it was).
     */
    public static final String INJECT_PEER_DELAY = "zk.peerDelayUs";
    /** {@code -Dperf.inject=zk.multiBatch=N}: the multi mode sends its creates in requests of N ops. */
    public static final String INJECT_MULTI_BATCH = "zk.multiBatch";
    /** {@code -Dperf.inject=zk.fsyncDelayUs=N}: every server's fsyncs return N µs late (a server that syncs slower). */
    public static final String INJECT_SERVER_FSYNC_DELAY = "zk.fsyncDelayUs";
    /**
     * {@code -Dperf.inject=zk.busyThreads=N}: N busy loops inside the measured server's container
     * (a server that keeps cores busy; its CPU is the system's own, so no figure may read "Disturbed").
     */
    public static final String INJECT_BUSY_THREADS = "zk.busyThreads";
    /**
     * {@code -Dperf.inject=zk.slowFollowerFsyncUs=N}: in every ensemble of 3 servers or more, one
     * follower that stays up and does not serve the client syncs N µs slower (a slow disk or a
     * noisy host under one follower). A healthy quorum hides it; with 2 of 5 down, every write waits for it.
     */
    public static final String INJECT_SLOW_FOLLOWER = "zk.slowFollowerFsyncUs";
    /**
     * {@code -Dperf.inject=env.fsyncDelayUs=N}: the servers' fsyncs and the fsync probe's return N µs late
     * alike: a slower disk, which the gate must not call a regression.
     */
    public static final String INJECT_DISK_FSYNC_DELAY = "env.fsyncDelayUs";
    /**
     * {@code -Dperf.inject=env.busyDiskWriters=N}: N writers force records on the servers' disk
     * for the whole run, a neighbour's I/O, the environment's change with the queueing of a shared
     * disk (a fixed delay per fsync has none). Measured 2026-12-02 (2c-amd-epyc, one writer, 8
     * rounds against 8 quiet ones): zk-1node's sync create 2.0x slower, the fsync probe not
     * slower (0.89x), the CPU probe 1.44x: the calibration does not yet see this neighbour.
     */
    public static final String INJECT_BUSY_DISK = "env.busyDiskWriters";
    static final Set<String> INJECTION_KEYS = Set.of(INJECT_FLUSH_DELAY, INJECT_MAX_OUTSTANDING, INJECT_CPUS,
            INJECT_PROXY_DELAY, INJECT_PEER_DELAY, INJECT_MULTI_BATCH, INJECT_SERVER_FSYNC_DELAY, INJECT_BUSY_THREADS, INJECT_SLOW_FOLLOWER);

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private final WriteModeFamily family;
    private final List<EnsembleSpec> selected;
    private final int ops;
    /** Creates a sync set, per ensemble: {@code ops} but on a comparison's side ({@link WriteModeScenarios#comparedSyncOps}). */
    private final ToIntFunction<EnsembleSpec> syncOps;
    private final Injection injection;
    private final EnsembleGroup ensembles;
    /** The ZooKeeper release measured: its client here, its servers in the ensembles. */
    private final String release;

    /**
     * @param family   what the ensembles' family gates, and its baseline files
     * @param selected the ensembles to run, before the injection's server-side part
     * @param connect  an external ensemble's connect string, or blank
     * @param ops      creates a set of every write mode
     */
    WriteModeDriver(WriteModeFamily family, List<EnsembleSpec> selected, Backend backend, String connect, int ops,
                    Injection injection) {
        this(family, selected, backend, connect, ops, spec -> ops, injection);
    }

    /** @param syncOps creates a sync set on an ensemble, where it differs from the other modes' {@code ops} */
    WriteModeDriver(WriteModeFamily family, List<EnsembleSpec> selected, Backend backend, String connect, int ops,
                    ToIntFunction<EnsembleSpec> syncOps, Injection injection) {
        serverFlags(injection); // an unknown injection key fails here, before anything starts
        this.family = family;
        this.selected = List.copyOf(selected);
        this.ops = ops;
        this.syncOps = syncOps;
        this.injection = injection;
        this.ensembles = new EnsembleGroup(selected.stream().map(s -> injected(s, injection)).toList(), backend, connect);
        this.release = selected.stream().map(EnsembleSpec::release).distinct().reduce((a, b) -> {
            throw new IllegalArgumentException("one driver measures one ZooKeeper release, not " + a + " and " + b);
        }).orElseGet(ServerRuntime::versionUnderTest);
    }

    /**
     * {@code spec} with the server-side part of {@code injection}: JVM flags, a delay on every
     * fsync (of the servers only, or of the whole disk) or on one follower's, slower links between the servers. Real
     * slowdowns, nothing faked.
     */
    public static EnsembleSpec injected(EnsembleSpec spec, Injection injection) {
        long fsyncDelay = injection.get(INJECT_SERVER_FSYNC_DELAY).or(() -> injection.get(INJECT_DISK_FSYNC_DELAY))
                .map(Long::parseLong).orElse(0L);
        long slowFollower = spec.standalone() ? 0 : injection.get(INJECT_SLOW_FOLLOWER).map(Long::parseLong).orElse(0L);
        return spec.withServerJvmFlags(serverFlags(injection)).withServerFsyncDelayMicros(fsyncDelay)
                .withSlowerPeerLinks(micros(injection, INJECT_PEER_DELAY)).withSlowFollower(slowFollower);
    }

    /** An injection's delay given in µs, zero when it has none. */
    private static Duration micros(Injection injection, String key) {
        return injection.get(key).map(us -> Duration.of(Long.parseLong(us), ChronoUnit.MICROS)).orElse(Duration.ZERO);
    }

    /** Server JVM flags that realise {@code injection}: real server-side slowdowns, nothing faked. */
    static List<String> serverFlags(Injection injection) {
        injection.requireKnown("zk.", INJECTION_KEYS);
        injection.requireKnown("env.", Set.of(INJECT_DISK_FSYNC_DELAY, INJECT_BUSY_DISK));
        List<String> flags = new ArrayList<>();
        injection.get(INJECT_FLUSH_DELAY).ifPresent(ms -> {
            long delay = Long.parseLong(ms);
            // SyncRequestProcessor then waits up to this long for more writes before it fsyncs.
            flags.add("-Dzookeeper.flushDelay=" + delay);
            flags.add("-Dzookeeper.maxWriteQueuePollTime=" + delay);
        });
        injection.get(INJECT_MAX_OUTSTANDING).ifPresent(n ->
                // Throttles pipelining: the server stops reading a connection past N outstanding requests.
                flags.add("-Dzookeeper.globalOutstandingLimit=" + Integer.parseInt(n)));
        return flags;
    }

    @Override
    public String group() {
        return family.group();
    }

    @Override
    public List<GatedFigure> figures() {
        return family.figures(selected.stream().map(EnsembleSpec::scenario).toList());
    }

    @Override
    public List<GatedFigure> catalogue() {
        return family.catalogue();
    }

    /** One baseline per backend on each testbed: the same ensemble measures differently through Docker's bridge than over loopback. */
    @Override
    public String baselineFile() {
        return family.baselineFile(ensembles.resolveBackend());
    }

    /** Creates a sync set on each selected ensemble, by scenario. */
    Map<String, Integer> syncOps() {
        Map<String, Integer> sizes = new TreeMap<>();
        selected.forEach(s -> sizes.put(s.scenario(), syncOps.applyAsInt(s)));
        return sizes;
    }

    @Override
    public int minWarmupRounds() {
        return family.minWarmupRounds();
    }

    @Override
    public void start() {
        ensembles.start();
    }

    @Override
    public void restart() {
        ensembles.restart();
    }

    @Override
    public void close() {
        ensembles.stop();
    }

    @Override
    public List<String> deadServers() {
        return ensembles.ensembles().stream().flatMap(e -> e.deadServers().stream()).toList();
    }

    @Override
    public Measurement measure(boolean reported) throws Exception {
        Connected run = new Connected("/zk-rpc-perfgate-" + Leftovers.ownerPid());
        try {
            run.connect();
            return Measurement.of(run.workloads, run.facts, run);
        } catch (Exception | Error e) {
            try {
                run.close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** One run's probes, proxies and client sessions on the running ensembles. */
    private final class Connected implements AutoCloseable {

        private final String root;
        private final Map<ZooKeeperEnsemble, ClientSession> clients = new LinkedHashMap<>();
        private final List<DelayingProxy> proxies = new ArrayList<>();
        private AutoCloseable busyDisk;
        private final List<Workload> workloads = new ArrayList<>();
        private final Map<String, String> facts = new LinkedHashMap<>();
        private CalibrationProbes probes;

        Connected(String root) {
            this.root = root;
        }

        void connect() throws Exception {
            int multiBatch = injection.get(INJECT_MULTI_BATCH).map(Integer::parseInt).orElse(0);
            Duration injectedDelay = micros(injection, INJECT_PROXY_DELAY);
            long diskDelay = injection.get(INJECT_DISK_FSYNC_DELAY).map(Long::parseLong).orElse(0L);
            // The fsync probe runs where the servers keep their data (a backend runs all its ensembles
            // alike); an external ensemble's disks are out of reach, and the report says where it ran.
            OwnCpu servers = ensembles.ensembles().stream().map(ZooKeeperEnsemble::serverCpu)
                    .reduce(OwnCpu.none(), OwnCpu::plus);
            ZooKeeperEnsemble first = ensembles.ensembles().get(0);
            // A neighbour on the servers' disk first, so that every probe and every round sees it.
            busyDisk = injection.get(INJECT_BUSY_DISK).map(Integer::parseInt).map(first::busyDisk).orElse(null);
            FsyncProbe fsync = first.fsyncProbe(diskDelay);
            probes = new CalibrationProbes(ensembles.backend() == Backend.EXTERNAL ? fsync : fsync.requireDisk(), servers);
            workloads.addAll(probes.workloads());
            for (ZooKeeperEnsemble ensemble : ensembles.ensembles()) {
                injection.get(INJECT_CPUS).map(Double::parseDouble).ifPresent(ensemble::limitCpus);
                injection.get(INJECT_BUSY_THREADS).map(Integer::parseInt).ifPresent(ensemble::keepBusy);
                String connectTo = ensemble.clientConnectString();
                // The client's link: the ensemble's own delay (a LAN between client and server) plus an injected one.
                Duration clientDelay = ensemble.spec().clientLinkDelay().plus(injectedDelay);
                if (!clientDelay.isZero()) {
                    DelayingProxy proxy = new DelayingProxy(DelayingProxy.parse(connectTo), clientDelay);
                    proxies.add(proxy);
                    connectTo = proxy.connectString();
                }
                ClientSession session = ClientRelease.open(release, connectTo, CONNECT_TIMEOUT);
                clients.put(ensemble, session);
                session.createRoot(root);
                workloads.addAll(session.workloads(ensemble.spec().scenario(), root, ops,
                        syncOps.applyAsInt(ensemble.spec()), multiBatch));
            }
            facts.put("backend", ensembles.backend().jsonName());
            facts.put("zookeeperVersion", release);
            facts.put("zookeeperServerRuntime", ServerRuntime.describe(release, ServerRuntime.jars(release)));
            // What the measured client itself reports (its release's loader), not the test classpath's.
            clients.values().stream().findFirst().ifPresent(session -> facts.put("zookeeperClient", session.release()));
            facts.put("zookeeperOpsPerSet", Integer.toString(ops));
            // A comparison's shorter sync sets, e.g. "zk-5node 2500"; absent, sync sets are zookeeperOpsPerSet too.
            String shorterSync = String.join(", ", syncOps().entrySet().stream().filter(e -> e.getValue() != ops)
                    .map(e -> e.getKey() + " " + e.getValue()).toList());
            if (!shorterSync.isEmpty()) {
                facts.put("zookeeperSyncOpsPerSet", shorterSync);
            }
            facts.put("fsyncProbe", probes.fsyncWhere());
            // The links as the family defines them (an injected delay is in "injected"): baselines of other links differ.
            selected.stream().map(EnsembleSpec::clientLinkDelay).filter(d -> !d.isZero()).distinct()
                    .forEach(d -> facts.put("linkDelayOneWayUs", Long.toString(d.toNanos() / 1000)));
            if (ensembles.backend() == Backend.DOCKER) {
                facts.put("baseImage", ZooKeeperImage.baseImage());
            }
            if (!injection.isEmpty()) {
                facts.put("injected", injection.toString());
            }
        }

        /** Removes the run's root (only it), closes the sessions, proxies and probes; one failure does not stop the rest. */
        @Override
        public void close() throws Exception {
            try (AutoCloseable neighbour = busyDisk) { // closed last, whatever the rest throws
                for (ClientSession session : clients.values()) {
                    try {
                        session.removeRoot(root);
                    } catch (Exception e) {
                        System.err.println("[perf] could not remove " + root + ": " + e);
                    } finally {
                        session.close();
                    }
                }
                for (DelayingProxy proxy : proxies) {
                    proxy.close();
                }
                if (probes != null) {
                    probes.close();
                }
            }
        }
    }
}
