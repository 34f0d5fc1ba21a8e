package io.github.zkrpcperfgate.measure;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The runtime jars of one release of something we measure (a ZooKeeper server, a Hadoop RPC
 * server and client), as that release's own POM declares them: a one-release POM from a template
 * whose {@code copy-dependencies} a child Maven runs, the build's own Maven and local repository,
 * offline when the build is. Resolved once into a directory of its own and kept for later runs.
 */
public final class MavenRuntime {

    /** Pinned, so that an offline build finds it in the local repository. */
    public static final String COPY_GOAL = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies";
    /** Written last: a directory without it is a resolution that did not finish, and is redone. */
    public static final String COMPLETE = "resolved.txt";
    private static final Duration MAVEN_TIMEOUT = Duration.ofMinutes(5);
    private static final String VERSION_TOKEN = "@VERSION@";

    private MavenRuntime() {
    }

    /**
     * The POM of {@code what}'s release {@code version}: the template resource with its
     * {@code @VERSION@} filled in; a version that is not a release's number is refused first.
     */
    public static String pom(String template, String what, String version) throws IOException {
        if (!version.matches("\\d+\\.\\d+\\.\\d+(-[A-Za-z0-9.]+)?")) {
            throw new IllegalArgumentException("\"" + version + "\" is not a " + what + " release (e.g. 3.9.5)");
        }
        try (InputStream in = MavenRuntime.class.getResourceAsStream(template)) {
            if (in == null) {
                throw new IOException(template + " is missing from the test resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace(VERSION_TOKEN, version);
        }
    }

    /** {@link #resolve}, failing with an unchecked exception that names {@code what}: for a family's driver. */
    public static List<Path> resolveOrFail(String what, PomText pom, Path dir, UnaryOperator<List<Path>> select) {
        try {
            return resolve(what, pom.text(), dir, select);
        } catch (IOException e) {
            throw new IllegalStateException("cannot resolve " + what + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while resolving " + what, e);
        }
    }

    /** A release's one-release POM, read from its template. */
    @FunctionalInterface
    public interface PomText {
        String text() throws IOException;
    }

    /**
     * What a release's class loader reads: the release's jars, then {@code harness} (the test
     * classes, where the code linked against the release is).
     */
    public static URL[] loaderUrls(String what, List<Path> jars, URL harness) {
        List<URL> urls = new ArrayList<>();
        try {
            for (Path jar : jars) {
                urls.add(jar.toUri().toURL());
            }
        } catch (MalformedURLException e) {
            throw new IllegalStateException("cannot load " + what + " from " + jars, e);
        }
        urls.add(harness);
        return urls.toArray(URL[]::new);
    }

    /**
     * The jars {@code pom} declares, resolved into {@code dir} now or found from an earlier run,
     * each time passed through {@code select} (which refuses a directory that is not the runtime).
     *
     * @param what names the release in messages, e.g. "ZooKeeper 3.8.6's server runtime"
     */
    public static List<Path> resolve(String what, String pom, Path dir, UnaryOperator<List<Path>> select)
            throws IOException, InterruptedException {
        if (Files.isRegularFile(dir.resolve(COMPLETE))) {
            return select.apply(listJars(dir.resolve("lib")));
        }
        Files.createDirectories(dir.getParent());
        // Resolved beside the final place and moved there whole: a run that dies mid-way leaves
        // no directory that looks complete.
        Path work = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".partial-");
        Path pomFile = work.resolve("pom.xml");
        Files.writeString(pomFile, pom);
        List<String> command = mavenCommand(pomFile, work.resolve("lib"));
        System.out.println("[perf] resolving " + what + ": " + String.join(" ", command));
        Path log = work.resolve("maven.log");
        Process maven = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!maven.waitFor(MAVEN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            maven.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IOException("Maven took over " + MAVEN_TIMEOUT.toMinutes() + " min resolving " + what + "; its output is in " + log);
        }
        if (maven.exitValue() != 0) {
            throw new IOException("Maven exited with " + maven.exitValue() + " resolving " + what + " (is it a published"
                    + " release? an offline build needs it in the local repository; run once online):\n"
                    + new ChildJava.Output(maven.exitValue(), Files.readString(log)).tail(15));
        }
        List<Path> jars = select.apply(listJars(work.resolve("lib")));
        Files.writeString(work.resolve(COMPLETE), String.join("\n", jars.stream().map(p -> p.getFileName().toString()).toList()) + "\n");
        try {
            Files.move(work, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
            // another JVM resolved it meanwhile: use theirs
        }
        return select.apply(listJars(dir.resolve("lib")));
    }

    /**
     * The build's own Maven ({@code -Dperf.maven.home}, else the wrapper beside the POM), its
     * local repository, offline when the build is.
     */
    public static List<String> mavenCommand(Path pom, Path lib) {
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
}
