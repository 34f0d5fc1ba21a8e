package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.gate.GateRun;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.measure.EnvironmentFingerprint;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.report.GroupResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZKUtil;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * Measures the write modes on the running ensembles: one client session per ensemble, all
 * znodes under a root of this run's own, removed afterwards (and only that root).
 */
public final class WriteModeGate {

    /** {@code -Dperf.inject=zk.flushDelayMs=N}: the servers hold each group commit up to N ms. */
    public static final String INJECT_FLUSH_DELAY = "zk.flushDelayMs";
    /** {@code -Dperf.inject=zk.maxOutstanding=N}: the servers stop reading once N requests are in flight. */
    public static final String INJECT_MAX_OUTSTANDING = "zk.maxOutstanding";

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private WriteModeGate() {
    }

    /** Server JVM flags that realise {@code injection}: real server-side slowdowns, nothing faked. */
    public static List<String> serverFlags(Injection injection) {
        injection.requireKnown("zk.", Set.of(INJECT_FLUSH_DELAY, INJECT_MAX_OUTSTANDING));
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

    public static GroupResult run(String group, EnsembleGroup ensembles, GateRun gate, Baselines baselines, int ops,
                                  Injection injection) throws Exception {
        String root = "/zk-rpc-perfgate-" + Leftovers.ownerPid();
        Map<ZooKeeperEnsemble, ZooKeeper> clients = new LinkedHashMap<>();
        try {
            List<Workload> workloads = new ArrayList<>();
            List<String> scenarios = new ArrayList<>();
            for (ZooKeeperEnsemble ensemble : ensembles.ensembles()) {
                ZooKeeper zk = ZooKeeperClients.connect(ensemble.clientConnectString(), CONNECT_TIMEOUT);
                clients.put(ensemble, zk);
                if (zk.exists(root, false) != null) {
                    ZKUtil.deleteRecursive(zk, root); // our own root, left by a run that died with this PID
                }
                zk.create(root, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                String scenario = ensemble.spec().scenario();
                scenarios.add(scenario);
                workloads.addAll(WriteModeScenarios.workloads(scenario, zk, root, ops));
            }
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("backend", ensembles.backend().jsonName());
            facts.put("zookeeperVersion", System.getProperty("zookeeper.version", org.apache.zookeeper.Version.getFullVersion()));
            facts.put("zookeeperOpsPerSet", Integer.toString(ops));
            if (ensembles.backend() == Backend.DOCKER) {
                facts.put("baseImage", ZooKeeperImage.baseImage());
            }
            if (!injection.isEmpty()) {
                facts.put("injected", injection.toString());
            }
            return gate.run(baselines, workloads, WriteModeScenarios.figures(scenarios), EnvironmentFingerprint.capture(facts));
        } finally {
            for (ZooKeeper zk : clients.values()) {
                try {
                    if (zk.exists(root, false) != null) {
                        ZKUtil.deleteRecursive(zk, root);
                    }
                } catch (Exception e) {
                    System.err.println("[perf] could not remove " + root + ": " + e);
                } finally {
                    zk.close();
                }
            }
        }
    }
}
