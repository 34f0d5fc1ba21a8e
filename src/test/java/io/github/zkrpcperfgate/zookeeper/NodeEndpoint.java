package io.github.zkrpcperfgate.zookeeper;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * How the test JVM reaches one server's client port, how to show its last log lines, and how
 * to tell that it has died (so readiness fails at once instead of waiting out its timeout).
 */
public record NodeEndpoint(int id, String host, int clientPort, Supplier<String> logTail,
                           Supplier<Optional<String>> death) {

    /** An endpoint whose death nobody can see (an external server). */
    public NodeEndpoint(int id, String host, int clientPort, Supplier<String> logTail) {
        this(id, host, clientPort, logTail, Optional::empty);
    }

    public String hostPort() {
        return host + ":" + clientPort;
    }

    /** Log lines that mean the server will never serve, whatever the process state says. */
    static Optional<String> fatalLine(String logTail) {
        return logTail.lines()
                .filter(l -> l.contains(" died") || l.contains("exiting abnormally") || l.contains("Address already in use"))
                .findFirst();
    }
}
