package io.github.zkrpcperfgate.namenode;

import java.io.IOException;
import java.net.URI;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * One client connection to a NameNode: a {@link DistributedFileSystem} of its own, made as a user
 * of its own. Hadoop keys RPC connections by (address, protocol, user), so threads sharing one
 * of these share one TCP connection (and one server reader), and threads with one each do not.
 */
final class NameNodeConnection implements AutoCloseable {

    private final DistributedFileSystem fs;

    private NameNodeConnection(DistributedFileSystem fs) {
        this.fs = fs;
    }

    static NameNodeConnection open(URI namenode, Configuration conf, String user) throws IOException, InterruptedException {
        UserGroupInformation ugi = UserGroupInformation.createRemoteUser(user);
        FileSystem fs = ugi.doAs((PrivilegedExceptionAction<FileSystem>) () -> FileSystem.newInstance(namenode, conf));
        return new NameNodeConnection((DistributedFileSystem) fs);
    }

    ClientProtocol namenode() {
        return fs.getClient().getNamenode();
    }

    /** The lease holder name creates are made under. */
    String clientName() {
        return fs.getClient().getClientName();
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }
}
