package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.measure.MavenRuntime;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured ZooKeeper client of one release: its own jars (from {@link ServerRuntime}, which
 * resolves that release's runtime) in a {@link ReleaseClassLoader} of its own, so a run can hold
 * the clients of two releases side by side, each talking to its own servers, and the release
 * under test is measured through the same mechanism as any other.
 */
public final class ClientRelease {

    /** Loaded by each release's loader, never by the test classpath's. */
    static final String SESSION_CLASS = ClientSession.class.getPackageName() + ".client.ZooKeeperSession";

    private static final Map<String, ClassLoader> LOADERS = new HashMap<>();

    private ClientRelease() {
    }

    /** A connected session of ZooKeeper {@code version}'s client, bounded by {@code timeout}. */
    public static ClientSession open(String version, String connectString, Duration timeout) throws Exception {
        return open(loader(version), version, connectString, timeout);
    }

    static ClientSession open(ClassLoader loader, String version, String connectString, Duration timeout) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        thread.setContextClassLoader(loader); // whatever the client looks up by name, it finds in its release
        try {
            return (ClientSession) Class.forName(SESSION_CLASS, true, loader)
                    .getMethod("open", String.class, Duration.class).invoke(null, connectString, timeout);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof LinkageError missing) {
                // The harness's client code was compiled against the POM's release; an older one may lack a call.
                throw new IllegalStateException("ZooKeeper " + version + "'s client lacks what the suite calls ("
                        + missing + "); this release cannot be measured by this suite", missing);
            }
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        } finally {
            thread.setContextClassLoader(context);
        }
    }

    /** One loader per release for this JVM's life: its classes stay loaded while sessions of it may run. */
    static synchronized ClassLoader loader(String version) {
        return LOADERS.computeIfAbsent(version, v -> loader(v, ServerRuntime.jars(v)));
    }

    /** A loader for the release whose jars are {@code jars}, beside the harness's own classes. */
    static ClassLoader loader(String version, List<Path> jars) {
        URL harness = ClientSession.class.getProtectionDomain().getCodeSource().getLocation();
        return new ReleaseClassLoader(version, MavenRuntime.loaderUrls("ZooKeeper " + version + "'s client", jars, harness),
                ClientRelease.class.getClassLoader());
    }
}
