package io.github.zkrpcperfgate.calibration;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * How the fsync probe lays out the file it forces, so that it pays what the server's own log
 * pays. An fdatasync of a write that grows the file also commits the file's new size; one into
 * space allocated beforehand need not, and measured here (2026-12-01, 2c-amd-epyc, ext4) the two
 * differ by more than a day's drift of the disk: 600 forces of 512 bytes took a p50 of 0.181 and
 * 0.193 ms appended, 0.123 and 0.143 ms into a file padded as ZooKeeper pads its log.
 */
public enum LogLayout {

    /** Records appended to a file that grows with each: what Hadoop's probes were recorded with. */
    APPENDED("appended to a growing file", 0),

    /**
     * Records written into a file padded first to {@value #ZOOKEEPER_PREALLOC_BYTES} bytes by one
     * byte at its end, as ZooKeeper's {@code FilePadding} pads the transaction log
     * ({@code zookeeper.preAllocSize}, 64 MB by default): the size is settled before the first
     * record, and each force writes data (and the blocks it fills) only.
     */
    ZOOKEEPER_TXN_LOG("into a log padded to 64 MB as ZooKeeper pads its own", LogLayout.ZOOKEEPER_PREALLOC_BYTES);

    /** ZooKeeper's default {@code zookeeper.preAllocSize} (64 MB), in bytes. */
    static final long ZOOKEEPER_PREALLOC_BYTES = 64L * 1024 * 1024;

    private final String description;
    private final long paddedBytes;

    LogLayout(String description, long paddedBytes) {
        this.description = description;
        this.paddedBytes = paddedBytes;
    }

    /**
     * Readies an empty file for a set of timed forces: pads it, and forces the padding's size
     * outside the timed forces, as in ZooKeeper's steady state (one padding per 64 MB of log).
     * No nested classes: the probe's classes are copied one by one into the servers' image.
     */
    void prepare(FileChannel channel) throws IOException {
        if (paddedBytes > 0) {
            channel.write(ByteBuffer.allocate(1), paddedBytes - 1);
            channel.force(true);
        }
    }

    /** For the report: "appended to a growing file". */
    public String description() {
        return description;
    }
}
