package io.github.zkrpcperfgate.zookeeper.client;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.zookeeper.WriteMode;
import io.github.zkrpcperfgate.zookeeper.WriteModeScenarios;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * The seed's test: create {@code ops} znodes {@code <root>/dummyTest_i} holding "dummy",
 * OPEN_ACL_UNSAFE, PERSISTENT, in one {@link WriteMode}; then delete them with a multi.
 * Paths and op lists are built once, so the timed region holds only ZooKeeper calls.
 */
final class CreateWorkload implements Workload {

    private static final byte[] DATA = "dummy".getBytes(StandardCharsets.UTF_8);

    private final String name;
    private final WriteMode mode;
    private final ZooKeeper zk;
    private final String[] paths;
    private final List<Op> creates;
    private final List<List<Op>> deleteBatches;
    private final Duration asyncTimeout;
    /** The multi mode's requests: one of all creates, or (an injected slowdown) several smaller ones. */
    private final List<List<Op>> multiBatches;

    /** @param multiBatch ops per multi request; 0 sends all creates in one, as the seed does */
    CreateWorkload(String scenario, WriteMode mode, ZooKeeper zk, String root, int ops, int multiBatch,
                   Duration asyncTimeout) {
        this.name = WriteModeScenarios.workloadName(scenario, mode);
        this.mode = mode;
        this.zk = zk;
        this.asyncTimeout = asyncTimeout;
        this.paths = new String[ops];
        List<Op> createOps = new ArrayList<>(ops);
        List<Op> deleteOps = new ArrayList<>(ops);
        for (int i = 0; i < ops; i++) {
            paths[i] = root + "/dummyTest_" + i;
            createOps.add(Op.create(paths[i], DATA, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT));
            deleteOps.add(Op.delete(paths[i], -1));
        }
        this.creates = List.copyOf(createOps);
        this.multiBatches = multiBatch <= 0 ? List.of(creates) : split(creates, multiBatch);
        if (mode == WriteMode.MULTI) {
            MultiRequestSize.requireFits(name, creates, MultiRequestSize.limitBytes());
        }
        this.deleteBatches = deleteBatches(deleteOps);
    }

    /** Deletes are smaller than creates, but split if a batch would still exceed the limit. */
    private List<List<Op>> deleteBatches(List<Op> deletes) {
        int parts = 1;
        while (MultiRequestSize.bytes(deletes.subList(0, (deletes.size() + parts - 1) / parts)) > MultiRequestSize.limitBytes()) {
            parts++;
        }
        return split(deletes, (deletes.size() + parts - 1) / parts);
    }

    private static List<List<Op>> split(List<Op> ops, int per) {
        List<List<Op>> batches = new ArrayList<>();
        for (int from = 0; from < ops.size(); from += per) {
            batches.add(List.copyOf(ops.subList(from, Math.min(ops.size(), from + per))));
        }
        return batches;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int operationsPerSet() {
        return paths.length;
    }

    @Override
    public void runSet(LatencyRecorder latencies) throws Exception {
        switch (mode) {
            case SYNC -> {
                for (String path : paths) {
                    long start = System.nanoTime();
                    zk.create(path, DATA, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                    latencies.recordNanos(System.nanoTime() - start);
                }
            }
            case ASYNC -> runAsync(latencies);
            case MULTI -> {
                for (List<Op> batch : multiBatches) {
                    long start = System.nanoTime();
                    zk.multi(batch);
                    latencies.recordNanos(System.nanoTime() - start);
                }
            }
        }
    }

    private void runAsync(LatencyRecorder latencies) throws Exception {
        int n = paths.length;
        long[] sentAt = new long[n]; // the intended send time of each create
        CountDownLatch callbacks = new CountDownLatch(n);
        AtomicInteger failures = new AtomicInteger();
        AtomicInteger firstFailure = new AtomicInteger(KeeperException.Code.OK.intValue());
        for (int i = 0; i < n; i++) {
            sentAt[i] = System.nanoTime();
            zk.create(paths[i], DATA, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT, (rc, path, ctx, created) -> {
                latencies.recordNanos(System.nanoTime() - sentAt[(Integer) ctx]);
                if (rc != KeeperException.Code.OK.intValue() && failures.getAndIncrement() == 0) {
                    firstFailure.set(rc);
                }
                callbacks.countDown();
            }, i);
        }
        if (!callbacks.await(asyncTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new TimeoutException(name + ": only " + (n - callbacks.getCount()) + " of " + n
                    + " async create callbacks arrived within " + asyncTimeout.toSeconds() + " s");
        }
        if (failures.get() > 0) {
            throw new IllegalStateException(name + ": " + failures.get() + " of " + n + " async creates failed, first with "
                    + KeeperException.Code.get(firstFailure.get()));
        }
    }

    @Override
    public void resetAfterSet() throws Exception {
        for (List<Op> batch : deleteBatches) {
            zk.multi(batch);
        }
    }
}
