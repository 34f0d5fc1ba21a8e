package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.hadooprpc.release.HadoopRpc;
import io.github.zkrpcperfgate.measure.MavenRuntime;
import java.net.URL;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a driver's Hadoop RPC comes from: the test classpath's (a gate run, as its baselines were
 * recorded), or a release's own runtime in a {@link HadoopReleaseLoader} of its own, so that a
 * comparison holds two releases' servers and clients side by side in this JVM, both sides loaded
 * the same way.
 */
public final class RpcReleases {

    private static final Map<String, RpcRelease> LOADED = new HashMap<>();

    private RpcReleases() {
    }

    static RpcRelease onTestClasspath() {
        return new HadoopRpc();
    }

    /** Hadoop {@code version}'s RPC from its own runtime; one loader per release for this JVM's life. */
    static synchronized RpcRelease of(String version) {
        return LOADED.computeIfAbsent(version, v -> load(v, HadoopRuntime.jars(v)));
    }

    /** The RPC of the release whose jars are {@code jars}, beside the harness's own classes. */
    static RpcRelease load(String version, List<Path> jars) {
        URL harness = RpcRelease.class.getProtectionDomain().getCodeSource().getLocation();
        ClassLoader loader = new HadoopReleaseLoader(version,
                MavenRuntime.loaderUrls("Hadoop " + version + "'s RPC", jars, harness), RpcReleases.class.getClassLoader());
        RpcRelease release;
        try {
            release = (RpcRelease) Class.forName(HadoopRpc.class.getName(), true, loader).getConstructor().newInstance();
            String reported = release.version();
            if (!reported.equals(version)) {
                throw new IllegalStateException("the runtime resolved for Hadoop " + version + " reports itself as " + reported);
            }
        } catch (ReflectiveOperationException | LinkageError e) {
            // The harness's RPC code was compiled against the POM's release; another may lack a call.
            throw new IllegalStateException("Hadoop " + version + "'s RPC lacks what the suite calls (" + e
                    + "); this release cannot be measured by this suite", e);
        }
        return release;
    }
}
