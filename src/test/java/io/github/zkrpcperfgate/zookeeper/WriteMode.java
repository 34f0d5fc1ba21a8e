package io.github.zkrpcperfgate.zookeeper;

import java.util.Locale;

/** The seed's three ways to create 10,000 znodes. */
public enum WriteMode {
    /** A loop of blocking {@code create}: one round trip and one fsync'd commit per znode. */
    SYNC,
    /** {@code create} with a callback for each; done when every callback has arrived. */
    ASYNC,
    /** One {@code multi} of all the {@code Op.create}: a single request and transaction. */
    MULTI;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
