package io.github.zkrpcperfgate.report;

import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.report.html.HtmlReport;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.verdict.Direction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The report of this test run: every group adds its result, and the files are rewritten each
 * time, so they are whole after every group even if a later one dies. A build runs each perf
 * class in a test JVM of its own ({@link #ofBuild}); each JVM goes on from the groups the
 * build's earlier JVMs reported.
 */
public final class PerfReport {

    /** Names the build whose JVMs wrote the report beside it (Maven's build timestamp). */
    static final String BUILD_FILE = "build-id";

    private final Path directory;
    private final List<GroupResult> groups = new ArrayList<>();

    public PerfReport(Path directory) {
        this.directory = directory;
    }

    /**
     * The report of build {@code buildId} in {@code directory}: with the groups an earlier test JVM
     * of the same build reported there, or empty (another build's results.json is removed; its
     * other files are replaced as groups arrive). A blank id is a report of this JVM alone.
     */
    public static PerfReport ofBuild(Path directory, String buildId) {
        PerfReport report = new PerfReport(directory);
        if (buildId.isBlank()) {
            return report;
        }
        Path marker = directory.resolve(BUILD_FILE);
        Path results = directory.resolve("results.json");
        try {
            if (Files.exists(marker) && Files.readString(marker).strip().equals(buildId) && Files.exists(results)) {
                report.groups.addAll(ResultsJson.read(Files.readString(results), results.toString()));
            } else {
                Files.createDirectories(directory);
                // Another build's groups must not reach this build's later JVMs, even when this
                // JVM reports none (a run refused before any server started).
                Files.deleteIfExists(results);
                JsonFiles.writeAtomically(marker, buildId + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the report of this build's earlier test JVMs in " + directory, e);
        }
        return report;
    }

    public Path directory() {
        return directory;
    }

    public synchronized void add(GroupResult group) {
        groups.removeIf(g -> g.group().equals(group.group()));
        groups.add(group);
        // By name, not by arrival: the order test classes ran in, or shards were merged in, must
        // not change the report.
        groups.sort(java.util.Comparator.comparing(GroupResult::group));
        try {
            JsonFiles.writeAtomically(directory.resolve("results.json"), ResultsJson.render(groups));
            JsonFiles.writeAtomically(directory.resolve("summary.md"), SummaryMarkdown.render(groups));
            JsonFiles.writeAtomically(directory.resolve(TrendFiles.BIGGER_IS_BETTER),
                    TrendFiles.githubActionBenchmark(groups, Direction.HIGHER_IS_BETTER));
            JsonFiles.writeAtomically(directory.resolve(TrendFiles.SMALLER_IS_BETTER),
                    TrendFiles.githubActionBenchmark(groups, Direction.LOWER_IS_BETTER));
            JsonFiles.writeAtomically(directory.resolve(TrendFiles.BENCHER), TrendFiles.bencherMetricFormat(groups));
            JsonFiles.writeAtomically(directory.resolve(HtmlReport.FILE), HtmlReport.render(groups));
            if (CompareJson.anyIn(groups)) {
                JsonFiles.writeAtomically(directory.resolve(CompareJson.FILE), CompareJson.render(groups));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the perf report to " + directory, e);
        }
    }

    public synchronized List<GroupResult> groups() {
        return List.copyOf(groups);
    }

    /**
     * Writes the summary as GitHub's job summary, if this is a GitHub job and a group reported:
     * the whole file, so that the build's last test JVM leaves the summary of all its groups.
     */
    public synchronized void writeStepSummary() {
        if (!groups.isEmpty() && StepSummary.writeTo(System.getenv(StepSummary.VARIABLE), SummaryMarkdown.render(groups))) {
            System.out.println("[perf] summary written to $" + StepSummary.VARIABLE);
        }
    }
}
