package io.github.zkrpcperfgate.namenode;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.common.Storage;
import org.apache.hadoop.hdfs.server.common.StorageInfo;
import org.apache.hadoop.hdfs.server.namenode.EditLogFileOutputStream;
import org.apache.hadoop.hdfs.server.namenode.EditLogInputStream;
import org.apache.hadoop.hdfs.server.namenode.EditLogOutputStream;
import org.apache.hadoop.hdfs.server.namenode.JournalManager;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;

/**
 * A second edit-log journal whose every sync is acknowledged late: the edit log written to a real
 * file and fsynced, then {@link #SYNC_DELAY_US_KEY} microseconds more before the sync returns, as a
 * shared or quorum journal on a slower disk or network would. It is plugged in the way QJM is, through
 * Hadoop's journal-plugin key ({@code dfs.namenode.edits.journal-plugin.<scheme>}), and the
 * NameNode's own edit log waits for it on every {@code logSync}: what {@code -Dperf.inject=
 * nn.journalSyncDelayUs=N} uses to slow the NameNode's write path for real.
 *
 * <p>Nothing is read back from it: a NameNode loads its edits from its file journal, which holds the
 * same transactions. It supports no upgrade or rollback; a NameNode started with it never does either.
 */
public final class SlowJournal implements JournalManager {

    /** The URI scheme the plugin is registered under. */
    static final String SCHEME = "perfgate-slow";
    /** How late each sync is acknowledged, in microseconds (the NameNode's configuration carries it). */
    static final String SYNC_DELAY_US_KEY = "perfgate.slowJournal.syncDelayUs";

    private final Configuration conf;
    private final Path dir;
    private final long delayNanos;
    private int outputBufferCapacity = 512 * 1024;

    /** The constructor FSEditLog.createJournal looks for. */
    public SlowJournal(Configuration conf, URI uri, NamespaceInfo namespace) throws IOException {
        this.conf = conf;
        this.dir = Path.of(uri.getPath());
        this.delayNanos = TimeUnit.MICROSECONDS.toNanos(conf.getLong(SYNC_DELAY_US_KEY, 0));
        if (delayNanos <= 0) {
            throw new IllegalArgumentException(SYNC_DELAY_US_KEY + " must be > 0 for a " + SCHEME + " journal");
        }
        Files.createDirectories(dir);
    }

    /** The edits-dir URI of a slow journal kept in {@code dir}. */
    static URI uri(Path dir) {
        try {
            // An empty authority gives scheme:///path, and the path is quoted (a temp dir may hold spaces).
            return new URI(SCHEME, "", dir.toAbsolutePath().toString(), null, null);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("no URI for the slow journal's directory " + dir, e);
        }
    }

    @Override
    public EditLogOutputStream startLogSegment(long txId, int layoutVersion) throws IOException {
        EditLogOutputStream out = new LateSyncStream(conf, dir.resolve("edits_inprogress_" + txId).toFile(),
                outputBufferCapacity, delayNanos);
        out.create(layoutVersion);
        return out;
    }

    @Override
    public void setOutputBufferCapacity(int size) {
        this.outputBufferCapacity = size;
    }

    @Override
    public void format(NamespaceInfo ns, boolean force) {
        // An empty directory is a formatted slow journal.
    }

    @Override
    public boolean hasSomeData() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.findAny().isPresent();
        }
    }

    @Override
    public void selectInputStreams(Collection<EditLogInputStream> streams, long fromTxId, boolean inProgressOk,
            boolean onlyDurableTxns) {
        // Nothing to read back: the file journal beside it holds the same edits.
    }

    @Override
    public void finalizeLogSegment(long firstTxId, long lastTxId) {
        // The segment's stream is closed by then; its file stays where it is until the NameNode's directory goes.
    }

    @Override
    public void recoverUnfinalizedSegments() {
    }

    @Override
    public void purgeLogsOlderThan(long minTxIdToKeep) {
    }

    @Override
    public void discardSegments(long startTxId) {
    }

    @Override
    public long getJournalCTime() {
        return 0;
    }

    @Override
    public void doPreUpgrade() {
        throw unsupported("upgrade");
    }

    @Override
    public void doUpgrade(Storage storage) {
        throw unsupported("upgrade");
    }

    @Override
    public void doFinalize() {
        throw unsupported("upgrade");
    }

    @Override
    public boolean canRollBack(StorageInfo storage, StorageInfo prevStorage, int targetLayoutVersion) {
        return false;
    }

    @Override
    public void doRollback() {
        throw unsupported("rollback");
    }

    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return SCHEME + " journal in " + dir + " (syncs acknowledged " + TimeUnit.NANOSECONDS.toMicros(delayNanos)
                + " µs late)";
    }

    private UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException(this + " supports no " + what);
    }

    /** A file edit-log stream whose durable flushes return {@code delayNanos} after the fsync. */
    private static final class LateSyncStream extends EditLogFileOutputStream {

        private final long delayNanos;

        LateSyncStream(Configuration conf, File file, int bufferSize, long delayNanos) throws IOException {
            super(conf, file, bufferSize);
            this.delayNanos = delayNanos;
        }

        @Override
        public void flushAndSync(boolean durable) throws IOException {
            super.flushAndSync(durable);
            if (durable) {
                waitOut(delayNanos);
            }
        }

        /** Parks until {@code nanos} have passed (bounded by them); an interrupt ends the wait early. */
        private static void waitOut(long nanos) {
            long end = System.nanoTime() + nanos;
            for (long left = nanos; left > 0 && !Thread.currentThread().isInterrupted(); left = end - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
        }
    }
}
