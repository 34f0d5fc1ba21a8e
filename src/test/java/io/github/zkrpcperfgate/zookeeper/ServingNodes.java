package io.github.zkrpcperfgate.zookeeper;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.stream.Stream;

/**
 * The servers of a formed ensemble that serve, with each one's mode: all of them, or all but the
 * followers its {@link Degradation} stops on purpose. A server stopped on purpose is no longer a
 * node of the ensemble: its absence is the scenario, never a death to report.
 */
record ServingNodes(List<NodeEndpoint> nodes, Map<Integer, String> modes) {

    ServingNodes {
        nodes = List.copyOf(nodes);
        modes = Map.copyOf(modes);
    }

    /**
     * Stops {@code spec}'s planned followers through {@code stop} (by server id), then waits for
     * those left to serve with one leader, within the spec's ready timeout; as it was when none
     * are planned.
     */
    ServingNodes withFollowersStopped(EnsembleSpec spec, IntConsumer stop) throws InterruptedException {
        int count = spec.degradation().followersDown();
        if (count == 0) {
            return this;
        }
        List<Integer> down = followersToStop(count);
        down.forEach(stop::accept);
        ServingNodes left = this;
        for (int id : down) {
            left = left.without(id);
        }
        ServingNodes serving = new ServingNodes(left.nodes, EnsembleReadiness.await(spec.scenario(), left.nodes, spec.readyTimeout()));
        System.out.printf("[perf] %s: follower(s) %s stopped as planned, modes now %s%n", spec.scenario(), down, serving.modes);
        return serving;
    }

    /**
     * The followers a planned stop takes: the highest ids that neither lead nor serve the client,
     * so the measured path (client, follower, leader) stays the healthy ensemble's.
     */
    List<Integer> followersToStop(int count) {
        List<Integer> candidates = otherFollowers();
        if (candidates.size() < count) {
            throw new IllegalStateException("cannot stop " + count + " follower(s): only " + candidates
                    + " neither lead nor serve the client (modes " + modes + ")");
        }
        return candidates.subList(0, count);
    }

    /** The follower an injected slow follower slows: the highest id of those up that the client does not talk to. */
    int slowFollower() {
        List<Integer> candidates = otherFollowers();
        if (candidates.isEmpty()) {
            throw new IllegalStateException("no follower besides the measured one is up to be slowed (modes " + modes + ")");
        }
        return candidates.get(0);
    }

    /** The one server that leads; fails when none does (a standalone server or an ensemble between leaders). */
    int leader() {
        return modes.entrySet().stream().filter(e -> "leader".equals(e.getValue())).map(Map.Entry::getKey).findFirst()
                .orElseThrow(() -> new IllegalStateException("no server leads (modes " + modes + ")"));
    }

    /**
     * Kills the server that leads through {@code kill} (by server id, without warning) and
     * returns the nodes left serving: its absence is the scenario, not a death to report.
     */
    ServingNodes withLeaderKilled(IntConsumer kill) {
        int leader = leader();
        kill.accept(leader);
        return without(leader);
    }

    /** These nodes without server {@code id}: one that was stopped or killed on purpose. */
    ServingNodes without(int id) {
        return new ServingNodes(nodes.stream().filter(n -> n.id() != id).toList(),
                modes.entrySet().stream().filter(e -> e.getKey() != id)
                        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    /** {@code nodes} with {@code node} in place of any of its id, in id order: a server restarted, at its new address. */
    static List<NodeEndpoint> withNode(List<NodeEndpoint> nodes, NodeEndpoint node) {
        return Stream.concat(nodes.stream().filter(n -> n.id() != node.id()), Stream.of(node))
                .sorted(Comparator.comparingInt(NodeEndpoint::id)).toList();
    }

    /** Followers other than the measured one, highest id first. */
    private List<Integer> otherFollowers() {
        int measured = ZooKeeperEnsemble.measuredNode(nodes, modes).id();
        return nodes.stream().map(NodeEndpoint::id).filter(id -> "follower".equals(modes.get(id)) && id != measured)
                .sorted(Comparator.reverseOrder()).toList();
    }
}
