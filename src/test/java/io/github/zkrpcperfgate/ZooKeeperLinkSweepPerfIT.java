package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.junit.GateBuild;
import io.github.zkrpcperfgate.junit.PerfSweep;
import io.github.zkrpcperfgate.zookeeper.LinkDelaySweep;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code -Dperf.zk.linkDelaysUs=0,100,250,500,1000,2000}: the write modes against the links'
 * delay, drawn in index.html and written to results.json, not gated ({@link LinkDelaySweep}).
 * Skipped when not asked for.
 */
@PerfSweep(LinkDelaySweep.class)
@DisplayName("ZooKeeper write modes against the links' delay (a sweep, not gated)")
class ZooKeeperLinkSweepPerfIT {

    @Test
    @DisplayName("the report renders in a browser")
    void theReportRendersInABrowser(GateBuild build) throws Exception {
        build.assertReportRendersInABrowser();
    }
}
