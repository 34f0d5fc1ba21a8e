package io.github.zkrpcperfgate.zookeeper;

import java.util.ArrayList;
import java.util.List;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.lifecycle.Startable;

/**
 * The ensembles one test class measures, started together so their rounds can interleave
 * (which makes the 5-node/1-node figure a within-round ratio). The backend is resolved at
 * first need, so building the group never fails.
 */
public final class EnsembleGroup implements Startable {

    private final List<EnsembleSpec> specs;
    private final Backend requested;
    private final String connect;
    /** Read by {@link #stop} without the lock, so a shutdown hook need not wait for a start to end. */
    private final List<ZooKeeperEnsemble> running = new java.util.concurrent.CopyOnWriteArrayList<>();
    private Backend resolved;

    public EnsembleGroup(List<EnsembleSpec> specs, Backend requested, String connect) {
        this.specs = List.copyOf(specs);
        this.requested = requested;
        this.connect = connect;
    }

    public static EnsembleGroup fromSystemProperties(List<EnsembleSpec> specs) {
        return new EnsembleGroup(specs, Backend.parse(System.getProperty("perf.zk.backend", "auto")),
                System.getProperty("perf.zk.connect", ""));
    }

    /**
     * The backend the group runs on, worked out (once) without starting anything: what depends on
     * it, such as the baseline file, is checked before any server starts.
     */
    public synchronized Backend resolveBackend() {
        if (resolved == null) {
            resolved = requested.resolve(connect, () -> DockerClientFactory.instance().isDockerAvailable());
            System.out.println("[perf] ZooKeeper backend: " + resolved.jsonName()
                    + (requested == Backend.AUTO ? " (auto)" : ""));
        }
        return resolved;
    }

    @Override
    public synchronized void start() {
        if (!running.isEmpty() || specs.isEmpty()) {
            return;
        }
        resolveBackend();
        try {
            for (EnsembleSpec spec : specs) {
                ZooKeeperEnsemble ensemble = switch (resolved) {
                    case DOCKER -> new ContainerEnsemble(spec, ZooKeeperImage.baseImage());
                    case PROCESS -> new ProcessEnsemble(spec);
                    case EXTERNAL -> new ExternalEnsemble(spec, connect);
                    case AUTO -> throw new IllegalStateException("auto is resolved above");
                };
                running.add(ensemble);
                ensemble.start();
            }
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    /** Stops every ensemble; one failing to stop does not leave the others running. */
    @Override
    public void stop() {
        RuntimeException first = null;
        for (ZooKeeperEnsemble e : running) { // a snapshot: the list copies on write
            try {
                e.stop();
            } catch (RuntimeException ex) {
                first = first == null ? ex : first;
            }
        }
        running.clear();
        if (first != null) {
            throw first;
        }
    }

    /** Stops every ensemble and starts new ones from the same specs: new servers, a new election. */
    public synchronized void restart() {
        stop();
        start();
    }

    public synchronized List<ZooKeeperEnsemble> ensembles() {
        return List.copyOf(running);
    }

    /** The backend that ran, or the requested one before start. */
    public synchronized Backend backend() {
        return resolved == null ? requested : resolved;
    }
}
