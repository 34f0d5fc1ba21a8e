package io.github.zkrpcperfgate.namenode;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs Hadoop's own {@code org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark}
 * (hadoop-hdfs tests jar) in a child JVM against one of our NameNodes ({@code -fs hdfs://127.0.0.1:port}),
 * so its creates/s can stand beside this suite's client on the same NameNode: if ours were far
 * slower, our client, not the NameNode, would be measured. Its threads share one connection, so
 * the counterpart is our shared-connection workload.
 */
final class NnThroughputCrossCheck {

    /** It reports through slf4j only: the child logs that one class at INFO to stdout. */
    private static final String LOGBACK = """
            <configuration>
              <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%msg%n</pattern></encoder>
              </appender>
              <logger name="org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark" level="INFO"/>
              <root level="WARN"><appender-ref ref="OUT"/></root>
            </configuration>
            """;
    private static final Pattern OPS_PER_SECOND = Pattern.compile("Ops per sec: ([0-9.]+)");
    private static final long TIMEOUT_SECONDS = 120;

    /** client threads, files created in all, files per directory. */
    record Setting(int threads, int files, int filesPerDir) {
    }

    private NnThroughputCrossCheck() {
    }

    /** Its create ops/s (create + complete, {@code -close}), or empty with the reason printed. */
    static OptionalDouble opsPerSecond(URI namenode, Setting s) throws IOException, InterruptedException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path logback = Files.createTempFile("zk-rpc-perfgate-nnbench-", ".xml");
        Path out = Files.createTempFile("zk-rpc-perfgate-nnbench-", ".log");
        try {
            Files.writeString(logback, LOGBACK, StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(List.of(java, "-Xmx1g", "-Dlogback.configurationFile=" + logback, "-cp", classpath,
                    "org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark",
                    "-fs", namenode.toString(), "-op", "create", "-threads", Integer.toString(s.threads()),
                    "-files", Integer.toString(s.files()), "-filesPerDir", Integer.toString(s.filesPerDir()), "-close"))
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                System.out.println("[perf] NNThroughputBenchmark did not finish within " + TIMEOUT_SECONDS + " s");
                return OptionalDouble.empty();
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            Matcher m = OPS_PER_SECOND.matcher(text);
            if (!m.find()) {
                System.out.println("[perf] NNThroughputBenchmark printed no ops/s (exit " + p.exitValue() + "):\n"
                        + text.lines().skip(Math.max(0, text.lines().count() - 15)).reduce("", (a, b) -> a + b + "\n"));
                return OptionalDouble.empty();
            }
            return OptionalDouble.of(Double.parseDouble(m.group(1)));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(logback);
        }
    }

    static String describe(Setting s) {
        return "create -close, " + s.threads() + " threads on one connection, " + s.files() + " files, "
                + s.filesPerDir() + " per directory";
    }
}
