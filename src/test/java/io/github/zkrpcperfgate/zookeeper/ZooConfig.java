package io.github.zkrpcperfgate.zookeeper;

import java.util.List;

/** Renders {@code zoo.cfg}: a pure function of the node's settings, so it is unit-tested on its own. */
public final class ZooConfig {

    private ZooConfig() {
    }

    /**
     * @param dataDir       snapshot and transaction-log directory (fsyncs happen here)
     * @param clientAddress address the client port binds to ({@code 127.0.0.1} for child JVMs,
     *                      {@code 0.0.0.0} inside a container, whose port is published on loopback)
     * @param clientPort    client port
     * @param peers         every server of the ensemble; empty for a standalone server
     */
    public static String render(String dataDir, String clientAddress, int clientPort, List<PeerAddress> peers) {
        StringBuilder cfg = new StringBuilder()
                .append("# rendered by zk-rpc-perfgate\n")
                .append("tickTime=2000\n")
                .append("initLimit=10\n")
                .append("syncLimit=5\n")
                .append("dataDir=").append(dataDir).append('\n')
                .append("clientPortAddress=").append(clientAddress).append('\n')
                .append("clientPort=").append(clientPort).append('\n')
                // srvr answers readiness; mntr and ruok help a person debugging a run.
                .append("4lw.commands.whitelist=srvr,mntr,ruok\n")
                // The AdminServer would need Jetty and another port; the suite uses srvr instead.
                .append("admin.enableServer=false\n")
                // Keep snapshots and logs from piling up over many samples.
                .append("autopurge.snapRetainCount=3\n")
                .append("autopurge.purgeInterval=1\n");
        if (peers.size() > 1) {
            cfg.append("standaloneEnabled=false\n");
            for (PeerAddress p : peers) {
                cfg.append("server.").append(p.id()).append('=').append(p.host()).append(':')
                        .append(p.quorumPort()).append(':').append(p.electionPort()).append('\n');
            }
        }
        return cfg.toString();
    }
}
