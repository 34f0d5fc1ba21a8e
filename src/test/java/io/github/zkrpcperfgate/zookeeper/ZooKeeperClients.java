package io.github.zkrpcperfgate.zookeeper;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/** Opens a ZooKeeper session and waits, bounded, until it is connected. */
final class ZooKeeperClients {

    static final int SESSION_TIMEOUT_MILLIS = 30_000;

    private ZooKeeperClients() {
    }

    static ZooKeeper connect(String connectString, Duration timeout) throws Exception {
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
        return zk;
    }
}
