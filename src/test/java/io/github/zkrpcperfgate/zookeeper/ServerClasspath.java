package io.github.zkrpcperfgate.zookeeper;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The jars a ZooKeeper server needs, taken from the test classpath, so the POM's
 * {@code zookeeper.version} drives the client and every server the suite starts.
 *
 * <p>Only the server's runtime is kept (not Testcontainers, JUnit or, later, Hadoop), so the
 * container image stays small and the server logs through ZooKeeper's own logback binding.
 */
public final class ServerClasspath {

    /** Jar-name prefixes of ZooKeeper's runtime, incl. the ones it leaves to the user (metrics-core, snappy, logback). */
    static final Set<String> SERVER_JAR_PREFIXES = Set.of(
            "zookeeper-", "audience-annotations-", "netty-", "slf4j-api-", "logback-classic-", "logback-core-",
            "metrics-core-", "snappy-java-", "commons-io-");

    private ServerClasspath() {
    }

    /** The server jars of this JVM's test classpath; fails if ZooKeeper's own jars are missing. */
    public static List<Path> serverJars() {
        // Surefire and Failsafe start tests through a manifest-only jar and publish the real
        // test classpath in this property.
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return select(Arrays.stream(classpath.split(File.pathSeparator)).map(Path::of).toList());
    }

    static List<Path> select(List<Path> classpath) {
        List<Path> jars = classpath.stream()
                .filter(p -> p.getFileName() != null && p.getFileName().toString().endsWith(".jar"))
                .filter(p -> SERVER_JAR_PREFIXES.stream().anyMatch(prefix -> p.getFileName().toString().startsWith(prefix)))
                .filter(Files::isRegularFile)
                .toList();
        for (String needed : List.of("zookeeper-", "zookeeper-jute-", "metrics-core-", "snappy-java-", "logback-classic-")) {
            boolean present = jars.stream().anyMatch(p -> p.getFileName().toString().startsWith(needed)
                    && (!needed.equals("zookeeper-") || Character.isDigit(p.getFileName().toString().charAt(needed.length()))));
            if (!present) {
                throw new IllegalStateException("the test classpath has no " + needed + "*.jar, which a ZooKeeper server needs;"
                        + " check the test dependencies in pom.xml");
            }
        }
        return jars;
    }
}
