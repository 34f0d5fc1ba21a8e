package io.github.zkrpcperfgate.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Another project's benchmark run in a JVM of its own with this JVM's test classpath (the
 * cross-checks against Hadoop's own benchmarks), bounded in time, its output kept for a parser.
 */
public final class ChildJava {

    /** What a finished child printed, standard output and error together, and how it exited. */
    public record Output(int exitCode, String text) {

        /** The last {@code n} lines: what a message shows when the expected result is missing. */
        public String tail(int n) {
            List<String> lines = text.lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
        }

        /**
         * The number {@code result}'s first group matches; when none does, empty, with the exit
         * code and the last lines printed under {@code missing} (e.g. "RPCCallBenchmark printed no total").
         */
        public OptionalDouble number(Pattern result, String missing) {
            Matcher m = result.matcher(text);
            if (m.find()) {
                return OptionalDouble.of(Double.parseDouble(m.group(1)));
            }
            System.out.println("[perf] " + missing + " (exit " + exitCode + "):\n" + tail(15));
            return OptionalDouble.empty();
        }
    }

    private ChildJava() {
    }

    /**
     * Runs {@code mainClass}; empty (and said on the console) when it did not finish within
     * {@code timeout}, in which case it has been killed.
     *
     * @param what names the benchmark in that message
     */
    public static Optional<Output> run(String what, List<String> jvmOptions, String mainClass, List<String> args,
                                       Duration timeout) throws IOException, InterruptedException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(args);
        Path out = Files.createTempFile("zk-rpc-perfgate-child-", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                System.out.println("[perf] " + what + " did not finish within " + timeout.toSeconds() + " s");
                return Optional.empty();
            }
            return Optional.of(new Output(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8)));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
