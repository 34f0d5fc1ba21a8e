package io.github.zkrpcperfgate.zookeeper;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The server-to-server links of an ensemble, each through a delay line of its own: server i
 * reaches server j's quorum and election ports through proxies that only i's configuration names,
 * so every connection i opens to j crosses one delay each way, as between two hosts of a LAN.
 * A server's own line stays its real address, since it binds there. With no delay the servers
 * see each other directly and no proxy runs.
 *
 * <p>One path stays direct: when a server with the lower id dials a higher one, ZooKeeper's
 * election manager drops that connection and dials back to the address the lower one advertises,
 * its real one (QuorumCnxManager). Election notifications may therefore cross one link undelayed
 * in one direction; the quorum traffic of every write (proposal, ack, commit: follower to
 * leader, on the address in the follower's own configuration) is always delayed.
 */
final class PeerLinks implements AutoCloseable {

    private record Link(int from, int to) {
    }

    private record Proxied(DelayingProxy quorum, DelayingProxy election) {
    }

    private final List<PeerAddress> peers;
    private final Map<Link, Proxied> proxies;

    private PeerLinks(List<PeerAddress> peers, Map<Link, Proxied> proxies) {
        this.peers = List.copyOf(peers);
        this.proxies = proxies;
    }

    /**
     * Opens a delay line for every ordered pair of distinct servers, on both peer ports.
     *
     * @param peers  every server at its real address (empty for a standalone server)
     * @param delay  one-way delay of every link; zero for none
     * @param proxy  a delay line of that delay to a target, on an address the servers can reach
     */
    static PeerLinks open(List<PeerAddress> peers, Duration delay, Function<InetSocketAddress, DelayingProxy> proxy) {
        Map<Link, Proxied> proxies = new HashMap<>();
        if (delay.isZero() || peers.size() < 2) {
            return new PeerLinks(peers, proxies);
        }
        PeerLinks links = new PeerLinks(peers, proxies);
        try {
            for (PeerAddress from : peers) {
                for (PeerAddress to : peers) {
                    if (from.id() != to.id()) {
                        DelayingProxy quorum = proxy.apply(new InetSocketAddress(to.host(), to.quorumPort()));
                        DelayingProxy election;
                        try {
                            election = proxy.apply(new InetSocketAddress(to.host(), to.electionPort()));
                        } catch (RuntimeException e) {
                            closeQuietly(quorum);
                            throw e;
                        }
                        proxies.put(new Link(from.id(), to.id()), new Proxied(quorum, election));
                    }
                }
            }
            return links;
        } catch (RuntimeException e) {
            links.close();
            throw e;
        }
    }

    /** The peer list server {@code id}'s configuration gets: itself as it is, every other server behind its link. */
    List<PeerAddress> seenBy(int id) {
        List<PeerAddress> seen = new ArrayList<>();
        for (PeerAddress p : peers) {
            Proxied link = proxies.get(new Link(id, p.id()));
            seen.add(link == null ? p
                    : new PeerAddress(p.id(), link.quorum().host(), link.quorum().port(), link.election().port()));
        }
        return seen;
    }

    /** How many delay lines run: two per ordered pair of servers when delayed, else none. */
    int delayLines() {
        return proxies.size() * 2;
    }

    /** For the start-up line: empty when the servers see each other directly. */
    String describe(Duration delay) {
        return proxies.isEmpty() ? ""
                : String.format(", peer links %d µs each way (%d delay lines)", delay.toNanos() / 1000, delayLines());
    }

    @Override
    public void close() {
        for (Proxied p : proxies.values()) {
            closeQuietly(p.quorum());
            closeQuietly(p.election());
        }
        proxies.clear();
    }

    private static void closeQuietly(DelayingProxy proxy) {
        try {
            proxy.close();
        } catch (IOException e) {
            System.err.println("[perf] could not close a peer link's delay line: " + e);
        }
    }
}
