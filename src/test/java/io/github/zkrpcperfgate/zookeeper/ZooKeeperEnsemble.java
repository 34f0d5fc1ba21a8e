package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.calibration.LogLayout;
import io.github.zkrpcperfgate.calibration.OwnCpu;
import java.util.Map;
import org.testcontainers.lifecycle.Startable;

/**
 * A running ZooKeeper ensemble, whatever runs it. A {@link Startable}, so the Testcontainers
 * JUnit extension starts and stops it with the test class; {@code start} twice is harmless and
 * {@code close} works from any state.
 */
public interface ZooKeeperEnsemble extends Startable {

    EnsembleSpec spec();

    /** "docker", "process" or "external": the report says which ran. */
    String backend();

    /**
     * The one server the workload's client talks to, as {@code host:port}. Chosen, not left to
     * the client's random pick: on 5 nodes a follower (the common case, 4 of 5), so every run
     * measures the same path (client → follower → leader → quorum).
     */
    String clientConnectString();

    /** Each server's mode once ready, by server id. */
    Map<Integer, String> modes();

    /**
     * Limits every server to {@code cpus} cores from now on (an injected slowdown: a server
     * starved of CPU, as on an oversubscribed host). Only containers can be limited.
     */
    default void limitCpus(double cpus) {
        throw new UnsupportedOperationException(spec().scenario() + ": the " + backend()
                + " backend cannot limit a server's CPU; the zk.cpus injection needs -Dperf.zk.backend=docker");
    }

    /**
     * Starts the fsync calibration probe where the servers keep their data, its fsyncs delayed by
     * {@code delayMicros} (an injected slower disk, 0 for none). An ensemble whose disks this
     * machine cannot reach probes the temporary directory, and says so in {@link FsyncProbe#where()}.
     */
    default FsyncProbe fsyncProbe(long delayMicros) {
        if (delayMicros > 0) {
            throw new UnsupportedOperationException(spec().scenario() + ": the " + backend()
                    + " backend cannot slow the disk of servers it does not run; env.fsyncDelayUs needs docker or process");
        }
        return FsyncProbe.inTempDirectory(LogLayout.ZOOKEEPER_TXN_LOG);
    }

    /**
     * Process ids, on this machine, of the server JVMs: their CPU is the system under test's, not
     * a neighbour's. Empty where they run elsewhere.
     */
    default java.util.List<Long> serverProcessIds() {
        return java.util.List.of();
    }

    /** Where the servers spend CPU on this machine: by default their processes ({@link #serverProcessIds}). */
    default OwnCpu serverCpu() {
        return OwnCpu.processes(serverProcessIds());
    }

    /**
     * Keeps {@code threads} busy loops running inside the measured server's container from now on
     * (an injected slowdown: a server that keeps a core busy between and during samples, as a
     * spinning selector would). Its CPU is the system's own, so the gate must call the result a
     * regression, never a busy machine. Only containers can host it.
     */
    default void keepBusy(int threads) {
        throw new UnsupportedOperationException(spec().scenario() + ": the " + backend()
                + " backend cannot run work inside a server; the zk.busyThreads injection needs -Dperf.zk.backend=docker");
    }

    /**
     * Starts {@code writers} loops that write and force small records on the servers' disk without
     * pause, as a neighbour's database would: the environment's change, not the system's.
     * Closing it stops them.
     */
    default AutoCloseable busyDisk(int writers) {
        throw new UnsupportedOperationException(spec().scenario() + ": the " + backend()
                + " backend cannot run a neighbour on the servers' disk; env.busyDiskWriters needs -Dperf.zk.backend=docker");
    }

    /**
     * Kills the server that leads now without warning (SIGKILL: {@code docker kill}, or kill -9 of
     * the child JVM), as a crashed host would, and drops it from the serving nodes, so its absence
     * is the scenario and not a death to report; returns its id. {@link #restartKilled} brings it back.
     */
    default int killLeader() {
        throw new UnsupportedOperationException(spec().scenario() + ": the " + backend()
                + " backend cannot kill a server it does not run; leader failover needs docker or process");
    }

    /**
     * Starts server {@code id} again after {@link #killLeader}, on the data the kill left (as an
     * operator restarts a crashed host), and counts it among the serving nodes from now on;
     * returns how to reach it (a container's published port may change). It serves once it has
     * caught up with the leader: {@link #awaitServing} waits for that.
     */
    default NodeEndpoint restartKilled(int id) {
        throw new UnsupportedOperationException(spec().scenario() + ": the " + backend()
                + " backend cannot restart a server it does not run");
    }

    /**
     * Waits, within the spec's ready timeout, until every serving node answers {@code srvr} with
     * one leader among them, and takes their modes as the ensemble's: after a failover and a
     * restart the leader and the measured follower are others than at start.
     */
    default void awaitServing() throws InterruptedException {
        throw new UnsupportedOperationException(spec().scenario() + ": the " + backend()
                + " backend does not track the servers' modes");
    }

    /** The servers serving now, each with how to reach it: all of them but any stopped or killed on purpose. */
    default java.util.List<NodeEndpoint> servingNodes() {
        return java.util.List.of();
    }

    /**
     * After a failure: each server of this ensemble found dead, with what was seen and its last
     * log lines ({@link NodeEndpoint#deathReport}); empty while all look alive or where nobody
     * can tell (an external ensemble).
     */
    default java.util.List<String> deadServers() {
        return java.util.List.of();
    }

    /** The servers' reports of {@code nodes} that have died, each prefixed with the ensemble's scenario. */
    static java.util.List<String> deadServers(String scenario, java.util.List<NodeEndpoint> nodes) {
        return nodes.stream().flatMap(n -> n.deathReport(NodeEndpoint.DEATH_LOG_LINES).stream())
                .map(r -> scenario + " " + r).toList();
    }

    /** Picks the endpoint to measure through: the lowest-id follower, else the only server. */
    static NodeEndpoint measuredNode(java.util.List<NodeEndpoint> nodes, Map<Integer, String> modes) {
        return nodes.stream().filter(n -> "follower".equals(modes.get(n.id()))).findFirst().orElse(nodes.get(0));
    }
}
