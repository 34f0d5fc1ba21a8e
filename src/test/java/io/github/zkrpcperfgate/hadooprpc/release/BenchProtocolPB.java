package io.github.zkrpcperfgate.hadooprpc.release;

import org.apache.hadoop.ipc.ProtocolInfo;
import org.apache.hadoop.ipc.protobuf.TestRpcServiceProtos.TestProtobufRpcProto;

/**
 * The protobuf protocol of the benchmark: Hadoop's own test service (from hadoop-common's tests
 * jar), whose {@code echo2} carries a repeated string, which is the seed's array of strings.
 */
@ProtocolInfo(protocolName = "io.github.zkrpcperfgate.BenchProtocolPB", protocolVersion = 1)
public interface BenchProtocolPB extends TestProtobufRpcProto.BlockingInterface {
}
