package io.github.zkrpcperfgate.hadooprpc;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Enumeration;
import java.util.List;

/**
 * Loads one Hadoop release's RPC, and the harness's code that drives it
 * ({@code hadooprpc.release}), from that release's runtime: its own classes first for everything
 * the JDK does not provide, since Hadoop's dependencies (shaded protobuf and guava, commons,
 * jackson) move with its releases. Shared with the test classpath are only the harness's own
 * types (what crosses to the trial: {@link RpcRelease}, the specs, the latency recorder), its
 * HdrHistogram, and the JVM's one logging (slf4j, log4j). Resources too are the release's first:
 * {@code core-default.xml} is a release's, not the POM's.
 */
final class HadoopReleaseLoader extends URLClassLoader {

    /** The harness's code linked against whichever release loads it. */
    static final String RELEASE_CODE = RpcRelease.class.getPackageName() + ".release.";
    /** Package prefixes every release shares with the test classpath (except {@link #RELEASE_CODE}). */
    static final List<String> SHARED = List.of("io.github.zkrpcperfgate.", "org.HdrHistogram.", "org.slf4j.",
            "org.apache.log4j.");

    static {
        ClassLoader.registerAsParallelCapable();
    }

    /** @param releaseThenHarness the release's runtime jars, then where {@code hadooprpc.release}'s classes are (the test classes) */
    HadoopReleaseLoader(String version, URL[] releaseThenHarness, ClassLoader parent) {
        super("hadoop-" + version, releaseThenHarness, parent);
    }


    static boolean shared(String className) {
        return !className.startsWith(RELEASE_CODE) && SHARED.stream().anyMatch(className::startsWith);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (shared(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = platformClass(name);
            }
            if (c == null) {
                try {
                    c = findClass(name); // the release's before the test classpath's
                } catch (ClassNotFoundException notInRelease) {
                    c = getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private static Class<?> platformClass(String name) {
        try {
            return ClassLoader.getPlatformClassLoader().loadClass(name);
        } catch (ClassNotFoundException notTheJdks) {
            return null;
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }

    /** The release's own if it has any (a service file of the test classpath's Hadoop names classes this one lacks). */
    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        Enumeration<URL> own = findResources(name);
        return own.hasMoreElements() ? own : super.getResources(name);
    }
}
