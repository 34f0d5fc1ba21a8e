package io.github.zkrpcperfgate.files;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * JSON in the one stable layout every file of the suite uses (sorted keys, two-space indent, LF,
 * trailing newline), and writes that are atomic: a reader sees the old file or the new one,
 * never half of one.
 */
public final class JsonFiles {

    /** Rejects a repeated key when reading: in a hand-edited baseline the later one would silently win. */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"));

    private JsonFiles() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The text of {@code node} in the suite's stable layout. */
    public static String render(JsonNode node) {
        try {
            return MAPPER.writer(PRINTER).writeValueAsString(sortedCopy(node)) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code node} to {@code file} atomically. */
    public static void writeAtomically(Path file, JsonNode node) throws IOException {
        writeAtomically(file, render(node));
    }

    /**
     * Writes {@code text} to a temporary file beside {@code file}, forces it to disk, renames it
     * over {@code file}, then forces the directory, so that the rename itself survives a crash.
     * On any failure the temporary file is removed and the old file is untouched.
     */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            keepPermissions(file, temp);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            forceDirectory(dir);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** fsync of a directory: Linux allows it on a read-only channel; where a platform refuses, the rename stands as is. */
    private static void forceDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // e.g. Windows cannot open a directory as a channel; the file itself was forced above
        }
    }

    /**
     * A temp file is created owner-only (0600); without this a rewritten baseline or report
     * would silently lose the permissions the old file had (or the usual 0644 of a new one).
     */
    private static void keepPermissions(Path file, Path temp) throws IOException {
        if (!temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.exists(file)
                ? Files.getPosixFilePermissions(file)
                : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(temp, permissions);
    }

    /** Object fields sorted by name at every depth, so output never depends on insertion order. */
    private static JsonNode sortedCopy(JsonNode node) {
        if (node.isObject()) {
            var sorted = MAPPER.createObjectNode();
            var names = new java.util.TreeSet<String>();
            node.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                sorted.set(name, sortedCopy(node.get(name)));
            }
            return sorted;
        }
        if (node.isArray()) {
            var array = MAPPER.createArrayNode();
            node.forEach(child -> array.add(sortedCopy(child)));
            return array;
        }
        return node;
    }
}
