package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.measure.MavenRuntime;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The jars a ZooKeeper server of one release runs with, as that release's own build declares
 * them (its parent POM imported as a BOM: slf4j, logback, netty, metrics-core, snappy), resolved
 * through Maven from the build's repositories, so a server of 3.8.x runs with 3.8.x's runtime and
 * not with whatever this JVM's test classpath pins for its own logging.
 *
 * <p>Resolved once per version into {@code -Dperf.zk.runtimeDir} (the build's
 * {@code target/zookeeper-runtime}) by a child Maven, the same Maven and local repository as the
 * build, offline when the build is; kept for later runs. A version that cannot be resolved fails
 * here, naming it, before any server starts.
 */
public final class ServerRuntime {

    /** The template of the one-release POM whose runtime dependencies are copied. */
    static final String POM_TEMPLATE = "/zookeeper-server/runtime-pom.xml";
    private static final Pattern RELEASE = Pattern.compile("^(\\d+\\.\\d+\\.\\d+)");
    /** Jars a server cannot start without; {@code zookeeper-} and {@code zookeeper-jute-} are checked by version. */
    private static final List<String> NEEDED = List.of("logback-classic-", "logback-core-", "slf4j-api-", "metrics-core-",
            "snappy-java-");

    private static final Map<String, List<Path>> RESOLVED = new HashMap<>();

    private ServerRuntime() {
    }

    /**
     * The release of the ZooKeeper client this JVM loads: the version under test, which every
     * server the suite starts runs too.
     */
    public static String versionUnderTest() {
        return release(org.apache.zookeeper.Version.getFullVersion());
    }

    /** "3.9.5" of "3.9.5-3f7c…, built on …" (what {@code Version.getFullVersion()} prints). */
    static String release(String fullVersion) {
        Matcher m = RELEASE.matcher(fullVersion.trim());
        if (!m.find()) {
            throw new IllegalStateException("cannot read a ZooKeeper release from \"" + fullVersion + "\"");
        }
        return m.group(1);
    }


    /** The server jars of ZooKeeper {@code version}, resolved now or found from an earlier run. */
    public static synchronized List<Path> jars(String version) {
        return RESOLVED.computeIfAbsent(version, v -> MavenRuntime.resolveOrFail("the runtime of ZooKeeper " + v,
                () -> pom(v), runtimeDir().resolve(v), jars -> select(jars, v)));
    }

    /**
     * One line for the environment: which release the servers run and the logging and network
     * libraries it brought, e.g. "3.9.5: slf4j-api-2.0.13, logback-classic-1.3.15, netty-handler-4.1.130.Final".
     */
    public static String describe(String version, List<Path> jars) {
        List<String> shown = new ArrayList<>();
        for (String prefix : List.of("slf4j-api-", "logback-classic-", "netty-handler-")) {
            jars.stream().map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix))
                    .map(n -> n.substring(0, n.length() - ".jar".length())).findFirst().ifPresent(shown::add);
        }
        return version + " as its POM declares (" + jars.size() + " jars: " + String.join(", ", shown) + ")";
    }

    static Path runtimeDir() {
        String dir = System.getProperty("perf.zk.runtimeDir", "");
        return dir.isBlank() ? Path.of(System.getProperty("user.dir"), "target", "zookeeper-runtime") : Path.of(dir);
    }

    /** The one-release POM for {@code version}. */
    static String pom(String version) throws IOException {
        return MavenRuntime.pom(POM_TEMPLATE, "ZooKeeper", version);
    }

    /**
     * {@code jars} if they are a server runtime of {@code version}: its own zookeeper and
     * zookeeper-jute jars, no other release's, and the logging, metrics and snappy jars.
     */
    static List<Path> select(List<Path> jars, String version) {
        List<String> names = jars.stream().map(p -> p.getFileName().toString()).toList();
        List<String> problems = new ArrayList<>();
        for (String own : List.of("zookeeper-" + version + ".jar", "zookeeper-jute-" + version + ".jar")) {
            if (!names.contains(own)) {
                problems.add("no " + own);
            }
        }
        names.stream().filter(n -> n.matches("zookeeper-(jute-)?\\d.*\\.jar"))
                .filter(n -> !n.equals("zookeeper-" + version + ".jar") && !n.equals("zookeeper-jute-" + version + ".jar"))
                .forEach(n -> problems.add("another release's " + n));
        for (String needed : NEEDED) {
            if (names.stream().noneMatch(n -> n.startsWith(needed))) {
                problems.add("no " + needed + "*.jar");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("the server runtime resolved for ZooKeeper " + version + " is not one: "
                    + String.join(", ", problems) + " (in " + names.size() + " jars); delete "
                    + runtimeDir().resolve(version) + " and rerun");
        }
        return jars;
    }
}
