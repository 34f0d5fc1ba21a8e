package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.junit.PerfGate;
import io.github.zkrpcperfgate.junit.PerfGateTests;
import io.github.zkrpcperfgate.zookeeper.LeaderFailoverScenarios;
import org.junit.jupiter.api.DisplayName;

/**
 * The leader of a 5-server ensemble killed under a paced write stream, once a round: the time to a
 * new leader and the window without a successful write, gated as ceilings; a lost acknowledged
 * write fails the run (the catalogue and driver are {@link LeaderFailoverScenarios}).
 */
@PerfGate(LeaderFailoverScenarios.class)
@DisplayName("ZooKeeper leader failover on 5 servers under paced writes: election time and unavailability window")
class ZooKeeperLeaderFailoverPerfIT implements PerfGateTests {
}
