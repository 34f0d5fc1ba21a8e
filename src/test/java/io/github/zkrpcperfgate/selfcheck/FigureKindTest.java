package io.github.zkrpcperfgate.selfcheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.verdict.FigureKey;
import org.junit.jupiter.api.Test;

class FigureKindTest {

    private static String kind(String group, String figure) {
        return FigureKind.of(group, new FigureKey("s", figure));
    }

    @Test
    void ratiosLatenciesPerPercentileAndThreadScalingAreKindsOfTheirOwn() {
        assertThat(kind("zookeeper", "asyncOverSync")).isEqualTo("zookeeper: ratios");
        assertThat(kind("zookeeper", "syncCostOver1node")).isEqualTo("zookeeper: ratios");
        assertThat(kind("zookeeper", "syncP50")).isEqualTo("zookeeper: sync p50");
        assertThat(kind("zookeeper", "asyncP99")).isEqualTo("zookeeper: async p99");
        assertThat(kind("namenode", "handlers10OverHandlers1")).isEqualTo("namenode: thread-scaling ratios");
        assertThat(kind("hadoop-rpc", "readers10OverReaders1")).isEqualTo("hadoop-rpc: thread-scaling ratios");
        assertThat(kind("namenode", "createOverGetFileInfo")).isEqualTo("namenode: ratios");
        assertThat(kind("hadoop-rpc", "callP99")).isEqualTo("hadoop-rpc: call p99");
        assertThat(kind("zookeeper-failover", "windowMs")).isEqualTo("zookeeper-failover: windowMs");
    }
}
