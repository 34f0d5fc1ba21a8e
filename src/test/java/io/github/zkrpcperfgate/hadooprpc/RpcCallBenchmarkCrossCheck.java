package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.measure.ChildJava;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * Runs Hadoop's own {@code org.apache.hadoop.ipc.RPCCallBenchmark} (hadoop-common tests jar) in a
 * child JVM on 127.0.0.1, so its calls/s can stand beside this suite's client on the same
 * server setting: if ours were far slower, our client, not the server, would be measured.
 */
public final class RpcCallBenchmarkCrossCheck {

    private static final Pattern TOTAL = Pattern.compile("Total calls per second: ([0-9.]+)");
    private static final long EXTRA_WAIT_SECONDS = 60;

    /** handlers, readers, client threads, message bytes, seconds to run. */
    public record Setting(int handlers, int readers, int clientThreads, int messageBytes, int seconds) {
    }

    private RpcCallBenchmarkCrossCheck() {
    }

    /** Hadoop's benchmark's total calls/s, or empty (with the reason printed) when it did not report one. */
    public static OptionalDouble callsPerSecond(Setting s) throws IOException, InterruptedException {
        // RPCCallBenchmark needs one explicit port for its server and its client, so the port is
        // probed free and then handed over; if another process takes it meanwhile, the benchmark
        // reports no total and only this informational note says so: the gate is not affected.
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        Optional<ChildJava.Output> out = ChildJava.run("RPCCallBenchmark", List.of("-Xmx1g"),
                "org.apache.hadoop.ipc.RPCCallBenchmark",
                List.of("-e", "protobuf", "-h", "127.0.0.1", "-p", Integer.toString(port),
                        "-s", Integer.toString(s.handlers()), "-r", Integer.toString(s.readers()),
                        "-c", Integer.toString(s.clientThreads()), "-m", Integer.toString(s.messageBytes()),
                        "-t", Integer.toString(s.seconds())),
                Duration.ofSeconds(s.seconds() + EXTRA_WAIT_SECONDS));
        return out.map(o -> o.number(TOTAL, "RPCCallBenchmark printed no total")).orElse(OptionalDouble.empty());
    }

    static String describe(Setting s) {
        return "protobuf, h" + s.handlers() + "r" + s.readers() + ", " + s.clientThreads() + " client threads, "
                + s.messageBytes() + "-byte message, no handler sleep";
    }
}
