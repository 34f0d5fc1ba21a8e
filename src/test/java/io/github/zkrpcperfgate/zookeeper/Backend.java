package io.github.zkrpcperfgate.zookeeper;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/** Where ZooKeeper servers run ({@code -Dperf.zk.backend}). */
public enum Backend {
    /** docker when an engine answers, else process; external whenever {@code -Dperf.zk.connect} is given. */
    AUTO,
    /** Testcontainers, an image of the release under test and its own runtime ({@link ServerRuntime}). */
    DOCKER,
    /** Child JVMs running QuorumPeerMain on 127.0.0.1. */
    PROCESS,
    /** A real ensemble the user runs, given by {@code -Dperf.zk.connect}. */
    EXTERNAL;

    public static Backend parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-Dperf.zk.backend=" + name + " is not one of "
                    + Arrays.stream(values()).map(b -> b.name().toLowerCase(Locale.ROOT)).toList(), e);
        }
    }

    /** The backend that will actually run, given the request, the connect string and whether Docker answers. */
    public Backend resolve(String connect, BooleanSupplier dockerAvailable) {
        boolean hasConnect = connect != null && !connect.isBlank();
        return switch (this) {
            case AUTO -> hasConnect ? EXTERNAL : dockerAvailable.getAsBoolean() ? DOCKER : PROCESS;
            case EXTERNAL -> {
                if (!hasConnect) {
                    throw new IllegalArgumentException("-Dperf.zk.backend=external needs -Dperf.zk.connect=host:port,…");
                }
                yield EXTERNAL;
            }
            case DOCKER -> {
                if (!dockerAvailable.getAsBoolean()) {
                    throw new IllegalStateException("-Dperf.zk.backend=docker, but no Docker engine answers;"
                            + " start one (on this kind of machine: bash .ci/docker-engine.sh) or use -Dperf.zk.backend=process");
                }
                yield DOCKER;
            }
            case PROCESS -> PROCESS;
        };
    }

    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
