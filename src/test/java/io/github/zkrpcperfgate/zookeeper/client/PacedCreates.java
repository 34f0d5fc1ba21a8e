package io.github.zkrpcperfgate.zookeeper.client;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.zookeeper.PacedStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * {@link PacedStream} on one session: a sender thread issues {@code <root>/paced_i} at its
 * intended time {@code start + i / rate}; the client's event thread answers each, in order.
 * While the session reconnects the client queues creates and sends them once connected, or
 * fails them with ConnectionLoss; neither is retried, so a create is counted once.
 */
final class PacedCreates implements PacedStream {

    private static final byte[] DATA = "paced".getBytes(StandardCharsets.UTF_8);
    /** Bound on waiting for the last answers once sending stops: past the session timeout, every create is answered. */
    private static final Duration ANSWER_TIMEOUT = Duration.ofMillis(ZooKeeperSession.SESSION_TIMEOUT_MILLIS + 10_000L);

    private final ZooKeeper zk;
    private final String root;
    private final long periodNanos;
    private final LatencyRecorder latencies;
    private final Thread sender;
    private final Object lock = new Object();
    private volatile boolean stopping;
    private long firstSendNanos;
    private long sent;
    private long answered;
    private long connectionLosses;
    private long otherFailures;
    private final List<String> acknowledged = new ArrayList<>();
    private final List<Long> ackNanos = new ArrayList<>();

    PacedCreates(ZooKeeper zk, String root, int perSecond, LatencyRecorder latencies) {
        if (perSecond <= 0) {
            throw new IllegalArgumentException("a paced stream needs a rate > 0, was " + perSecond);
        }
        this.zk = zk;
        this.root = root;
        this.periodNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
        this.latencies = latencies;
        this.sender = new Thread(this::send, "paced-creates");
        this.sender.setDaemon(true);
        this.sender.start();
    }

    private void send() {
        long start = System.nanoTime();
        synchronized (lock) {
            firstSendNanos = start;
        }
        AsyncCallback.StringCallback answer = (rc, path, ctx, name) -> answered(rc, path, (Long) ctx);
        for (long i = 0; !stopping; i++) {
            long intended = start + i * periodNanos;
            long wait;
            while (!stopping && (wait = intended - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            if (stopping) {
                return;
            }
            synchronized (lock) {
                sent++;
            }
            zk.create(root + "/paced_" + i, DATA, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT, answer, intended);
        }
    }

    private void answered(int rc, String path, long intendedNanos) {
        long now = System.nanoTime();
        synchronized (lock) {
            answered++;
            if (rc == KeeperException.Code.OK.intValue()) {
                latencies.recordNanos(now - intendedNanos);
                acknowledged.add(path);
                ackNanos.add(now);
            } else if (rc == KeeperException.Code.CONNECTIONLOSS.intValue()) {
                connectionLosses++;
            } else {
                otherFailures++;
            }
            lock.notifyAll();
        }
    }

    @Override
    public void stop() {
        stopping = true;
        sender.interrupt();
    }

    @Override
    public Result finish() throws InterruptedException {
        stop();
        sender.join(TimeUnit.SECONDS.toMillis(10));
        long deadline = System.nanoTime() + ANSWER_TIMEOUT.toNanos();
        synchronized (lock) {
            while (answered < sent) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException("paced creates under " + root + ": " + (sent - answered) + " of " + sent
                            + " still unanswered " + ANSWER_TIMEOUT.toSeconds() + " s after sending stopped");
                }
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            }
            long[] acks = ackNanos.stream().mapToLong(Long::longValue).toArray();
            return new Result(sent, acknowledged, connectionLosses, otherFailures, Result.longestSilence(firstSendNanos, acks));
        }
    }
}
