package io.github.zkrpcperfgate.calibration;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The fsync calibration probe's own process, started beside the servers' data (in a container of
 * the servers' image on the engine's storage, or on the child JVMs' data filesystem): it pays what
 * the server's log pays per group commit, where the log lives, laid out as that log is
 * ({@link LogLayout}). Reads a count per line on stdin, writes that many small records each forced
 * to disk (fdatasync), and answers one line of their latencies in nanoseconds; ends at end of
 * input. Plain JDK only: it runs on the servers' classpath-free JRE.
 */
public final class FsyncProbeMain {

    static final int RECORD_BYTES = 512;
    static final String FILE_NAME = ".zk-rpc-perfgate-fsync.probe";

    private FsyncProbeMain() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: FsyncProbeMain <directory on the filesystem to probe> [APPENDED|ZOOKEEPER_TXN_LOG]");
            System.exit(2);
        }
        LogLayout layout = args.length == 2 ? LogLayout.valueOf(args[1]) : LogLayout.APPENDED;
        Path file = Files.createDirectories(Path.of(args[0])).resolve(FILE_NAME);
        ByteBuffer record = ByteBuffer.allocateDirect(RECORD_BYTES);
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.US_ASCII);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
             BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII))) {
            out.println("ready " + file + " " + Files.getFileStore(file).type());
            out.flush();
            String line;
            while ((line = in.readLine()) != null) {
                int count = Integer.parseInt(line.trim());
                StringBuilder answer = new StringBuilder(count * 7);
                channel.truncate(0);
                layout.prepare(channel);
                channel.position(0);
                for (int i = 0; i < count; i++) {
                    long start = System.nanoTime();
                    record.clear();
                    while (record.hasRemaining()) {
                        channel.write(record);
                    }
                    channel.force(false);
                    answer.append(System.nanoTime() - start).append(' ');
                }
                out.println(answer.toString().trim());
                out.flush();
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
