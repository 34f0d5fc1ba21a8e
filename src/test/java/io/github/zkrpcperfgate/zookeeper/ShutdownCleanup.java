package io.github.zkrpcperfgate.zookeeper;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Closes whatever the suite still holds when the JVM ends early (SIGTERM, Ctrl-C, a crashed
 * fork), so no container or child JVM outlives the run. Normal runs close through JUnit first.
 */
public final class ShutdownCleanup {

    private static final Set<AutoCloseable> OPEN = new LinkedHashSet<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ShutdownCleanup::closeAll, "zk-rpc-perfgate-cleanup"));
    }

    private ShutdownCleanup() {
    }

    public static synchronized void register(AutoCloseable resource) {
        OPEN.add(resource);
    }

    public static synchronized void unregister(AutoCloseable resource) {
        OPEN.remove(resource);
    }

    /** Closes in reverse order of registration; one failure does not stop the rest. */
    static void closeAll() {
        List<AutoCloseable> toClose;
        synchronized (ShutdownCleanup.class) {
            toClose = new ArrayList<>(OPEN);
            OPEN.clear();
        }
        for (int i = toClose.size() - 1; i >= 0; i--) {
            try {
                toClose.get(i).close();
            } catch (Exception e) {
                System.err.println("[perf] cleanup of " + toClose.get(i) + " failed: " + e);
            }
        }
    }
}
