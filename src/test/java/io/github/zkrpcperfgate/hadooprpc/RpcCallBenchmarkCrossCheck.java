package io.github.zkrpcperfgate.hadooprpc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
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
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = Files.createTempFile("zk-rpc-perfgate-rpccallbenchmark-", ".log");
        try {
            Process p = new ProcessBuilder(List.of(java, "-Xmx1g", "-cp", classpath,
                    "org.apache.hadoop.ipc.RPCCallBenchmark",
                    "-e", "protobuf", "-h", "127.0.0.1", "-p", Integer.toString(port),
                    "-s", Integer.toString(s.handlers()), "-r", Integer.toString(s.readers()),
                    "-c", Integer.toString(s.clientThreads()), "-m", Integer.toString(s.messageBytes()),
                    "-t", Integer.toString(s.seconds())))
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(s.seconds() + EXTRA_WAIT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                System.out.println("[perf] RPCCallBenchmark did not finish within " + (s.seconds() + EXTRA_WAIT_SECONDS) + " s");
                return OptionalDouble.empty();
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            Matcher m = TOTAL.matcher(text);
            if (!m.find()) {
                System.out.println("[perf] RPCCallBenchmark printed no total (exit " + p.exitValue() + "):\n"
                        + text.lines().skip(Math.max(0, text.lines().count() - 15)).reduce("", (a, b) -> a + b + "\n"));
                return OptionalDouble.empty();
            }
            return OptionalDouble.of(Double.parseDouble(m.group(1)));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    static String describe(Setting s) {
        return "protobuf, h" + s.handlers() + "r" + s.readers() + ", " + s.clientThreads() + " client threads, "
                + s.messageBytes() + "-byte message, no handler sleep";
    }
}
