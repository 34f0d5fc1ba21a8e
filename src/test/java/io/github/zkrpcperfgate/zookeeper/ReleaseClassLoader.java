package io.github.zkrpcperfgate.zookeeper;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

/**
 * Loads one ZooKeeper release's client, and the harness's code that calls it, beside the test
 * classpath: child-first for ZooKeeper, jute and netty (the release's own) and for
 * {@code zookeeper.client} (compiled here, linked against whichever release loads it);
 * parent-first for everything else, so the harness's types ({@link ClientSession}, the
 * workloads' interface, the latency recorder) and the JVM's one slf4j/logback are shared.
 */
final class ReleaseClassLoader extends URLClassLoader {

    /** Package prefixes whose classes come from the release's jars (or, for ours, are linked against them). */
    static final List<String> RELEASE_OWN = List.of("org.apache.zookeeper.", "org.apache.jute.", "io.netty.",
            ClientSession.class.getPackageName() + ".client.");

    static {
        ClassLoader.registerAsParallelCapable();
    }

    /**
     * @param releaseThenHarness the release's client jars (its server runtime holds them), then where
     *                           {@code zookeeper.client}'s classes are (the test classes)
     */
    ReleaseClassLoader(String version, URL[] releaseThenHarness, ClassLoader parent) {
        super("zookeeper-" + version, releaseThenHarness, parent);
    }


    static boolean releaseOwn(String className) {
        return RELEASE_OWN.stream().anyMatch(className::startsWith);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!releaseOwn(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = findClass(name); // never the parent's: that would be another release's class
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }
}
