package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.measure.LatencyRecorder;

/** A server and the client that loads it, of one {@link RpcRelease}. */
public interface RpcEndpoint extends AutoCloseable {

    /** Makes the load's calls, recording each call's latency; bounded by the set timeout. */
    void runCalls(LatencyRecorder latencies) throws Exception;

    /** Stops the client, then the server. */
    @Override
    void close();
}
