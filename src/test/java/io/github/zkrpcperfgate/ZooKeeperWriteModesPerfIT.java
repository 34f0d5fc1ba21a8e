package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.junit.PerfGate;
import io.github.zkrpcperfgate.junit.PerfGateTests;
import io.github.zkrpcperfgate.zookeeper.WriteModeScenarios;
import org.junit.jupiter.api.DisplayName;

/**
 * The seed's question, guarded: 10,000 creates with the sync API, the async API and one multi,
 * on 1 and 5 servers (the catalogue is {@link WriteModeScenarios}, the driver
 * {@link io.github.zkrpcperfgate.zookeeper.WriteModeDriver}; its tests come from {@link PerfGateTests}).
 */
@PerfGate(WriteModeScenarios.class)
@DisplayName("ZooKeeper write modes (sync, async, multi) on 1 and 5 servers")
class ZooKeeperWriteModesPerfIT implements PerfGateTests {
}
