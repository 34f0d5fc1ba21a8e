package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.measure.ChildJava;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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
    private static final String VERSION_TOKEN = "@ZOOKEEPER_VERSION@";
    /** Pinned, so that an offline build finds it in the local repository. */
    static final String COPY_GOAL = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies";
    /** Written last: a directory without it is a resolution that did not finish, and is redone. */
    static final String COMPLETE = "resolved.txt";
    private static final Duration MAVEN_TIMEOUT = Duration.ofMinutes(5);
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
        return RESOLVED.computeIfAbsent(version, v -> {
            try {
                return resolve(v, runtimeDir().resolve(v));
            } catch (IOException e) {
                throw new IllegalStateException("cannot resolve the runtime of ZooKeeper " + v + ": " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while resolving the runtime of ZooKeeper " + v, e);
            }
        });
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

    private static List<Path> resolve(String version, Path dir) throws IOException, InterruptedException {
        if (Files.isRegularFile(dir.resolve(COMPLETE))) {
            return select(listJars(dir.resolve("lib")), version);
        }
        Files.createDirectories(dir.getParent());
        // Resolved beside the final place and moved there whole: a run that dies mid-way leaves
        // no directory that looks complete.
        Path work = Files.createTempDirectory(dir.getParent(), version + ".partial-");
        Path pom = work.resolve("pom.xml");
        Files.writeString(pom, pom(version));
        List<String> command = mavenCommand(pom, work.resolve("lib"));
        System.out.println("[perf] resolving ZooKeeper " + version + "'s server runtime: " + String.join(" ", command));
        Path log = work.resolve("maven.log");
        Process maven = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!maven.waitFor(MAVEN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            maven.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IOException("Maven took over " + MAVEN_TIMEOUT.toMinutes() + " min; its output is in " + log);
        }
        if (maven.exitValue() != 0) {
            throw new IOException("Maven exited with " + maven.exitValue() + " (is " + version + " a published ZooKeeper"
                    + " release? an offline build needs it in the local repository; run once online):\n"
                    + new ChildJava.Output(maven.exitValue(), Files.readString(log)).tail(15));
        }
        List<Path> jars = select(listJars(work.resolve("lib")), version);
        Files.writeString(work.resolve(COMPLETE), String.join("\n", jars.stream().map(p -> p.getFileName().toString()).toList()) + "\n");
        try {
            Files.move(work, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
            // another JVM resolved it meanwhile: use theirs
        }
        return select(listJars(dir.resolve("lib")), version);
    }

    /** The one-release POM for {@code version}. */
    static String pom(String version) throws IOException {
        if (!version.matches("\\d+\\.\\d+\\.\\d+(-[A-Za-z0-9.]+)?")) {
            throw new IllegalArgumentException("\"" + version + "\" is not a ZooKeeper release (e.g. 3.9.5)");
        }
        try (InputStream template = ServerRuntime.class.getResourceAsStream(POM_TEMPLATE)) {
            if (template == null) {
                throw new IOException(POM_TEMPLATE + " is missing from the test resources");
            }
            return new String(template.readAllBytes(), StandardCharsets.UTF_8).replace(VERSION_TOKEN, version);
        }
    }

    /**
     * The build's own Maven ({@code -Dperf.maven.home}, else the wrapper beside the POM), its
     * local repository, offline when the build is.
     */
    static List<String> mavenCommand(Path pom, Path lib) {
        List<String> command = new ArrayList<>();
        String home = System.getProperty("perf.maven.home", "");
        if (!home.isBlank() && Files.isExecutable(Path.of(home, "bin", "mvn"))) {
            command.add(Path.of(home, "bin", "mvn").toString());
        } else {
            command.add(Path.of(System.getProperty("basedir", System.getProperty("user.dir")), "mvnw").toString());
        }
        command.addAll(List.of("-B", "-q", "-f", pom.toString(), COPY_GOAL, "-DincludeScope=runtime",
                "-DoutputDirectory=" + lib));
        // "offline=true" from the POM (see there), or a plain "true"
        String offline = System.getProperty("perf.maven.offline", "false");
        if (Boolean.parseBoolean(offline.substring(offline.indexOf('=') + 1).trim())) {
            command.add("-o");
        }
        String repo = System.getProperty("perf.maven.repo", "");
        if (!repo.isBlank()) {
            command.add("-Dmaven.repo.local=" + repo);
        }
        return command;
    }

    private static List<Path> listJars(Path lib) throws IOException {
        if (!Files.isDirectory(lib)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(lib)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
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
