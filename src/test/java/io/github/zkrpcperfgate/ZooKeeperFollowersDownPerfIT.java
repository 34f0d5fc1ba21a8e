package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.junit.PerfGate;
import io.github.zkrpcperfgate.junit.PerfGateTests;
import io.github.zkrpcperfgate.zookeeper.FollowersDownScenarios;
import org.junit.jupiter.api.DisplayName;

/**
 * The seed's write modes on a 5-server ensemble with 1 and 2 followers stopped, each read against
 * the same ensemble with every server up in the same rounds (the catalogue is
 * {@link FollowersDownScenarios}; the driver is the seeds', {@link io.github.zkrpcperfgate.zookeeper.WriteModeDriver}).
 */
@PerfGate(FollowersDownScenarios.class)
@DisplayName("ZooKeeper write modes with followers down (1 and 2 of 5 stopped), against all 5 up")
class ZooKeeperFollowersDownPerfIT implements PerfGateTests {
}
