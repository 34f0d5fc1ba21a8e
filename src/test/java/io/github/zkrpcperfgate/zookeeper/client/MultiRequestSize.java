package io.github.zkrpcperfgate.zookeeper.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.apache.jute.BinaryOutputArchive;
import org.apache.zookeeper.MultiOperationRecord;
import org.apache.zookeeper.Op;

/**
 * The size on the wire of a {@code multi} request, checked before sending. A server drops a
 * connection whose packet exceeds its {@code jute.maxbuffer} ("Len error" in its log); the
 * client then only sees connection loss, so without this check an oversized batch fails
 * obscurely or looks like a hang.
 */
public final class MultiRequestSize {

    /** ZooKeeper's default {@code jute.maxbuffer}: 0xfffff bytes. */
    public static final int DEFAULT_MAX_BUFFER_BYTES = 0xfffff;
    /** Request header (xid, type) in front of the record. */
    private static final int HEADER_BYTES = 8;

    private MultiRequestSize() {
    }

    /** Bytes of the request packet (header + record) the server must accept. */
    public static long bytes(List<Op> ops) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new MultiOperationRecord(ops).serialize(BinaryOutputArchive.getArchive(out), "request");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HEADER_BYTES + out.size();
    }

    /** The server limit in force: {@code -Djute.maxbuffer}, as ZooKeeper reads it, else the default. */
    public static int limitBytes() {
        return Integer.getInteger("jute.maxbuffer", DEFAULT_MAX_BUFFER_BYTES);
    }

    /** Throws, naming size, limit and how many such ops would fit, when {@code ops} are too big for one multi. */
    public static void requireFits(String what, List<Op> ops, int limitBytes) {
        long bytes = bytes(ops);
        if (bytes > limitBytes) {
            long fit = (long) ((limitBytes - HEADER_BYTES) / ((double) (bytes - HEADER_BYTES) / ops.size()));
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: one multi of %,d ops is %,d bytes, over jute.maxbuffer = %,d bytes; the server would drop the"
                            + " connection (\"Len error\"). About %,d such ops fit in one multi: lower -Dperf.zk.ops",
                    what, ops.size(), bytes, limitBytes, fit));
        }
    }
}
