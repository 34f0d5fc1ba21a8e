package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FollowersDownScenariosTest {

    private static PerfSettings selecting(String globs) {
        Properties p = new Properties();
        p.setProperty("perf.scenarios", globs);
        return PerfSettings.from(p);
    }

    @Test
    void eachDegradedEnsembleIsGatedAgainstTheHealthyOneWhichAlwaysRunsBesideIt() {
        assertThat(FollowersDownScenarios.catalogue()).extracting(f -> f.key().toString()).containsExactly(
                "zk-5node-1-down / syncOverAllUp", "zk-5node-1-down / asyncOverAllUp", "zk-5node-1-down / multiOverAllUp",
                "zk-5node-1-down / syncP50", "zk-5node-1-down / syncP99",
                "zk-5node-2-down / syncOverAllUp", "zk-5node-2-down / asyncOverAllUp", "zk-5node-2-down / multiOverAllUp",
                "zk-5node-2-down / syncP50", "zk-5node-2-down / syncP99");
        assertThat(FollowersDownScenarios.selection(selecting("zk-5node-2-down"), "3.9.5"))
                .extracting(EnsembleSpec::scenario).containsExactly("zk-5node-all-up", "zk-5node-2-down");
        assertThat(FollowersDownScenarios.selection(selecting("zk-1node"), "3.9.5")).isEmpty();
        assertThat(FollowersDownScenarios.ensembles()).extracting(s -> s.degradation().followersDown()).containsExactly(0, 1, 2);
    }

    @Test
    void theDegradedAndSlowLinkEnsemblesWarmUpUntilSteadyAndTheSeedsKeepThePlansWarmUp() {
        PerfSettings all = selecting("*");
        assertThat(new FollowersDownScenarios().driver(all, Injection.none()).minWarmupRounds())
                .isEqualTo(WriteModeFamily.STEADY_STATE_WARMUP_ROUNDS).isEqualTo(3);
        assertThat(new SlowLinkScenarios().driver(all, Injection.none()).minWarmupRounds()).isEqualTo(3);
        assertThat(new WriteModeScenarios().driver(all, Injection.none()).minWarmupRounds()).isZero();
    }

    @Test
    void aPlannedStopTakesTheHighestIdFollowersThatNeitherLeadNorServeTheClient() {
        ServingNodes formed = new ServingNodes(IntStream.rangeClosed(1, 5).mapToObj(i -> new NodeEndpoint(i, "h", 1000 + i, () -> ""))
                .toList(), Map.of(1, "follower", 2, "follower", 3, "leader", 4, "follower", 5, "follower"));
        assertThat(formed.followersToStop(2)).containsExactly(5, 4);
        assertThat(formed.slowFollower()).isEqualTo(5);
        assertThatThrownBy(() -> formed.followersToStop(4)).hasMessageContaining("cannot stop 4 follower(s)");
    }

    @Test
    void noPlanLeavesTheQuorumShortAndASlowFollowerIsInjectedWhereThereIsOne() {
        assertThatThrownBy(() -> EnsembleSpec.of("x", 5).withFollowersDown(3)).hasMessageContaining("leaves no quorum");
        assertThatThrownBy(() -> EnsembleSpec.of("x", 3).withFollowersDown(1).withSlowFollower(100))
                .hasMessageContaining("slow follower");
        Injection slow = Injection.parse("zk.slowFollowerFsyncUs=500");
        assertThat(WriteModeDriver.injected(FollowersDownScenarios.ensembles().get(2), slow).degradation())
                .isEqualTo(new Degradation(2, 500));
        assertThat(WriteModeDriver.injected(EnsembleSpec.of("zk-1node", 1), slow).fsyncShimmed()).isFalse();
        assertThat(List.of(EnsembleSpec.of("zk-5node", 5).fsyncShimmed(), WriteModeDriver.injected(EnsembleSpec.of("zk-5node", 5), slow)
                .fsyncShimmed())).containsExactly(false, true);
    }
}
