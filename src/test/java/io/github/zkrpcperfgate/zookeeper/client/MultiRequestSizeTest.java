package io.github.zkrpcperfgate.zookeeper.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs;
import org.junit.jupiter.api.Test;

class MultiRequestSizeTest {

    /** The seed's ops: "/dummyTest_i", "dummy", OPEN_ACL_UNSAFE, PERSISTENT. */
    private static List<Op> seedCreates(int n) {
        return IntStream.range(0, n).mapToObj(i -> Op.create("/dummyTest_" + i, "dummy".getBytes(StandardCharsets.UTF_8),
                ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT)).toList();
    }

    @Test
    void theSeedsTenThousandCreatesAreAbout679KilobytesAndFit() {
        long bytes = MultiRequestSize.bytes(seedCreates(10_000));
        assertThat(bytes).isBetween(670_000L, 690_000L);
        MultiRequestSize.requireFits("seed", seedCreates(10_000), MultiRequestSize.DEFAULT_MAX_BUFFER_BYTES);
    }

    @Test
    void sixteenThousandCreatesAreOverTheLimitAndTheMessageSaysWhatFits() {
        assertThatThrownBy(() -> MultiRequestSize.requireFits("zk-1node/multi", seedCreates(16_000),
                MultiRequestSize.DEFAULT_MAX_BUFFER_BYTES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("zk-1node/multi: one multi of 16,000 ops")
                .hasMessageContaining("over jute.maxbuffer = 1,048,575 bytes")
                .hasMessageContaining("Len error")
                .hasMessageMatching("(?s).*About 15,[0-9]{3} such ops fit.*");
    }
}
