package io.github.zkrpcperfgate.report;

import io.github.zkrpcperfgate.result.GroupResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges the reports of shards of one run (e.g. a CI job per scenario group) into the report one
 * run of them all would have written: {@code results.json}, {@code summary.md}, {@code index.html},
 * the trend files and GitHub's job summary.
 *
 * <pre>./mvnw -B test-compile exec:java@merge-reports -Dperf.merge=shard-zk,shard-rpc</pre>
 *
 * writes into {@code target/perf-report} ({@code -Dperf.report.dir} elsewhere). Each shard is a
 * report directory; a scenario group in two shards is refused, naming both.
 */
public final class MergeReports {

    private MergeReports() {
    }

    /** @param args the output directory, then the shard directories (each may also be a comma-separated list) */
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: MergeReports <output dir> <shard dir>[,<shard dir>…]"
                    + " (from Maven: -Dperf.merge=<shard dir>,<shard dir>)");
        }
        List<Path> shards = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            for (String dir : args[i].split(",")) {
                if (!dir.isBlank()) {
                    shards.add(Path.of(dir.trim()));
                }
            }
        }
        PerfReport report = write(Path.of(args[0]), read(shards));
        System.out.println("[perf] merged " + shards.size() + " shard(s), " + report.groups().size()
                + " scenario group(s), into " + report.directory());
        report.writeStepSummary();
    }

    /** Every shard's groups, each group from exactly one shard. */
    public static List<GroupResult> read(List<Path> shards) throws IOException {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shard to merge: give -Dperf.merge=<shard dir>,<shard dir>");
        }
        Map<String, Path> from = new LinkedHashMap<>();
        List<GroupResult> groups = new ArrayList<>();
        for (Path shard : shards) {
            Path file = shard.resolve("results.json");
            String json;
            try {
                json = Files.readString(file);
            } catch (NoSuchFileException e) {
                throw new IOException("shard " + shard + " has no results.json: did its run end before any group reported?", e);
            }
            for (GroupResult group : ResultsJson.read(json, file.toString())) {
                Path earlier = from.putIfAbsent(group.group(), shard);
                if (earlier != null) {
                    throw new IOException("scenario group \"" + group.group() + "\" is in two shards, " + earlier + " and "
                            + shard + ": each group belongs to one shard of a run");
                }
                groups.add(group);
            }
        }
        return groups;
    }

    /** The merged report, written as a run of all the groups writes it. */
    public static PerfReport write(Path directory, List<GroupResult> groups) throws IOException {
        Files.createDirectories(directory);
        PerfReport report = new PerfReport(directory);
        groups.forEach(report::add);
        return report;
    }
}
