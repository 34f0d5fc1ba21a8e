package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.junit.PerfGate;
import io.github.zkrpcperfgate.junit.PerfGateTests;
import io.github.zkrpcperfgate.namenode.NameNodeScenarios;
import org.junit.jupiter.api.DisplayName;

/**
 * The second seed's question asked of the server it was about: does a NameNode get faster with
 * more reader or handler threads, for the namespace operations of NNThroughputBenchmark? (The
 * catalogue is {@link NameNodeScenarios}, the driver
 * {@link io.github.zkrpcperfgate.namenode.NameNodeDriver}; its tests come from {@link PerfGateTests}.)
 */
@PerfGate(NameNodeScenarios.class)
@DisplayName("NameNode RPC threading (handlers x readers) on a MiniDFSCluster")
class NameNodePerfIT implements PerfGateTests {
}
