package io.github.zkrpcperfgate.namenode;

import io.github.zkrpcperfgate.files.OwnedTempDirs;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.fs.CommonConfigurationKeys;

/**
 * A real NameNode in this JVM, on a {@link MiniDFSCluster} without DataNodes (namespace operations
 * on empty files need none), bound to 127.0.0.1, its fsimage and edit log in a temporary
 * directory of its own that {@link #close} removes (and {@link OwnedTempDirs} sweeps after a
 * {@code kill -9}).
 *
 * <p>Unlike MiniDFSCluster's default, the edit log really syncs: its builder skips fsync "for
 * testing" unless told otherwise, and a NameNode's write path is the edit log's group commit.
 */
final class MiniNameNode implements AutoCloseable {

    /**
     * How the edit log is kept: the settings the injections change. {@code slowJournalDelayUs > 0}
     * adds a {@link SlowJournal} whose syncs are acknowledged that late; 0 adds none.
     */
    record EditLog(int directories, boolean asyncLogging, int slowJournalDelayUs) {

        static final EditLog DEFAULT = new EditLog(1, true, 0);

        EditLog {
            if (directories < 1) {
                throw new IllegalArgumentException("an edit log needs >= 1 directory, was " + directories);
            }
            if (slowJournalDelayUs < 0) {
                throw new IllegalArgumentException("a slow journal's delay must be >= 0 µs, was " + slowJournalDelayUs);
            }
        }

        String describe() {
            return directories + " dir(s), " + (asyncLogging ? "async" : "sync") + " logging, fsync on"
                    + (slowJournalDelayUs > 0 ? ", plus a journal acknowledging each sync " + slowJournalDelayUs
                    + " µs late" : "");
        }
    }

    private final MiniDFSCluster cluster;
    private final Path baseDir;

    private MiniNameNode(MiniDFSCluster cluster, Path baseDir) {
        this.cluster = cluster;
        this.baseDir = baseDir;
    }

    static MiniNameNode start(String label, NameNodeSpec spec, EditLog editLog) throws IOException {
        Path baseDir = OwnedTempDirs.create("namenode-" + label);
        MiniDFSCluster cluster = null;
        try {
            cluster = new MiniDFSCluster.Builder(configuration(spec, editLog, baseDir), baseDir.toFile())
                    .numDataNodes(0)
                    .manageNameDfsDirs(false)
                    .skipFsyncForTesting(false)
                    // A NameNode that called terminate() fails its clients' sets with the reason;
                    // shutdown must still stop it and remove its directory, not throw.
                    .checkExitOnShutdown(false)
                    .build();
            cluster.waitActive();
            MiniNameNode started = new MiniNameNode(cluster, baseDir);
            started.requireLoopback();
            return started;
        } catch (IOException | RuntimeException | Error e) {
            if (cluster != null) {
                cluster.shutdown(true);
            }
            OwnedTempDirs.deleteRecursively(baseDir);
            throw e;
        }
    }

    /** The NameNode's configuration for {@code spec}: threading, a loopback-only NameNode, its own dirs. */
    static Configuration configuration(NameNodeSpec spec, EditLog editLog, Path baseDir) {
        Configuration conf = new HdfsConfiguration();
        conf.setInt(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, spec.handlers());
        conf.setInt(CommonConfigurationKeys.IPC_SERVER_RPC_READ_THREADS_KEY, spec.readers());
        conf.set(DFSConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY, "127.0.0.1:0");
        conf.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, "127.0.0.1:0");
        conf.set(DFSConfigKeys.DFS_NAMENODE_HTTPS_ADDRESS_KEY, "127.0.0.1:0");
        conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_EDITS_ASYNC_LOGGING, editLog.asyncLogging());
        // The client threads are users of their own (a connection each); permission checks are
        // not what is measured, and a superuser skips them too.
        conf.setBoolean(DFSConfigKeys.DFS_PERMISSIONS_ENABLED_KEY, false);
        conf.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, baseDir.resolve("name").toUri().toString());
        List<String> edits = new ArrayList<>();
        for (int i = 1; i <= editLog.directories(); i++) {
            edits.add(baseDir.resolve("edits" + i).toUri().toString());
        }
        if (editLog.slowJournalDelayUs() > 0) {
            conf.set(DFSConfigKeys.DFS_NAMENODE_EDITS_PLUGIN_PREFIX + "." + SlowJournal.SCHEME, SlowJournal.class.getName());
            conf.setLong(SlowJournal.SYNC_DELAY_US_KEY, editLog.slowJournalDelayUs());
            edits.add(SlowJournal.uri(baseDir.resolve("slow-journal")).toString());
        }
        conf.set(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY, String.join(",", edits));
        // Bounded client waits: a NameNode that stops answering fails the set, not the build's clock.
        conf.setInt(CommonConfigurationKeys.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 3);
        conf.setInt(CommonConfigurationKeys.IPC_CLIENT_CONNECT_TIMEOUT_KEY, 5_000);
        conf.setInt("ipc.client.rpc-timeout.ms", 60_000);
        conf.setBoolean("dfs.client.retry.policy.enabled", false);
        return conf;
    }

    private void requireLoopback() {
        InetSocketAddress rpc = cluster.getNameNode().getNameNodeAddress();
        InetSocketAddress http = cluster.getNameNode().getHttpAddress();
        for (InetSocketAddress a : List.of(rpc, http)) {
            if (a == null || a.getAddress() == null || !a.getAddress().isLoopbackAddress()) {
                throw new IllegalStateException("the NameNode must listen on 127.0.0.1 only; it listens on " + a);
            }
        }
    }

    /** {@code hdfs://127.0.0.1:port}. */
    URI uri() {
        return URI.create("hdfs://127.0.0.1:" + cluster.getNameNodePort());
    }

    /** The configuration the NameNode runs with, for its clients (same timeouts, same keys). */
    Configuration clientConfiguration() {
        return new Configuration(cluster.getConfiguration(0));
    }

    @Override
    public void close() throws IOException {
        try {
            cluster.shutdown(true);
        } finally {
            OwnedTempDirs.deleteRecursively(baseDir);
        }
    }
}
