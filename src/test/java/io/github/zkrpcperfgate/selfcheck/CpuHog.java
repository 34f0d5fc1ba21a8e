package io.github.zkrpcperfgate.selfcheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A noisy neighbour: a shell loop burning one core (pinned with taskset where present). The
 * loop checks that this JVM is alive and ends on its own if it is not, so even a kill -9 of the
 * test JVM leaves no hog behind.
 */
public final class CpuHog implements AutoCloseable {

    private static final String LOOP = "while kill -0 $PPID 2>/dev/null; do i=0; "
            + "while [ $i -lt 20000 ]; do i=$((i+1)); done; done";

    private final Process process;
    private final String description;

    private CpuHog(Process process, String description) {
        this.process = process;
        this.description = description;
    }

    /** Starts burning core {@code cpu} (or any core, if taskset is absent). */
    public static CpuHog start(int cpu) throws IOException {
        List<String> command = new ArrayList<>();
        boolean pinned = Files.isExecutable(Path.of("/usr/bin/taskset"));
        if (pinned) {
            command.addAll(List.of("/usr/bin/taskset", "-c", Integer.toString(cpu)));
        }
        command.addAll(List.of("sh", "-c", LOOP));
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String what = "a shell loop burning " + (pinned ? "core " + cpu : "one core (unpinned: no taskset)")
                + ", pid " + p.pid();
        System.out.println("[perf] self-check: noisy neighbour started: " + what);
        return new CpuHog(p, what);
    }

    public String description() {
        return description;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        System.out.println("[perf] self-check: noisy neighbour stopped");
    }
}
