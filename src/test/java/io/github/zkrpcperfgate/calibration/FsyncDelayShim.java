package io.github.zkrpcperfgate.calibration;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The LD_PRELOAD shim of the disk injections ({@code src/test/resources/fsync-shim}): built with
 * the machine's gcc once per JVM, into a directory this JVM owns. See the C source for what it does.
 */
public final class FsyncDelayShim {

    /** Where containers find the shim. */
    public static final String IN_CONTAINER = "/opt/perfgate/libfsyncdelay.so";
    public static final String DELAY_VARIABLE = "PERF_FSYNC_DELAY_US";
    /** A file whose µs the shim adds at every sync, read each time: a delay set after the process started. */
    public static final String DELAY_FILE_VARIABLE = "PERF_FSYNC_DELAY_FILE";

    private static Path built;

    private FsyncDelayShim() {
    }

    /** The shim's path on this machine, built on first use; fails naming gcc when it cannot be built. */
    public static synchronized Path library(Path workDirectory) {
        if (built != null) {
            return built;
        }
        try {
            Path dir = Files.createDirectories(workDirectory);
            Path source = dir.resolve("fsyncdelay.c");
            try (InputStream in = FsyncDelayShim.class.getResourceAsStream("/fsync-shim/fsyncdelay.c")) {
                Files.copy(in, source, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            Path library = dir.resolve("libfsyncdelay.so");
            Process gcc = new ProcessBuilder("gcc", "-shared", "-fPIC", "-O2", "-o", library.toString(), source.toString(), "-ldl")
                    .redirectErrorStream(true).start();
            String output = new String(gcc.getInputStream().readAllBytes());
            if (!gcc.waitFor(60, TimeUnit.SECONDS) || gcc.exitValue() != 0) {
                throw new IllegalStateException("could not build the fsync-delay shim with gcc: " + output);
            }
            built = library;
            return built;
        } catch (IOException e) {
            throw new UncheckedIOException("the fsync injections build an LD_PRELOAD shim with gcc, which failed"
                    + " (install gcc, or run without zk.fsyncDelayUs / env.fsyncDelayUs): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while building the fsync-delay shim", e);
        }
    }

    /** The environment that preloads {@code library} with {@code delayMicros} (0: the shim passes every sync through). */
    public static Map<String, String> environment(String library, long delayMicros) {
        return Map.of("LD_PRELOAD", library, DELAY_VARIABLE, Long.toString(delayMicros));
    }

    /** As {@link #environment(String, long)}, plus the µs {@code delayFile} will hold once written (none until then). */
    public static Map<String, String> environment(String library, long delayMicros, String delayFile) {
        return Map.of("LD_PRELOAD", library, DELAY_VARIABLE, Long.toString(delayMicros), DELAY_FILE_VARIABLE, delayFile);
    }
}
