package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * What ZooKeeper's transaction log pays per group commit, measured where the log lives: a probe
 * process ({@link FsyncProbeMain}) beside the servers' data appends small records and forces each
 * to disk (fdatasync). For containers it runs inside a server's container on its data directory,
 * for child JVMs on their data directory; a probe in this JVM's temporary directory would measure
 * another filesystem than the one the servers force.
 */
public final class FsyncProbe implements Probe, AutoCloseable {

    public static final String NAME = "calibration/fsync";
    static final int FORCES_PER_SET = 300;
    /** Bounds the probe's start (a JVM, perhaps through docker exec) and each answer (300 forces). */
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final OutputStream requests;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final String where;
    private final LogLayout layout;
    private final String filesystemType;

    /**
     * Starts {@code command} (a JVM running {@link FsyncProbeMain}) and waits until it has opened its file.
     *
     * @param where  what the probe measures, for messages and the report, e.g. "its own container's
     *               /data beside the servers'"; the same text for every run of the same setup, since
     *               a baseline's environment keeps it
     * @param layout how {@code command} lays out its records, for {@link #where()}
     */
    public FsyncProbe(ProcessBuilder command, String where, LogLayout layout) {
        this.where = where;
        this.layout = layout;
        try {
            process = command.redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the fsync probe (" + where + "): " + command.command(), e);
        }
        requests = process.getOutputStream();
        Thread reader = new Thread(this::readAnswers, "fsync-probe-answers");
        reader.setDaemon(true);
        reader.start();
        String ready = nextAnswer("start");
        String[] words = ready.split(" ");
        if (words.length < 3 || !words[0].equals("ready")) {
            close();
            throw new IllegalStateException("the fsync probe (" + where + ") did not start: " + ready);
        }
        filesystemType = words[words.length - 1];
    }

    /** The probe in this machine's temporary directory, records appended (what the Hadoop families record with). */
    public static FsyncProbe inTempDirectory() {
        return inTempDirectory(LogLayout.APPENDED);
    }

    /** The probe in this machine's temporary directory, in a child JVM of this one's (no servers' disk to follow). */
    public static FsyncProbe inTempDirectory(LogLayout layout) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new FsyncProbe(new ProcessBuilder(command(java, ownClasspath().toString(), System.getProperty("java.io.tmpdir"),
                layout)), "temporary directory " + System.getProperty("java.io.tmpdir"), layout);
    }

    /** The command line that runs {@link FsyncProbeMain} on {@code directory}, its records laid out as {@code layout}. */
    public static List<String> command(String java, String classpath, String directory, LogLayout layout) {
        return List.of(java, "-Xmx32m", "-XX:TieredStopAtLevel=1", "-cp", classpath, FsyncProbeMain.class.getName(), directory,
                layout.name());
    }

    /** Where {@link FsyncProbeMain}'s class file lies on this machine (the test classes). */
    public static Path ownClasspath() {
        try {
            return Path.of(FsyncProbeMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the test classes for the fsync probe", e);
        }
    }

    /**
     * Fails when the probe's directory is on tmpfs: an fsync there costs nothing, and latencies
     * held against it would follow nothing real.
     */
    public FsyncProbe requireDisk() {
        if (filesystemType.equals("tmpfs")) {
            close();
            throw new IllegalStateException("the fsync probe (" + where + ") runs on tmpfs, where fsync is free: ZooKeeper's"
                    + " sync latency cannot be calibrated against it. Keep the servers' data (and java.io.tmpdir for the"
                    + " process backend) on a disk");
        }
        return this;
    }

    /** "its own container's /data beside the servers' (overlay), into a log padded to 64 MB as ZooKeeper pads its own". */
    public String where() {
        return where + " (" + filesystemType + ")" + (layout == LogLayout.APPENDED ? "" : ", " + layout.description());
    }

    private void readAnswers() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))) {
            String line;
            while ((line = in.readLine()) != null) {
                answers.add(line);
            }
        } catch (IOException e) {
            // the probe ended; nextAnswer reports it
        }
        answers.add("ended with code " + exitCode());
    }

    private String exitCode() {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(process.exitValue()) : "(still running)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)";
        }
    }

    private String nextAnswer(String what) {
        try {
            String line = answers.poll(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (line == null) {
                throw new IllegalStateException("the fsync probe (" + where + ") gave no answer to " + what + " within "
                        + ANSWER_TIMEOUT.toSeconds() + " s");
            }
            return line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the fsync probe", e);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int operationsPerSet() {
        return FORCES_PER_SET;
    }

    @Override
    public void runSet(LatencyRecorder latencies) throws IOException {
        requests.write((FORCES_PER_SET + "\n").getBytes(StandardCharsets.US_ASCII));
        requests.flush();
        String answer = nextAnswer("a set of " + FORCES_PER_SET + " forces");
        String[] nanos = answer.split(" ");
        if (nanos.length != FORCES_PER_SET) {
            throw new IOException("the fsync probe (" + where + ") answered \"" + answer + "\" to a set of " + FORCES_PER_SET);
        }
        for (String n : nanos) {
            latencies.recordNanos(Long.parseLong(n));
        }
    }

    /** Ends the probe: end of input lets it delete its file; a probe that does not end is killed. */
    @Override
    public void close() {
        try {
            requests.close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
