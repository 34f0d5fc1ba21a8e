package io.github.zkrpcperfgate.namenode;

import java.io.IOException;
import java.util.EnumSet;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.io.EnumSetWritable;

/**
 * The namespace operations of Hadoop's own {@code NNThroughputBenchmark}, made the way it makes
 * them: straight through the client's {@link ClientProtocol} proxy (one RPC each; create is
 * create + complete, an empty file written and closed, as its {@code -close} does). Writes go
 * through the namespace lock and the edit log's sync; {@code getFileInfo} is a read.
 */
public enum NameNodeOp {

    CREATE("create", true),
    MKDIRS("mkdirs", true),
    GET_FILE_INFO("getfileinfo", false),
    RENAME("rename", true);

    /** The NameNode refuses blocks under dfs.namenode.fs-limits.min-block-size (1 MB); no block is written anyway. */
    private static final long BLOCK_SIZE = org.apache.hadoop.hdfs.client.HdfsClientConfigKeys.DFS_BLOCK_SIZE_DEFAULT;
    private static final EnumSetWritable<CreateFlag> CREATE_FLAGS =
            new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE));

    private final String label;
    private final boolean write;

    NameNodeOp(String label, boolean write) {
        this.label = label;
        this.write = write;
    }

    /** Lower-case, as in scenario names: {@code nn-getfileinfo}. */
    public String label() {
        return label;
    }

    /** Whether the operation logs an edit (and so waits for the edit log's sync). */
    public boolean write() {
        return write;
    }

    /** The path operation {@code j} of a set works on, in the thread's own directory. */
    static String path(String threadDir, int j) {
        return threadDir + "/f" + j;
    }

    /** The renamed path of {@code path}. */
    static String renamed(String path) {
        return path + ".moved";
    }

    /**
     * One operation on {@code path}; fails when the NameNode answers that it did nothing (a rename
     * or getFileInfo of a missing path), so a broken set never reads as a fast one.
     */
    void run(ClientProtocol namenode, String clientName, String path) throws IOException {
        switch (this) {
            case CREATE -> {
                HdfsFileStatus created = namenode.create(path, FsPermission.getFileDefault(), clientName, CREATE_FLAGS,
                        false, (short) 1, BLOCK_SIZE, CryptoProtocolVersion.supported(), null, null);
                if (!namenode.complete(path, clientName, null, created.getFileId())) {
                    throw new IOException("complete of the empty file " + path + " returned false");
                }
            }
            case MKDIRS -> namenode.mkdirs(path, FsPermission.getDirDefault(), false);
            case GET_FILE_INFO -> {
                if (namenode.getFileInfo(path) == null) {
                    throw new IOException("getFileInfo: " + path + " does not exist");
                }
            }
            case RENAME -> {
                if (!namenode.rename(path, renamed(path))) {
                    throw new IOException("rename of " + path + " returned false");
                }
            }
        }
    }

    /** Whether the operation needs its paths to exist as files before a set. */
    boolean needsFiles() {
        return this == GET_FILE_INFO || this == RENAME;
    }
}
