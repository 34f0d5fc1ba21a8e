package io.github.zkrpcperfgate.namenode;

import io.github.zkrpcperfgate.measure.BoundedWait;
import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * One operation on one NameNode from {@code threads} client threads, each working in a directory
 * of its own (no two threads contend for a path, only for the NameNode's lock and log, as clients
 * of a busy NameNode do). A set is {@code opsPerThread} operations per thread; what a set leaves
 * behind (files, directories, renamed names) is put back untimed.
 */
final class NameNodeOpWorkload implements Workload {

    @FunctionalInterface
    private interface PerThread {
        void run(int thread, NameNodeConnection connection, String threadDir) throws Exception;
    }

    private final String name;
    private final NameNodeOp op;
    private final List<NameNodeConnection> byThread;
    private final String root;
    private final int opsPerThread;
    private final Duration setTimeout;
    private final ExecutorService pool;

    private NameNodeOpWorkload(String name, NameNodeOp op, List<NameNodeConnection> byThread, String root,
                               int opsPerThread, Duration setTimeout) {
        this.name = name;
        this.op = op;
        this.byThread = List.copyOf(byThread);
        this.root = root;
        this.opsPerThread = opsPerThread;
        this.setTimeout = setTimeout;
        AtomicInteger threadNo = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(byThread.size(), r -> {
            Thread t = new Thread(r, "nn-bench-client-" + threadNo.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * A workload whose threads use {@code byThread} (one entry per thread; entries may repeat, as
     * one shared connection does), with its directories made and, for reads and renames, its files.
     */
    static NameNodeOpWorkload prepared(String name, NameNodeOp op, List<NameNodeConnection> byThread, String root,
                                       int opsPerThread, Duration setTimeout) throws Exception {
        NameNodeOpWorkload w = new NameNodeOpWorkload(name, op, byThread, root, opsPerThread, setTimeout);
        try {
            w.eachThread((t, c, dir) -> {
                c.namenode().mkdirs(dir, FsPermission.getDirDefault(), true);
                if (op.needsFiles()) {
                    for (int j = 0; j < opsPerThread; j++) {
                        NameNodeOp.CREATE.run(c.namenode(), c.clientName(), NameNodeOp.path(dir, j));
                    }
                }
            });
        } catch (Exception | Error e) {
            w.close();
            throw e;
        }
        return w;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int operationsPerSet() {
        return byThread.size() * opsPerThread;
    }

    @Override
    public void runSet(LatencyRecorder latencies) throws Exception {
        eachThread((t, c, dir) -> {
            for (int j = 0; j < opsPerThread; j++) {
                long start = System.nanoTime();
                op.run(c.namenode(), c.clientName(), NameNodeOp.path(dir, j));
                latencies.recordNanos(System.nanoTime() - start);
            }
        });
    }

    @Override
    public void resetAfterSet() throws Exception {
        switch (op) {
            case CREATE, MKDIRS -> eachThread((t, c, dir) -> {
                c.namenode().delete(dir, true);
                c.namenode().mkdirs(dir, FsPermission.getDirDefault(), true);
            });
            case RENAME -> eachThread((t, c, dir) -> {
                for (int j = 0; j < opsPerThread; j++) {
                    String path = NameNodeOp.path(dir, j);
                    if (!c.namenode().rename(NameNodeOp.renamed(path), path)) {
                        throw new IOException("renaming " + NameNodeOp.renamed(path) + " back returned false");
                    }
                }
            });
            case GET_FILE_INFO -> {
                // a read leaves nothing behind
            }
        }
    }

    /** Runs {@code work} once per thread, all at once, bounded by the set timeout. */
    private void eachThread(PerThread work) throws Exception {
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < byThread.size(); t++) {
            int thread = t;
            futures.add(pool.submit(() -> {
                work.run(thread, byThread.get(thread), root + "/t" + thread);
                return null;
            }));
        }
        BoundedWait.forAll(futures, setTimeout, name + ": " + operationsPerSet() + " " + op.label() + " operations");
    }

    void close() {
        pool.shutdownNow();
    }
}
