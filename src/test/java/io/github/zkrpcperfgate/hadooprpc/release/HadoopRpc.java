package io.github.zkrpcperfgate.hadooprpc.release;

import io.github.zkrpcperfgate.hadooprpc.RpcEndpoint;
import io.github.zkrpcperfgate.hadooprpc.RpcLoadSpec;
import io.github.zkrpcperfgate.hadooprpc.RpcRelease;
import io.github.zkrpcperfgate.hadooprpc.RpcServerSpec;
import io.github.zkrpcperfgate.measure.LatencyRecorder;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.VersionInfo;

/**
 * The RPC of the Hadoop release that loaded this class: the test classpath's in a gate run, a
 * release's own runtime in a comparison ({@link io.github.zkrpcperfgate.hadooprpc.RpcReleases}).
 * Every thread the servers and clients start inherits this release as its context class loader,
 * since Hadoop looks engines, protocols and security classes up by name.
 */
public final class HadoopRpc implements RpcRelease {

    /** One configuration per set of settings, shared by its servers and clients, as Hadoop's own tests do. */
    private final Map<Map<String, String>, Configuration> confs = new ConcurrentHashMap<>();

    /** Public and without arguments: {@code RpcReleases} makes one reflectively in a release's loader. */
    public HadoopRpc() {
    }

    @Override
    public String version() {
        try {
            return inThisRelease(VersionInfo::getVersion);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public RpcEndpoint start(RpcServerSpec spec, RpcLoadSpec load, Map<String, String> settings, Duration setTimeout)
            throws Exception {
        return inThisRelease(() -> {
            Configuration conf = confs.computeIfAbsent(Map.copyOf(settings), RpcConfig::create);
            BenchServer server = BenchServer.start(spec, conf);
            try {
                return new Endpoint(server, new BenchClient(spec.engine(), server.address(), load, conf, setTimeout));
            } catch (Exception | Error e) {
                server.close();
                throw e;
            }
        });
    }

    /** {@code work} with this release as the thread's context class loader, which the threads it starts inherit. */
    private static <T> T inThisRelease(Callable<T> work) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        thread.setContextClassLoader(HadoopRpc.class.getClassLoader());
        try {
            return work.call();
        } finally {
            thread.setContextClassLoader(context);
        }
    }

    private record Endpoint(BenchServer server, BenchClient client) implements RpcEndpoint {

        @Override
        public void runCalls(LatencyRecorder latencies) throws Exception {
            client.runCalls(latencies);
        }

        @Override
        public void close() {
            client.close();
            server.close();
        }
    }
}
