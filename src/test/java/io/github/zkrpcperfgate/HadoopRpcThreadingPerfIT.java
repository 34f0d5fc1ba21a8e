package io.github.zkrpcperfgate;

import io.github.zkrpcperfgate.hadooprpc.RpcScenarios;
import io.github.zkrpcperfgate.junit.PerfGate;
import io.github.zkrpcperfgate.junit.PerfGateTests;
import org.junit.jupiter.api.DisplayName;

/**
 * The seed's question, guarded: does a Hadoop RPC server get faster with more reader threads,
 * or more handler threads, for calls carrying 200,000 strings while handlers sleep 100 ms?
 * (The catalogue is {@link RpcScenarios}, the driver
 * {@link io.github.zkrpcperfgate.hadooprpc.RpcThreadingDriver}; its tests come from {@link PerfGateTests}.)
 */
@PerfGate(RpcScenarios.class)
@DisplayName("Hadoop RPC server threading (handlers x readers)")
class HadoopRpcThreadingPerfIT implements PerfGateTests {
}
