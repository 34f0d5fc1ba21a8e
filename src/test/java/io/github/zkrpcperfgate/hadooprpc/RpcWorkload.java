package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;

/** One server configuration under the scenario's client load; a set is the load's calls. */
final class RpcWorkload implements Workload {

    private final String name;
    private final BenchClient client;
    private final int calls;

    RpcWorkload(String name, BenchClient client, int calls) {
        this.name = name;
        this.client = client;
        this.calls = calls;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int operationsPerSet() {
        return calls;
    }

    @Override
    public void runSet(LatencyRecorder latencies) throws Exception {
        client.runCalls(latencies);
    }

    @Override
    public void resetAfterSet() {
        // RPC calls leave nothing behind
    }
}
