package io.github.zkrpcperfgate.zookeeper.client;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.zookeeper.ClientSession;
import io.github.zkrpcperfgate.zookeeper.PacedStream;
import io.github.zkrpcperfgate.zookeeper.WriteMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZKUtil;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * One client session of the ZooKeeper release this class was loaded with: every class of this
 * package is loaded by a {@code ReleaseClassLoader} beside that release's own client jars, so the
 * client measured is the release's and not the test classpath's. Only {@link ClientSession} and
 * {@link Workload}, the harness's types, cross to the caller.
 */
public final class ZooKeeperSession implements ClientSession {

    static final int SESSION_TIMEOUT_MILLIS = 30_000;
    /** Bound on waiting for 10,000 async callbacks. */
    private static final Duration ASYNC_TIMEOUT = Duration.ofSeconds(120);

    private final ZooKeeper zk;

    private ZooKeeperSession(ZooKeeper zk) {
        this.zk = zk;
    }

    /** Opens a session and waits, bounded, until it is connected. Called reflectively by {@code ClientRelease}. */
    public static ClientSession open(String connectString, Duration timeout) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connectString, SESSION_TIMEOUT_MILLIS, event -> {
            if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        if (!connected.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            zk.close();
            throw new IllegalStateException("no ZooKeeper session with " + connectString + " within " + timeout.toSeconds() + " s");
        }
        return new ZooKeeperSession(zk);
    }

    @Override
    public String release() {
        return org.apache.zookeeper.Version.getFullVersion();
    }

    @Override
    public void createRoot(String root) throws Exception {
        if (zk.exists(root, false) != null) {
            ZKUtil.deleteRecursive(zk, root); // our own root, left by a run that died with this PID
        }
        zk.create(root, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }

    @Override
    public List<Workload> workloads(String scenario, String root, int ops, int syncOps, int multiBatch) {
        List<Workload> workloads = new ArrayList<>();
        for (WriteMode mode : WriteMode.values()) {
            workloads.add(new CreateWorkload(scenario, mode, zk, root, mode == WriteMode.SYNC ? syncOps : ops, multiBatch,
                    ASYNC_TIMEOUT));
        }
        return workloads;
    }

    @Override
    public PacedStream startPacedCreates(String root, int perSecond, LatencyRecorder latencies) {
        return new PacedCreates(zk, root, perSecond, latencies);
    }

    @Override
    public long missing(String root, List<String> paths) throws Exception {
        java.util.Set<String> there = new java.util.HashSet<>(zk.getChildren(root, false));
        return paths.stream().filter(p -> !there.contains(p.substring(p.lastIndexOf('/') + 1))).count();
    }

    @Override
    public void removeRoot(String root) throws Exception {
        if (zk.exists(root, false) != null) {
            ZKUtil.deleteRecursive(zk, root);
        }
    }

    @Override
    public void close() throws InterruptedException {
        zk.close();
    }
}
