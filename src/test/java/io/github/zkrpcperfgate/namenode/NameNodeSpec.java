package io.github.zkrpcperfgate.namenode;

/**
 * A NameNode's RPC server threading, the two settings users tune: {@code dfs.namenode.handler.count}
 * and {@code ipc.server.read.threadpool.size} (the NameNode's client RPC server reads the common
 * IPC key; Hadoop's defaults are 10 handlers and 1 reader).
 */
public record NameNodeSpec(int handlers, int readers) {

    public NameNodeSpec {
        if (handlers < 1 || readers < 1) {
            throw new IllegalArgumentException("a NameNode needs >= 1 handler and >= 1 reader, was h" + handlers + "r" + readers);
        }
    }

    /** e.g. {@code h10r1}. */
    public String label() {
        return "h" + handlers + "r" + readers;
    }
}
