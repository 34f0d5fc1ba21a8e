package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LeaderFailoverScenariosTest {

    @Test
    void theElectionAndTheWindowWithoutWritesAreCeilingsReadFromTheTrialsObservations() {
        List<GatedFigure> figures = LeaderFailoverScenarios.catalogue();
        assertThat(figures).extracting(f -> f.key().toString())
                .containsExactly("zk-5node-failover / electionMs", "zk-5node-failover / unavailableMs");
        assertThat(figures).allSatisfy(f -> assertThat(f.ceiling()).isTrue());
        String trial = FailoverTrial.workloadName(LeaderFailoverScenarios.FAILOVER);
        Sample sample = new Sample(trial, 1, 1, 1, new Histogram(3), Map.of("electionMs", 412.0, "unavailableMs", 1310.0));
        Round round = new Round(1, List.of(trial), Map.of(trial, sample));
        assertThat(figures).extracting(f -> f.perRound().applyAsDouble(round)).containsExactly(412.0, 1310.0);
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
