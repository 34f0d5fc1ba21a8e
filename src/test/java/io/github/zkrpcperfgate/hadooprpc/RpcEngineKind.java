package io.github.zkrpcperfgate.hadooprpc;

import java.util.Locale;

/** The two RPC engines Hadoop still ships: protobuf (what HDFS and YARN use) and the old writable one. */
public enum RpcEngineKind {
    /** {@code ProtobufRpcEngine2}: requests are protobuf messages. */
    PROTOBUF,
    /** {@code WritableRpcEngine} (deprecated, still present): the engine of the seed's Hadoop 0.19 era. */
    WRITABLE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
