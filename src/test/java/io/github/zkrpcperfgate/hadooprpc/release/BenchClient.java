package io.github.zkrpcperfgate.hadooprpc.release;

import io.github.zkrpcperfgate.hadooprpc.RpcEngineKind;
import io.github.zkrpcperfgate.hadooprpc.RpcLoadSpec;
import io.github.zkrpcperfgate.measure.BoundedWait;
import io.github.zkrpcperfgate.measure.LatencyRecorder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.protobuf.TestProtos.EchoRequestProto2;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The seed's client: {@code threads} threads making {@code calls} calls in total against one
 * server. Hadoop keys connections by (address, protocol, user), so threads share one connection
 * unless each makes its proxy as a user of its own, which is how the per-thread variant gets
 * one connection per thread.
 */
public final class BenchClient implements AutoCloseable {

    /** One call on one connection. */
    @FunctionalInterface
    private interface Caller {
        void call() throws Exception;
    }

    private final RpcLoadSpec load;
    private final Duration setTimeout;
    private final List<Object> proxies = new ArrayList<>();
    private final List<Caller> callers = new ArrayList<>();
    private final ExecutorService pool;

    public BenchClient(RpcEngineKind engine, InetSocketAddress server, RpcLoadSpec load, Configuration conf,
                       Duration setTimeout) throws Exception {
        this.load = load;
        this.setTimeout = setTimeout;
        String[] payload = payload(load);
        int connections = load.connectionPerThread() ? load.threads() : 1;
        for (int i = 0; i < connections; i++) {
            UserGroupInformation user = UserGroupInformation.createRemoteUser("perfgate-client-" + i);
            callers.add(user.doAs((PrivilegedExceptionAction<Caller>) () -> caller(engine, server, conf, payload)));
        }
        AtomicInteger threadNo = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(load.threads(), r -> {
            Thread t = new Thread(r, "rpc-bench-client-" + threadNo.incrementAndGet());
            t.setDaemon(true);
            // Whatever the client looks up by name it finds in the release that loaded it (one of
            // two side by side in a comparison), not in the test classpath's Hadoop.
            t.setContextClassLoader(BenchClient.class.getClassLoader());
            return t;
        });
    }

    private Caller caller(RpcEngineKind engine, InetSocketAddress server, Configuration conf, String[] payload)
            throws IOException {
        return switch (engine) {
            case PROTOBUF -> {
                BenchProtocolPB proxy = RPC.getProxy(BenchProtocolPB.class, 1, server, conf);
                proxies.add(proxy);
                EchoRequestProto2 request = EchoRequestProto2.newBuilder().addAllMessage(Arrays.asList(payload)).build();
                yield () -> proxy.echo2(null, request);
            }
            case WRITABLE -> {
                BenchWritableProtocol proxy = RPC.getProxy(BenchWritableProtocol.class, BenchWritableProtocol.versionID,
                        server, conf);
                proxies.add(proxy);
                yield () -> proxy.call(payload);
            }
        };
    }

    /** {@code arraySize} distinct strings of {@code stringBytes} ASCII characters, built once. */
    public static String[] payload(RpcLoadSpec load) {
        String[] strings = new String[load.arraySize()];
        for (int i = 0; i < strings.length; i++) {
            String digits = Integer.toString(i, 36);
            StringBuilder s = new StringBuilder(load.stringBytes());
            while (s.length() + digits.length() < load.stringBytes()) {
                s.append('_'); // not a base-36 digit, so padding never collides with a number
            }
            s.append(digits);
            strings[i] = s.length() > load.stringBytes() ? s.substring(s.length() - load.stringBytes()) : s.toString();
        }
        return strings;
    }

    /** Makes the load's calls, recording each call's latency; bounded by the set timeout. */
    public void runCalls(LatencyRecorder latencies) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < load.threads(); t++) {
            Caller caller = callers.get(t % callers.size());
            futures.add(pool.submit(() -> {
                while (next.getAndIncrement() < load.calls()) {
                    long start = System.nanoTime();
                    caller.call();
                    latencies.recordNanos(System.nanoTime() - start);
                }
                return null;
            }));
        }
        BoundedWait.forAll(futures, setTimeout, load.calls() + " RPC calls");
    }

    @Override
    public void close() {
        pool.shutdownNow();
        proxies.forEach(RPC::stopProxy);
    }
}
