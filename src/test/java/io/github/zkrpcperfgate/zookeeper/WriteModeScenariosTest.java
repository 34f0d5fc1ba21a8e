package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class WriteModeScenariosTest {

    @Test
    void ratiosWithACpuBoundModeGetTheWiderFloorAndLatencyBoundFiguresTheNarrower() {
        Map<String, Double> floors = new TreeMap<>();
        WriteModeScenarios.figures(List.of("zk-1node", "zk-5node"))
                .forEach(f -> floors.put(f.key().toString(), f.minimumBandFactor()));
        assertThat(floors).hasSize(15)
                .containsEntry("zk-5node / multiOverAsync", 1.5)
                .containsEntry("zk-1node / multiCost", 1.5)
                .containsEntry("zk-5node / multiOverSync", 1.5)
                .containsEntry("zk-1node / asyncOverSync", 1.5)
                .containsEntry("zk-5node / syncCostOver1node", 1.3)
                .containsEntry("zk-1node / syncP50", 1.5)
                .containsEntry("zk-5node / syncP99", 2.0);
    }

    @Test
    void aComparisonsQuorumsSampleSyncInSetsOfAQuarterWhileTheGateKeepsTheSeeds() {
        PerfSettings settings = PerfSettings.from(new java.util.Properties());
        assertThat(WriteModeScenarios.driverRunning(settings, Injection.none(), "3.9.5", false).syncOps())
                .containsOnly(Map.entry("zk-1node", 10_000), Map.entry("zk-5node", 10_000));
        assertThat(WriteModeScenarios.driverRunning(settings, Injection.none(), "3.9.4", true).syncOps())
                .containsOnly(Map.entry("zk-1node", 10_000), Map.entry("zk-5node", 2_500));
        assertThat(WriteModeScenarios.comparedSyncOps(EnsembleSpec.of("q", 3), 3)).isEqualTo(1);
    }

    @Test
    void theSlowLinkFamilyGatesTheSeedsFiguresUnderItsOwnNamesEveryLinkDelayed() {
        assertThat(SlowLinkScenarios.catalogue()).hasSize(13)
                .extracting(f -> f.key().toString()).contains("zk-5node-lan / syncCostOver1node", "zk-1node-lan / syncP50");
        assertThat(SlowLinkScenarios.catalogue()).filteredOn(f -> f.key().figure().endsWith("OverSync"))
                .hasSize(4).allSatisfy(f -> assertThat(f.minimumBandFactor()).isEqualTo(SlowLinkScenarios.OVER_SYNC_MIN_BAND));
        assertThat(WriteModeScenarios.catalogue(null)).filteredOn(f -> f.key().figure().endsWith("OverSync"))
                .allSatisfy(f -> assertThat(f.minimumBandFactor()).isEqualTo(WriteModeScenarios.CPU_BOUND_RATIO_MIN_BAND));
        assertThat(SlowLinkScenarios.ensembles()).flatExtracting(EnsembleSpec::clientLinkDelay, EnsembleSpec::peerLinkDelay)
                .containsOnly(java.time.Duration.ofNanos(250_000));
        assertThat(WriteModeFamily.seedFigures(SlowLinkScenarios.GROUP, "a", "b", List.of()).baselineFile(Backend.DOCKER))
                .isEqualTo("zookeeper-lan-docker.json");
        // A twentieth of the seeds' creates a set, never under 500 unless fewer were asked for.
        assertThat(SlowLinkScenarios.opsPerSet(40_000)).isEqualTo(2_000);
        assertThat(SlowLinkScenarios.opsPerSet(10_000)).isEqualTo(500);
        assertThat(SlowLinkScenarios.opsPerSet(1_000)).isEqualTo(500);
        assertThat(SlowLinkScenarios.opsPerSet(100)).isEqualTo(100);
    }

    @Test
    void aSlowerNetworkBetweenTheServersLeavesTheClientsLinkAsItWas() {
        EnsembleSpec lan = SlowLinkScenarios.ensembles().get(1);
        EnsembleSpec injected = WriteModeDriver.injected(lan, io.github.zkrpcperfgate.gate.Injection.parse("zk.peerDelayUs=100"));
        assertThat(injected.peerLinkDelay()).isEqualTo(java.time.Duration.ofNanos(350_000));
        assertThat(injected.clientLinkDelay()).isEqualTo(java.time.Duration.ofNanos(250_000));
    }
}
