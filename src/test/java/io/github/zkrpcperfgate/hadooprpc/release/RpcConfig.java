package io.github.zkrpcperfgate.hadooprpc.release;

import java.util.Map;
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

    /** @param settings Hadoop keys an injection sets (e.g. {@code ipc.server.tcpnodelay}), on top of ours */
    static Configuration create(Map<String, String> settings) {
        Configuration conf = new Configuration();
        // Engines and protocols are looked up by name: in the release that loaded this class.
        conf.setClassLoader(RpcConfig.class.getClassLoader());
        RPC.setProtocolEngine(conf, BenchProtocolPB.class, ProtobufRpcEngine2.class);
        RPC.setProtocolEngine(conf, BenchWritableProtocol.class, WritableRpcEngine.class);
        conf.setInt("ipc.client.rpc-timeout.ms", RPC_TIMEOUT_MILLIS);
        conf.setInt("ipc.client.connect.timeout", 5_000);
        conf.setInt("ipc.client.connect.max.retries", 3);
        conf.setInt("ipc.client.connect.max.retries.on.timeouts", 3);
        settings.forEach(conf::set);
        return conf;
    }
}
