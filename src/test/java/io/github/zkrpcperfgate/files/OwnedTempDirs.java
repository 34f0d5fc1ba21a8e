package io.github.zkrpcperfgate.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Temporary directories the suite's servers keep their data in, named after the JVM that owns
 * them ({@code zk-rpc-perfgate-<pid>-<purpose>-…}), so that a run can remove what an earlier run
 * left behind after a {@code kill -9}, and only that: directories whose owner is no longer alive.
 */
public final class OwnedTempDirs {

    /** Prefix of every such directory in {@code java.io.tmpdir}. */
    public static final String PREFIX = "zk-rpc-perfgate-";

    private static final Pattern OWNER_IN_NAME = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-.*");

    private static boolean swept;

    private OwnedTempDirs() {
    }

    public static long ownerPid() {
        return ProcessHandle.current().pid();
    }

    /** A new directory owned by this JVM, e.g. {@code zk-rpc-perfgate-4711-namenode-h1r1-123}. */
    public static Path create(String purpose) throws IOException {
        return Files.createTempDirectory(PREFIX + ownerPid() + "-" + purpose + "-");
    }

    public static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Deletes the directories of owners that are no longer alive; once per JVM. */
    public static synchronized void sweepDeadOwners() {
        if (swept) {
            return;
        }
        swept = true;
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            for (Path dir : dirs) {
                Matcher m = OWNER_IN_NAME.matcher(dir.getFileName().toString());
                if (m.matches() && !alive(Long.parseLong(m.group(1)))) {
                    System.out.println("[perf] deleting leftover " + dir);
                    deleteRecursively(dir);
                }
            }
        } catch (IOException e) {
            System.err.println("[perf] could not sweep " + tmp + ": " + e);
        }
    }

    /** Deletes {@code dir} and everything below it; missing is fine. */
    public static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
