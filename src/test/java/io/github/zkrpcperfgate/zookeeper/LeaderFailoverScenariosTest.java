package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.verdict.Direction;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LeaderFailoverScenariosTest {

    @Test
    void theElectionTheWindowWithoutWritesAndTheRejoinAreCeilingsReadFromTheTrialsObservations() {
        List<GatedFigure> figures = LeaderFailoverScenarios.catalogue();
        assertThat(figures).extracting(f -> f.key().toString())
                .containsExactly("zk-5node-failover / electionMs", "zk-5node-failover / unavailableMs",
                        "zk-5node-failover / rejoinMs");
        assertThat(figures).allSatisfy(f -> assertThat(f.direction()).isEqualTo(Direction.LOWER_IS_BETTER));
        String trial = FailoverTrial.workloadName(LeaderFailoverScenarios.FAILOVER);
        Sample sample = new Sample(trial, 1, 1, 1, new Histogram(3), Map.of("electionMs", 412.0, "unavailableMs", 1310.0,
                "rejoinMs", 2210.0));
        Round round = new Round(1, List.of(trial), Map.of(trial, sample));
        assertThat(figures).extracting(f -> f.perRound().applyAsDouble(round)).containsExactly(412.0, 1310.0, 2210.0);
        Sample none = new Sample(trial, 2, 1, 1, new Histogram(3), Map.of());
        assertThatThrownBy(() -> figures.get(0).perRound().applyAsDouble(new Round(2, List.of(trial), Map.of(trial, none))))
                .hasMessageContaining("observed no electionMs");
        assertThat(LeaderFailoverScenarios.figures(List.of("zk-5node"))).isEmpty();
    }

    @Test
    void theWindowWithoutWritesIsTheLongestGapBetweenAcknowledgementsCountingFromTheFirstSend() {
        assertThat(PacedStream.Result.longestSilence(100, new long[] {110, 120, 900, 905})).isEqualTo(780);
        assertThat(PacedStream.Result.longestSilence(100, new long[] {2_000})).isEqualTo(1_900);
        assertThat(PacedStream.Result.longestSilence(100, new long[0])).isZero();
    }

    /** A loopback stand-in for a restarting server's client port: answers {@code srvr} with each answer in turn, the last one from then on. */
    private static ServerSocket srvrAnswering(String... answers) throws IOException {
        ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            for (int i = 0; !socket.isClosed(); i++) {
                try (Socket client = socket.accept()) {
                    client.getInputStream().readNBytes(4);
                    client.getOutputStream().write(answers[Math.min(i, answers.length - 1)]
                            .getBytes(StandardCharsets.US_ASCII));
                } catch (IOException closed) {
                    return;
                }
            }
        }, "fake-srvr");
        t.setDaemon(true);
        t.start();
        return socket;
    }

    @Test
    void aRejoinEndsWhenTheRestartedServerFollowsWithTheLeadersLastZxidNotWhenItFirstAnswers() throws Exception {
        String notServing = "This ZooKeeper instance is not currently serving requests\n";
        String behind = "Zookeeper version: 3.9.5\nZxid: 0x300000010\nMode: follower\n";
        String caughtUp = "Zookeeper version: 3.9.5\nZxid: 0x300000578\nMode: follower\n";
        try (ServerSocket fake = srvrAnswering(notServing, notServing, behind, caughtUp)) {
            NodeEndpoint node = new NodeEndpoint(5, "127.0.0.1", fake.getLocalPort(), () -> "");
            long since = System.nanoTime();
            long caught = FailoverTrial.awaitCaughtUp("zk-5node-failover", node, 0x300000578L, since);
            // Three answers short of it, 50 ms apart.
            assertThat(Duration.ofNanos(caught - since)).isGreaterThanOrEqualTo(Duration.ofMillis(150));
        }
    }

    @Test
    void aRestartedServerThatDiesEndsTheWaitWithItsLastLogLines() {
        NodeEndpoint dead = new NodeEndpoint(5, "127.0.0.1", 9, () -> "IOException: No snapshot found",
                () -> Optional.of("container 0123456789ab exited with code 1"));
        long start = System.nanoTime();
        assertThatThrownBy(() -> FailoverTrial.awaitCaughtUp("zk-5node-failover", dead, 1, start))
                .hasMessageContaining("zk-5node-failover: the killed leader, restarted, died before it caught up")
                .hasMessageContaining("exited with code 1").hasMessageContaining("No snapshot found");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aRestartedServerTakesItsPlaceAmongTheServingNodesAtItsNewAddress() {
        List<NodeEndpoint> left = List.of(new NodeEndpoint(1, "h", 1001, () -> ""), new NodeEndpoint(2, "h", 1002, () -> ""),
                new NodeEndpoint(4, "h", 1004, () -> ""));
        List<NodeEndpoint> whole = ServingNodes.withNode(left, new NodeEndpoint(3, "h", 2003, () -> ""));
        assertThat(whole).extracting(NodeEndpoint::hostPort).containsExactly("h:1001", "h:1002", "h:2003", "h:1004");
        assertThat(ServingNodes.withNode(whole, new NodeEndpoint(3, "h", 3003, () -> "")))
                .extracting(NodeEndpoint::hostPort).containsExactly("h:1001", "h:1002", "h:3003", "h:1004");
    }

    @Test
    void aKilledLeaderLeavesTheOthersServingAndNoneLeadingUntilTheyElect() {
        ServingNodes formed = new ServingNodes(IntStream.rangeClosed(1, 5).mapToObj(i -> new NodeEndpoint(i, "h", 1000 + i, () -> ""))
                .toList(), Map.of(1, "follower", 2, "follower", 3, "follower", 4, "follower", 5, "leader"));
        assertThat(formed.leader()).isEqualTo(5);
        java.util.List<Integer> killed = new java.util.ArrayList<>();
        ServingNodes left = formed.withLeaderKilled(killed::add);
        assertThat(killed).containsExactly(5);
        assertThat(left.nodes()).extracting(NodeEndpoint::id).containsExactly(1, 2, 3, 4);
        assertThatThrownBy(left::leader).hasMessageContaining("no server leads");
    }
}
