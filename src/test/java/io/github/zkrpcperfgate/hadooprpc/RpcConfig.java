package io.github.zkrpcperfgate.hadooprpc;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ipc.ProtobufRpcEngine2;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.WritableRpcEngine;

/** The Hadoop {@link Configuration} both sides use: engine per protocol, and bounded client waits. */
final class RpcConfig {

    /** A call waits at most this long: one handler behind 100 queued 100 ms calls needs ~10 s. */
    static final int RPC_TIMEOUT_MILLIS = 120_000;

    private RpcConfig() {
    }

    static Configuration create() {
        Configuration conf = new Configuration();
        RPC.setProtocolEngine(conf, BenchProtocolPB.class, ProtobufRpcEngine2.class);
        RPC.setProtocolEngine(conf, BenchWritableProtocol.class, WritableRpcEngine.class);
        conf.setInt("ipc.client.rpc-timeout.ms", RPC_TIMEOUT_MILLIS);
        conf.setInt("ipc.client.connect.timeout", 5_000);
        conf.setInt("ipc.client.connect.max.retries", 3);
        conf.setInt("ipc.client.connect.max.retries.on.timeouts", 3);
        return conf;
    }
}
