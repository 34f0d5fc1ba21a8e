package io.github.zkrpcperfgate.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * GitHub Actions' job summary: when {@code $GITHUB_STEP_SUMMARY} names a file (one per step),
 * the run's {@code summary.md} is written to it whole as each test JVM ends, the last with every
 * group of the build, so the verdict shows on the job page.
 */
public final class StepSummary {

    public static final String VARIABLE = "GITHUB_STEP_SUMMARY";

    private StepSummary() {
    }

    /** Writes {@code markdown} as the file {@code target} names, replacing it; false (nothing done) when it names none. */
    public static boolean writeTo(String target, String markdown) {
        if (target == null || target.isBlank()) {
            return false;
        }
        try {
            Files.writeString(Path.of(target), markdown, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the perf summary to $" + VARIABLE + " (" + target + ")", e);
        }
    }
}
