package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;
import java.time.Duration;

/** One server configuration under the scenario's client load; a set is the load's calls. */
final class RpcWorkload implements Workload {

    private final String name;
    private final RpcEndpoint endpoint;
    private final int calls;
    private final Duration handlerSleep;

    /** @param handlerSleep what every call's handler sleeps (0 if it does not): no call returns sooner */
    RpcWorkload(String name, RpcEndpoint endpoint, int calls, Duration handlerSleep) {
        this.name = name;
        this.endpoint = endpoint;
        this.calls = calls;
        this.handlerSleep = handlerSleep;
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
        endpoint.runCalls(latencies);
    }

    /** The handler's sleep: a call's histogram resolves what RPC adds to it, not 65 µs steps of 100 ms. */
    @Override
    public long latencyFloorNanos() {
        return handlerSleep.toNanos();
    }

    @Override
    public void resetAfterSet() {
        // RPC calls leave nothing behind
    }
}
