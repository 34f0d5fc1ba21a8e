package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(floors).hasSize(13)
                .containsEntry("zk-5node / multiOverAsync", 1.5)
                .containsEntry("zk-5node / multiOverSync", 1.5)
                .containsEntry("zk-1node / asyncOverSync", 1.5)
                .containsEntry("zk-5node / syncCostOver1node", 1.3)
                .containsEntry("zk-1node / syncP50", 1.5)
                .containsEntry("zk-5node / syncP99", 2.0);
    }
}
