package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What ZooKeeper's transaction log pays per group commit: append a small record to a file and
 * force it to disk (fdatasync). The file lives in the temporary directory, on the filesystem
 * where the process backend keeps its data directories and, on a machine like CI's, where
 * Docker keeps the containers' writable layers.
 */
public final class FsyncProbe implements Workload, AutoCloseable {

    public static final String NAME = "calibration/fsync";
    static final int FORCES_PER_SET = 300;
    private static final int RECORD_BYTES = 512;

    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer record = ByteBuffer.allocateDirect(RECORD_BYTES);

    public FsyncProbe() {
        try {
            file = Files.createTempFile("zk-rpc-perfgate-fsync-", ".probe");
            file.toFile().deleteOnExit(); // should close() never run
            channel = FileChannel.open(file, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not create the fsync calibration file in " + System.getProperty("java.io.tmpdir"), e);
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
        for (int i = 0; i < FORCES_PER_SET; i++) {
            long start = System.nanoTime();
            record.clear();
            while (record.hasRemaining()) {
                channel.write(record);
            }
            channel.force(false);
            latencies.recordNanos(System.nanoTime() - start);
        }
    }

    @Override
    public void resetAfterSet() throws IOException {
        channel.truncate(0);
        channel.position(0);
    }

    @Override
    public boolean oneSetPerSample() {
        return true;
    }

    @Override
    public void close() throws IOException {
        try (channel) {
            Files.deleteIfExists(file);
        }
    }
}
