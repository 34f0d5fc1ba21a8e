package io.github.zkrpcperfgate.report;

import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.report.html.HtmlReport;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.verdict.Direction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The report of this test run: every group adds its result, and the files are rewritten each
 * time, so they are whole after every group even if a later one dies.
 */
public final class PerfReport {

    private final Path directory;
    private final List<GroupResult> groups = new ArrayList<>();

    public PerfReport(Path directory) {
        this.directory = directory;
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

    /** Appends the summary to GitHub's job summary, if this is a GitHub job and a group reported. */
    public synchronized void appendToStepSummary() {
        if (!groups.isEmpty() && StepSummary.appendTo(System.getenv(StepSummary.VARIABLE), SummaryMarkdown.render(groups))) {
            System.out.println("[perf] summary appended to $" + StepSummary.VARIABLE);
        }
    }
}
