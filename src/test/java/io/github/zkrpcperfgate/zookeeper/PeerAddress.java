package io.github.zkrpcperfgate.zookeeper;

/** Where server {@code id} listens for its peers: quorum (followers to leader) and election ports. */
public record PeerAddress(int id, String host, int quorumPort, int electionPort) {

    public PeerAddress {
        if (id < 1 || id > 255) {
            throw new IllegalArgumentException("server id must be in 1..255, was " + id);
        }
    }
}
