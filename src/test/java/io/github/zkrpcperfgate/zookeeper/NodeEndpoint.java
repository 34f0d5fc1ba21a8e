package io.github.zkrpcperfgate.zookeeper;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * How the test JVM reaches one server's client port, how to show its last log lines, and how
 * to tell that it has died (so readiness fails at once instead of waiting out its timeout).
 */
public record NodeEndpoint(int id, String host, int clientPort, Supplier<String> logTail,
                           Supplier<Optional<String>> death) {

    /** Log lines shown per dead server: enough for the cause, few enough to read in a build log. */
    static final int DEATH_LOG_LINES = 10;

    /** An endpoint whose death nobody can see (an external server). */
    public NodeEndpoint(int id, String host, int clientPort, Supplier<String> logTail) {
        this(id, host, clientPort, logTail, Optional::empty);
    }

    public String hostPort() {
        return host + ":" + clientPort;
    }

    /**
     * "server 3 (127.0.0.1:32771): exited with code 137; last log lines: …" when the server has
     * died, empty while it looks alive. Never throws: it is asked after something already failed.
     */
    Optional<String> deathReport(int logLines) {
        try {
            return death.get().map(seen -> "server " + id + " (" + hostPort() + "): " + seen + "; last log lines:\n"
                    + lastLines(logTail.get(), logLines));
        } catch (RuntimeException e) {
            return Optional.of("server " + id + " (" + hostPort() + "): its state could not be read (" + e + ")");
        }
    }

    private static String lastLines(String text, int n) {
        List<String> lines = text.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }

    /** What ZooKeeper logs when one of its critical threads fails (ZooKeeperCriticalThread); the cause is on the next line. */
    static final String CRITICAL_THREAD_FAILED = "Severe unrecoverable error";
    /** What a log line holds when the server will never serve again. */
    private static final List<String> FATAL_MARKS = List.of(CRITICAL_THREAD_FAILED, "java.lang.OutOfMemoryError", " died",
            "exiting abnormally", "Address already in use");

    /**
     * Log lines that mean the server will never serve, whatever the process state says; for a
     * critical thread's failure, with its cause. Measured 2026-12-07: a server whose request
     * processor ran out of heap ({@code java.lang.OutOfMemoryError}) stayed up and answered
     * four-letter words while closing every client connection, so the run ended on a bare
     * ConnectionLoss until this line was read as a death. Give it the whole log: later stack
     * traces soon push the line out of a tail.
     */
    static Optional<String> fatalLine(String log) {
        List<String> lines = log.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.contains(CRITICAL_THREAD_FAILED) && i + 1 < lines.size()) {
                return Optional.of(l + " " + lines.get(i + 1).trim());
            }
            if (FATAL_MARKS.stream().anyMatch(l::contains)) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }
}
