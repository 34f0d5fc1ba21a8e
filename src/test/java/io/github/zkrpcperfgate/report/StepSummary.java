package io.github.zkrpcperfgate.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * GitHub Actions' job summary: when {@code $GITHUB_STEP_SUMMARY} names a file, the run's
 * {@code summary.md} is appended to it once, at the end, so the verdict shows on the job page.
 */
public final class StepSummary {

    public static final String VARIABLE = "GITHUB_STEP_SUMMARY";

    private StepSummary() {
    }

    /** Appends {@code markdown} to the file {@code target} names; false (nothing done) when it names none. */
    public static boolean appendTo(String target, String markdown) {
        if (target == null || target.isBlank()) {
            return false;
        }
        try {
            Files.writeString(Path.of(target), markdown, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("could not append the perf summary to $" + VARIABLE + " (" + target + ")", e);
        }
    }
}
