package io.github.zkrpcperfgate.zookeeper;

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

    /** Picks the endpoint to measure through: the lowest-id follower, else the only server. */
    static NodeEndpoint measuredNode(java.util.List<NodeEndpoint> nodes, Map<Integer, String> modes) {
        return nodes.stream().filter(n -> "follower".equals(modes.get(n.id()))).findFirst().orElse(nodes.get(0));
    }
}
