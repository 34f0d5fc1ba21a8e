package io.github.zkrpcperfgate.zookeeper;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.zookeeper.client.FourLetterWordMain;

/**
 * Waits until an ensemble really serves: every node answers {@code srvr} with a mode, and
 * exactly one is leader (or the single node is standalone). The "binding to port" log line is
 * not enough: clients that connected at that moment had their sessions dropped.
 */
public final class EnsembleReadiness {

    private static final int SRVR_TIMEOUT_MILLIS = 2_000;
    private static final long POLL_MILLIS = 200;

    private EnsembleReadiness() {
    }

    /** The mode each node reported, by id, once ready. */
    public static Map<Integer, String> await(String scenario, List<NodeEndpoint> nodes, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<Integer, String> last = new LinkedHashMap<>();
        while (true) {
            last.clear();
            for (NodeEndpoint node : nodes) {
                last.put(node.id(), probe(node));
            }
            long leaders = last.values().stream().filter("leader"::equals).count();
            boolean allServing = last.values().stream().allMatch(m -> m.equals("leader") || m.equals("follower")
                    || m.equals("standalone"));
            boolean oneLeader = nodes.size() == 1 ? last.containsValue("standalone") : leaders == 1;
            if (allServing && oneLeader) {
                return Map.copyOf(last);
            }
            for (NodeEndpoint node : nodes) {
                var death = node.death().get();
                if (death.isPresent()) {
                    throw new IllegalStateException(scenario + ": server " + node.id() + " died during start-up ("
                            + death.get().strip() + "). Last log lines:\n" + node.logTail().get());
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(notReadyMessage(scenario, nodes, last, timeout));
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** "leader", "follower", "standalone", or what went wrong asking. */
    static String probe(NodeEndpoint node) {
        try {
            String answer = FourLetterWordMain.send4LetterWord(node.host(), node.clientPort(), "srvr", false,
                    SRVR_TIMEOUT_MILLIS);
            return modeOf(answer).orElse("not serving (" + answer.strip().lines().findFirst().orElse("empty answer") + ")");
        } catch (Exception e) {
            return "no answer (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")";
        }
    }

    /**
     * The last transaction this node has applied ({@code Zxid:} of {@code srvr}), with its mode;
     * empty while it does not serve (starting, electing, syncing with the leader) or does not answer.
     */
    static Optional<Applied> applied(NodeEndpoint node) {
        try {
            String answer = FourLetterWordMain.send4LetterWord(node.host(), node.clientPort(), "srvr", false,
                    SRVR_TIMEOUT_MILLIS);
            return appliedOf(answer);
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    static Optional<Applied> appliedOf(String srvrAnswer) {
        Optional<String> mode = modeOf(srvrAnswer);
        Optional<Long> zxid = srvrAnswer.lines().filter(line -> line.startsWith("Zxid: "))
                .map(line -> Long.decode(line.substring("Zxid: ".length()).strip())).findFirst();
        return mode.isPresent() && zxid.isPresent() ? Optional.of(new Applied(mode.get(), zxid.get())) : Optional.empty();
    }

    /** A serving node's mode and the zxid of the last transaction it applied. */
    record Applied(String mode, long zxid) {
    }

    static Optional<String> modeOf(String srvrAnswer) {
        return srvrAnswer.lines()
                .filter(line -> line.startsWith("Mode: "))
                .map(line -> line.substring("Mode: ".length()).strip())
                .findFirst();
    }

    private static String notReadyMessage(String scenario, List<NodeEndpoint> nodes, Map<Integer, String> modes,
                                          Duration timeout) {
        StringBuilder m = new StringBuilder(scenario + ": the quorum did not form within " + timeout.toSeconds()
                + " s (need every node serving and exactly one leader). Last answers to srvr:\n");
        for (NodeEndpoint node : nodes) {
            m.append("  server ").append(node.id()).append(" at ").append(node.hostPort()).append(": ")
                    .append(modes.get(node.id())).append('\n');
        }
        for (NodeEndpoint node : nodes) {
            m.append("--- last log lines of server ").append(node.id()).append(" ---\n").append(node.logTail().get()).append('\n');
        }
        return m.toString();
    }
}
