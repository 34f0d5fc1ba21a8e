package io.github.zkrpcperfgate.hadooprpc.release;

import io.github.zkrpcperfgate.calibration.CpuWork;
import io.github.zkrpcperfgate.hadooprpc.RpcServerSpec;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ipc.ProtocolSignature;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.protobuf.TestProtos.EchoRequestProto2;
import org.apache.hadoop.ipc.protobuf.TestProtos.EchoResponseProto2;
import org.apache.hadoop.ipc.protobuf.TestRpcServiceProtos.TestProtobufRpcProto;
import org.apache.hadoop.thirdparty.protobuf.BlockingService;
import org.apache.hadoop.thirdparty.protobuf.ServiceException;

/**
 * A real Hadoop RPC server in this JVM, bound to 127.0.0.1 on a port the OS picks, with the
 * spec's handler and reader threads. Each call sleeps the spec's delay in its handler, as the
 * seed's {@code durationPerRPC} did (then does the spec's CPU work, if an injection gave it some),
 * and answers with a few bytes only: the request is the load.
 */
public final class BenchServer implements AutoCloseable {

    private final RpcServerSpec spec;
    private final RPC.Server server;

    private BenchServer(RpcServerSpec spec, RPC.Server server) {
        this.spec = spec;
        this.server = server;
    }

    public static BenchServer start(RpcServerSpec spec, Configuration conf) throws IOException {
        RPC.Builder builder = new RPC.Builder(conf)
                .setBindAddress("127.0.0.1")
                .setPort(0)
                .setNumHandlers(spec.handlers())
                .setnumReaders(spec.readers())
                .setQueueSizePerHandler(spec.queueSizePerHandler())
                .setVerbose(false);
        Runnable handlerWork = handlerWork(spec);
        RPC.Server server = switch (spec.engine()) {
            case PROTOBUF -> builder.setProtocol(BenchProtocolPB.class)
                    .setInstance(protobufService(handlerWork)).build();
            case WRITABLE -> builder.setProtocol(BenchWritableProtocol.class)
                    .setInstance(new WritableImpl(handlerWork)).build();
        };
        server.start();
        return new BenchServer(spec, server);
    }

    public InetSocketAddress address() {
        return server.getListenerAddress();
    }

    public RpcServerSpec spec() {
        return spec;
    }

    @Override
    public void close() {
        server.stop();
    }

    /** Only {@code echo2} belongs to the benchmark; a proxy answers it and refuses the rest of the test service. */
    private static BlockingService protobufService(Runnable handlerWork) {
        TestProtobufRpcProto.BlockingInterface impl = (TestProtobufRpcProto.BlockingInterface) Proxy.newProxyInstance(
                BenchServer.class.getClassLoader(), new Class<?>[] {TestProtobufRpcProto.BlockingInterface.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("echo2")) {
                        throw new ServiceException(method.getName() + " is not part of the benchmark");
                    }
                    EchoRequestProto2 request = (EchoRequestProto2) args[1];
                    handlerWork.run();
                    return EchoResponseProto2.newBuilder().addMessage(Integer.toString(request.getMessageCount())).build();
                });
        return TestProtobufRpcProto.newReflectiveBlockingService(impl);
    }

    /** What a handler does per call before it answers: the spec's sleep, then its CPU work. */
    static Runnable handlerWork(RpcServerSpec spec) {
        long sleepMillis = spec.handlerSleep().toMillis();
        CpuWork work = spec.handlerWorkStrings() > 0 ? new CpuWork(spec.handlerWorkStrings()) : null;
        return () -> {
            if (sleepMillis > 0) {
                try {
                    Thread.sleep(sleepMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (work != null) {
                work.run();
            }
        };
    }

    /** The writable engine's server object; it must answer version and signature queries itself. */
    private static final class WritableImpl implements BenchWritableProtocol {

        private final Runnable handlerWork;

        WritableImpl(Runnable handlerWork) {
            this.handlerWork = handlerWork;
        }

        @Override
        public int call(String[] payload) {
            handlerWork.run();
            return payload.length;
        }

        @Override
        public long getProtocolVersion(String protocol, long clientVersion) {
            return versionID;
        }

        @Override
        public ProtocolSignature getProtocolSignature(String protocol, long clientVersion, int clientMethodsHash)
                throws IOException {
            return ProtocolSignature.getProtocolSignature(this, protocol, clientVersion, clientMethodsHash);
        }
    }
}
