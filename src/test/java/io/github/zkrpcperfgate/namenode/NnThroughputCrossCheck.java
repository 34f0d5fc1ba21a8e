package io.github.zkrpcperfgate.namenode;

import io.github.zkrpcperfgate.measure.ChildJava;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
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
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    /** client threads, files created in all, files per directory. */
    record Setting(int threads, int files, int filesPerDir) {
    }

    private NnThroughputCrossCheck() {
    }

    /** Its create ops/s (create + complete, {@code -close}), or empty with the reason printed. */
    static OptionalDouble opsPerSecond(URI namenode, Setting s) throws IOException, InterruptedException {
        Path logback = Files.createTempFile("zk-rpc-perfgate-nnbench-", ".xml");
        try {
            Files.writeString(logback, LOGBACK, StandardCharsets.UTF_8);
            Optional<ChildJava.Output> out = ChildJava.run("NNThroughputBenchmark",
                    List.of("-Xmx1g", "-Dlogback.configurationFile=" + logback),
                    "org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark",
                    List.of("-fs", namenode.toString(), "-op", "create", "-threads", Integer.toString(s.threads()),
                            "-files", Integer.toString(s.files()), "-filesPerDir", Integer.toString(s.filesPerDir()),
                            "-close"),
                    TIMEOUT);
            return out.map(o -> o.number(OPS_PER_SECOND, "NNThroughputBenchmark printed no ops/s")).orElse(OptionalDouble.empty());
        } finally {
            Files.deleteIfExists(logback);
        }
    }

    static String describe(Setting s) {
        return "create -close, " + s.threads() + " threads on one connection, " + s.files() + " files, "
                + s.filesPerDir() + " per directory";
    }
}
