package io.github.zkrpcperfgate.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fsync probe's file laid out as the server's log: padded first as ZooKeeper pads its own, or grown by each record. */
class LogLayoutTest {

    @TempDir
    Path dir;

    @Test
    void zooKeepersLayoutSettlesTheFileSizeBeforeTheFirstRecord() throws Exception {
        try (FileChannel channel = FileChannel.open(dir.resolve("log"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            LogLayout.ZOOKEEPER_TXN_LOG.prepare(channel);
            channel.position(0);
            channel.write(ByteBuffer.allocate(FsyncProbeMain.RECORD_BYTES));
            assertThat(channel.size()).isEqualTo(LogLayout.ZOOKEEPER_PREALLOC_BYTES);
            assertThat(channel.position()).isEqualTo(FsyncProbeMain.RECORD_BYTES);
        }
    }

    @Test
    void appendedRecordsGrowTheFile() throws Exception {
        try (FileChannel channel = FileChannel.open(dir.resolve("log"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            LogLayout.APPENDED.prepare(channel);
            channel.write(ByteBuffer.allocate(FsyncProbeMain.RECORD_BYTES));
            assertThat(channel.size()).isEqualTo(FsyncProbeMain.RECORD_BYTES);
        }
    }

    @Test
    void theProbeProcessForcesASetInEitherLayoutAndSaysWhichInItsDescription() {
        for (LogLayout layout : LogLayout.values()) {
            try (FsyncProbe probe = FsyncProbe.inTempDirectory(layout)) {
                Histogram h = new Histogram(3);
                probe.runSet(h::recordValue);
                assertThat(h.getTotalCount()).isEqualTo(probe.operationsPerSet());
                assertThat(probe.where()).startsWith("temporary directory ");
                if (layout == LogLayout.ZOOKEEPER_TXN_LOG) {
                    assertThat(probe.where()).endsWith(", " + layout.description());
                }
            } catch (Exception e) {
                throw new AssertionError(layout + ": " + e, e);
            }
        }
        assertThat(Files.exists(Path.of(System.getProperty("java.io.tmpdir"), FsyncProbeMain.FILE_NAME))).isFalse();
    }
}
