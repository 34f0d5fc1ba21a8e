package io.github.zkrpcperfgate.zookeeper;

import java.util.ArrayList;
import java.util.List;

/** The command line of one ZooKeeper server JVM, the same for containers and child processes. */
final class ServerCommand {

    /** Heap of each server: ample for 10,000 small znodes, small enough for 5 servers on a CI box. */
    static final List<String> HEAP = List.of("-Xms256m", "-Xmx512m");

    private ServerCommand() {
    }

    static List<String> of(String java, String classpath, String configFile, EnsembleSpec spec) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(HEAP);
        cmd.add("-D" + Leftovers.OWNER_PROPERTY + "=" + Leftovers.ownerPid());
        cmd.addAll(spec.serverJvmFlags());
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add("org.apache.zookeeper.server.quorum.QuorumPeerMain");
        cmd.add(configFile);
        return cmd;
    }
}
