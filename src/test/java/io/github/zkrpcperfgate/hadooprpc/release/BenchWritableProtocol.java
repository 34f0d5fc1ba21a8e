package io.github.zkrpcperfgate.hadooprpc.release;

import java.io.IOException;
import org.apache.hadoop.ipc.VersionedProtocol;

/** The writable-engine protocol of the benchmark: one call taking the seed's array of strings. */
public interface BenchWritableProtocol extends VersionedProtocol {

    long versionID = 1L;

    /** Sleeps the server's handler delay, then answers with the number of strings received. */
    int call(String[] payload) throws IOException;
}
