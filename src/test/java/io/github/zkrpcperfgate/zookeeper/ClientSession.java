package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.measure.Workload;
import java.util.List;

/**
 * A ZooKeeper client session of one release, as the harness sees it: it prepares and removes the
 * run's root and makes the write-mode workloads. Implemented in {@code zookeeper.client}, which a
 * {@link ReleaseClassLoader} loads beside that release's client jars ({@link ClientRelease}); no
 * ZooKeeper type crosses this interface, so the harness never links against a release.
 */
public interface ClientSession extends AutoCloseable {

    /** The client's own version string, e.g. "3.8.6-…, built on …". */
    String release();

    /** Creates the run's root znode, removing a leftover of this PID first. */
    void createRoot(String root) throws Exception;

    /** One workload per write mode under {@code root}: sync creating {@code syncOps} znodes a set, async and multi {@code ops}. */
    List<Workload> workloads(String scenario, String root, int ops, int syncOps, int multiBatch);

    /**
     * Starts asynchronous creates under {@code root} at {@code perSecond}, each timed from its
     * intended send time into {@code latencies}, until {@link PacedStream#finish}.
     */
    PacedStream startPacedCreates(String root, int perSecond, io.github.zkrpcperfgate.measure.LatencyRecorder latencies);

    /** How many of {@code paths}, all children of {@code root}, are not there (read in one listing). */
    long missing(String root, List<String> paths) throws Exception;

    /** Removes the run's root and everything under it, if it is there. */
    void removeRoot(String root) throws Exception;

    @Override
    void close() throws Exception;
}
