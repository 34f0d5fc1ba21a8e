package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.junit.PerfGate;
import io.github.zkrpcperfgate.junit.PerfGateTests;
import io.github.zkrpcperfgate.zookeeper.SlowLinkScenarios;
import org.junit.jupiter.api.DisplayName;

/**
 * The seed's write modes where the seed measured them, on a network: every link of the 1- and
 * 5-server ensembles delayed as between hosts of a LAN (the catalogue is {@link SlowLinkScenarios};
 * the driver is the seeds', {@link io.github.zkrpcperfgate.zookeeper.WriteModeDriver}).
 */
@PerfGate(SlowLinkScenarios.class)
@DisplayName("ZooKeeper write modes on LAN-like links (every link 250 µs each way), 1 and 5 servers")
class ZooKeeperSlowLinksPerfIT implements PerfGateTests {
}
