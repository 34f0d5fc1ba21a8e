package io.github.zkrpcperfgate.zookeeper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An ensemble the user runs, given by {@code -Dperf.zk.connect=host:port,…}. The suite only
 * checks that it serves; it starts and stops nothing, and works under its own root znode.
 */
final class ExternalEnsemble implements ZooKeeperEnsemble {

    private final EnsembleSpec spec;
    private final List<NodeEndpoint> nodes;
    private Map<Integer, String> modes = Map.of();

    ExternalEnsemble(EnsembleSpec spec, String connect) {
        this.spec = spec;
        List<NodeEndpoint> parsed = new ArrayList<>();
        String[] hosts = connect.split(",");
        for (int i = 0; i < hosts.length; i++) {
            String hostPort = hosts[i].trim();
            int colon = hostPort.lastIndexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("-Dperf.zk.connect entry \"" + hostPort + "\" must be host:port");
            }
            parsed.add(new NodeEndpoint(i + 1, hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)),
                    () -> "(an external server: see its own logs)"));
        }
        this.nodes = List.copyOf(parsed);
    }

    static int size(String connect) {
        return connect.split(",").length;
    }

    @Override
    public synchronized void start() {
        try {
            modes = EnsembleReadiness.await(spec.scenario(), nodes, spec.readyTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking " + spec.scenario(), e);
        }
    }

    @Override
    public void stop() {
        // not ours to stop
    }

    @Override
    public EnsembleSpec spec() {
        return spec;
    }

    @Override
    public String backend() {
        return "external";
    }

    @Override
    public synchronized String clientConnectString() {
        return ZooKeeperEnsemble.measuredNode(nodes, modes).hostPort();
    }

    @Override
    public synchronized Map<Integer, String> modes() {
        return modes;
    }
}
