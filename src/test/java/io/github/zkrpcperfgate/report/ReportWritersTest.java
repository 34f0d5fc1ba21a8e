package io.github.zkrpcperfgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.ResultFixtures;
import io.github.zkrpcperfgate.result.SideValue;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ReportWritersTest {

    private static GroupResult group() {
        FigureResult pass = FigureResult.of(new FigureKey("zk-1node", "asyncOverSync"), "ratio", Direction.HIGHER_IS_BETTER,
                new Estimate(6.5, 6.0, 7.0, 6), new Band(4, 10), Verdict.Kind.PASS, "inside", List.of(6.0, 6.5, 7.0));
        FigureResult regression = FigureResult.of(new FigureKey("zk-5node", "syncP50Ms"), "ms", Direction.LOWER_IS_BETTER,
                new Estimate(3.4, 3.3, 3.5, 6), new Band(0.5, 1.5), Verdict.Kind.REGRESSION, "wholly above", List.of(3.4));
        Histogram h = new Histogram(3);
        h.recordValue(1_000_000);
        Sample sample = new Sample("zk-1node/sync", 0, 10_000, 5_000_000_000L, h);
        return new GroupResult("zookeeper", new TreeMap<>(Map.of("backend", "docker", "cores", "2")),
                List.of(pass, regression), List.of(sample), List.of(), List.of("a note"));
    }

    @Test
    void resultsJsonHasEnvironmentFiguresAndRawSamples() throws Exception {
        JsonNode root = JsonFiles.mapper().readTree(ResultsJson.render(List.of(group())));
        assertThat(root.at("/environment/backend").asText()).isEqualTo("docker");
        JsonNode figure = root.at("/figures/1");
        assertThat(figure.get("scenario").asText()).isEqualTo("zk-5node");
        assertThat(figure.get("figure").asText()).isEqualTo("syncP50Ms");
        assertThat(figure.get("unit").asText()).isEqualTo("ms");
        assertThat(figure.get("direction").asText()).isEqualTo("lowerIsBetter");
        assertThat(figure.get("value").asDouble()).isEqualTo(3.4);
        assertThat(figure.get("interval").toString()).isEqualTo("[3.3,3.5]");
        assertThat(figure.get("band").toString()).isEqualTo("[0.5,1.5]");
        assertThat(figure.get("verdict").asText()).isEqualTo("Regression");
        assertThat(figure.get("rounds").asInt()).isEqualTo(6);
        JsonNode sample = root.at("/samples/0");
        assertThat(sample.get("opsPerSecond").asDouble()).isEqualTo(2000.0);
        assertThat(sample.at("/latencyMillis/p50").asDouble()).isBetween(0.99, 1.01);
    }

    @Test
    void anImprovementPassesAndEveryReportListsItAtTheTopWithTheCommandToLockItIn() {
        FigureResult better = FigureResult.of(new FigureKey("zk-1node", "multiOverAsync"), "ratio", Direction.HIGHER_IS_BETTER,
                new Estimate(14.8, 13.16, 18.64, 9), new Band(5.682, 12.78), Verdict.Kind.IMPROVEMENT, "wholly above", List.of(14.8));
        GroupResult g = new GroupResult("zookeeper", new TreeMap<>(Map.of("backend", "docker")), List.of(better), List.of(),
                List.of(), List.of());
        assertThat(better.failsBuild()).isFalse();
        assertThat(better.passed()).isTrue();
        String md = SummaryMarkdown.render(List.of(g));
        assertThat(md).startsWith("# Performance gate\n\n✅ All 1 judged figures passed. 1 is better than recorded")
                .contains("## Better than recorded (passed)\n\n- ⬆ **zk-1node / multiOverAsync**: wholly above")
                .contains("-Dperf.baselines.update=true -Dperf.scenarios=zk-1node")
                .contains("| ⬆ Improvement | zk-1node | multiOverAsync")
                .doesNotContain("## Failed figures");
        String html = io.github.zkrpcperfgate.report.html.HtmlReport.render(List.of(g));
        assertThat(html).contains("data-failed=\"0\"").contains("<section id=\"improved\">");
    }

    @Test
    void summaryPutsFailedFiguresFirstWithTheReBaselineCommand() {
        String md = SummaryMarkdown.render(List.of(group()));
        assertThat(md.indexOf("| ❌ Regression | zk-5node | syncP50Ms")).isPositive()
                .isLessThan(md.indexOf("| Pass | zk-1node | asyncOverSync"));
        assertThat(md).contains("./mvnw verify -Dperf.baselines.update=true -Dperf.scenarios=zk-5node",
                "backend `docker`", "- a note");
        assertThat(md.indexOf("## Failed figures")).isLessThan(md.indexOf("| verdict |"));
        assertThat(md).contains("- **zk-5node / syncP50Ms** Regression");
    }

    @Test
    void aSameRunComparisonOpensWithItsTableOfChangesAndNoReBaselineCommand() {
        FigureResult slower = FigureResult.of(new FigureKey("zk-1node", "syncP50"), "x slower than 3.9.4",
                Direction.LOWER_IS_BETTER, new Estimate(1.213, 1.15, 1.3, 16), new Band(1 / 1.1, 1.1),
                Verdict.Kind.REGRESSION, "wholly above", List.of(1.2));
        FigureResult same = FigureResult.of(new FigureKey("zk-1node", "asyncOverSync"), "x slower than 3.9.4",
                Direction.LOWER_IS_BETTER, new Estimate(0.96, 0.9, 1.05, 16), new Band(1 / 1.1, 1.1),
                Verdict.Kind.PASS, "inside", List.of(0.96));
        slower = new FigureResult(slower.verdict(), slower.perRound(), slower.workloads(), List.of(
                new SideValue("reference", "3.9.4", "x(cpu) above fsync", new Estimate(0.0254, 0.021, 0.029, 16)),
                new SideValue("candidate", "3.9.5", "x(cpu) above fsync", new Estimate(0.0308, 0.026, 0.035, 16))));
        GroupResult compared = new GroupResult("zookeeper", new TreeMap<>(Map.of("zookeeperVersion", "3.9.5",
                "reference.zookeeperVersion", "3.9.4", "compare.tolerance", "1.1", "compare.starts", "4",
                "compare.rounds", "4", "compare.seed", "20261130")), List.of(same, slower), List.of(), List.of(),
                List.of("ℹ same-run"));
        String md = SummaryMarkdown.render(List.of(compared));
        assertThat(md).contains("## zookeeper: zookeeperVersion 3.9.4 → 3.9.5",
                "| zk-1node / syncP50 | 0.0254 x(cpu) above fsync | 0.0308 x(cpu) above fsync | +21.3% | +15.0% to +30.0% | ❌ Regression |",
                "| zk-1node / asyncOverSync | — | — | −4.0% | −10.0% to +5.0% | Pass |",
                "no baseline to re-record");
        assertThat(md.indexOf("## zookeeper: zookeeperVersion")).isLessThan(md.indexOf("## Failed figures"));
        assertThat(md).doesNotContain("perf.baselines.update");

        assertThat(CompareJson.anyIn(List.of(compared))).isTrue();
        assertThat(CompareJson.anyIn(ResultFixtures.bothHalves())).isFalse();
        String json = CompareJson.render(List.of(compared));
        assertThat(json).contains("\"reference\" : \"3.9.4\"", "\"candidate\" : \"3.9.5\"", "\"tolerance\" : 1.1",
                "\"seed\" : 20261130", "\"percent\" : \"+21.3%\"", "\"settled\" : true");
    }

    @Test
    void aComparedFigureKeepsItsSidesThroughResultsJson() throws Exception {
        FigureResult f = new FigureResult(FigureResult.of(new FigureKey("zk-1node", "syncP50"), "x slower than 3.9.4",
                Direction.LOWER_IS_BETTER, new Estimate(1.2, 1.1, 1.3, 16), new Band(1 / 1.1, 1.1),
                Verdict.Kind.REGRESSION, "wholly above", List.of(1.2)).verdict(), List.of(1.2), List.of("w"), List.of(
                new SideValue("reference", "3.9.4", "x(cpu) above fsync", new Estimate(0.0254, 0.021, 0.029, 16))));
        GroupResult g = new GroupResult("zookeeper", new TreeMap<>(), List.of(f), List.of(), List.of(), List.of());
        FigureResult back = ResultsJson.read(ResultsJson.render(List.of(g)), "test").get(0).figures().get(0);
        assertThat(back.sides()).isEqualTo(f.sides());
        assertThat(back.verdict()).isEqualTo(f.verdict());
    }

    @Test
    void theJobSummaryIsWrittenWholeOnlyWhenGitHubProvidesAFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path summary = dir.resolve("step-summary.md");
        // An earlier test JVM of the same build wrote its groups; the later one writes them all.
        java.nio.file.Files.writeString(summary, "# Performance gate (first class)\n");
        assertThat(StepSummary.writeTo(summary.toString(), "# Performance gate\n")).isTrue();
        assertThat(java.nio.file.Files.readString(summary)).isEqualTo("# Performance gate\n");
        assertThat(StepSummary.writeTo(null, "x")).isFalse();
        assertThat(StepSummary.writeTo(" ", "x")).isFalse();
    }

    @Test
    void aBuildsTestJvmsAddToOneReportAndAnotherBuildStartsAfresh(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        PerfReport first = PerfReport.ofBuild(dir, "build-1");
        first.add(ResultFixtures.zooKeeper());
        PerfReport second = PerfReport.ofBuild(dir, "build-1");
        second.add(ResultFixtures.hadoopRpc());
        assertThat(second.groups()).extracting(GroupResult::group)
                .containsExactly(ResultFixtures.hadoopRpc().group(), ResultFixtures.zooKeeper().group());
        // Build 2's first JVM reports nothing (refused before any server starts): its second JVM
        // must still not see build 1's groups.
        assertThat(PerfReport.ofBuild(dir, "build-2").groups()).isEmpty();
        assertThat(PerfReport.ofBuild(dir, "build-2").groups()).isEmpty();
        assertThat(PerfReport.ofBuild(dir, "").groups()).isEmpty();
    }

    @Test
    void trendFilesSplitByDirectionAndCarryTheInterval() throws Exception {
        JsonNode bigger = JsonFiles.mapper().readTree(TrendFiles.githubActionBenchmark(List.of(group()), Direction.HIGHER_IS_BETTER));
        assertThat(bigger).hasSize(1);
        assertThat(bigger.at("/0/name").asText()).isEqualTo("zk-1node / asyncOverSync");
        assertThat(bigger.at("/0/unit").asText()).isEqualTo("ratio");
        assertThat(bigger.at("/0/value").asDouble()).isEqualTo(6.5);
        assertThat(bigger.at("/0/range").asText()).isEqualTo("95% CI 6 to 7");
        JsonNode smaller = JsonFiles.mapper().readTree(TrendFiles.githubActionBenchmark(List.of(group()), Direction.LOWER_IS_BETTER));
        assertThat(smaller.at("/0/name").asText()).isEqualTo("zk-5node / syncP50Ms");

        JsonNode bmf = JsonFiles.mapper().readTree(TrendFiles.bencherMetricFormat(List.of(group())));
        assertThat(bmf.at("/zk-5node~1syncP50Ms/ms/value").asDouble()).isEqualTo(3.4);
        assertThat(bmf.at("/zk-5node~1syncP50Ms/ms/lower_value").asDouble()).isEqualTo(3.3);
        assertThat(bmf.at("/zk-5node~1syncP50Ms/ms/upper_value").asDouble()).isEqualTo(3.5);
    }

    @Test
    void aFigureWithoutDataIsLeftOutOfTrendFilesNotWrittenAsZero() throws Exception {
        FigureResult empty = FigureResult.of(new FigureKey("zk-1node", "syncP99Ms"), "ms", Direction.LOWER_IS_BETTER,
                Estimate.empty(), null, Verdict.Kind.ERROR, "no baseline", List.of());
        GroupResult g = new GroupResult("zookeeper", new TreeMap<>(), List.of(empty), List.of(), List.of(), List.of());
        assertThat(JsonFiles.mapper().readTree(TrendFiles.githubActionBenchmark(List.of(g), Direction.LOWER_IS_BETTER))).isEmpty();
        assertThat(JsonFiles.mapper().readTree(TrendFiles.bencherMetricFormat(List.of(g)))).isEmpty();
    }

    @Test
    void resultsJsonReadsBackIntoTheGroupsItWasWrittenFrom() throws Exception {
        GroupResult group = group();
        String json = ResultsJson.render(List.of(group));
        List<GroupResult> back = ResultsJson.read(json, "results.json");
        assertThat(back).singleElement().satisfies(g -> {
            assertThat(g.figures()).isEqualTo(group.figures());
            assertThat(g.environment()).isEqualTo(group.environment());
            assertThat(g.notes()).isEqualTo(group.notes());
            assertThat(g.samples().get(0).latencies()).isEqualTo(group.samples().get(0).latencies());
        });
        assertThat(ResultsJson.render(back)).isEqualTo(json);
        assertThatThrownBy(() -> ResultsJson.read("{\"schemaVersion\": 1}", "old/results.json"))
                .hasMessageContaining("old/results.json: schemaVersion 1");
    }

    @Test
    void aSampleRecordedAboveItsHandlersSleepReadsBackWithItsFloor() throws Exception {
        Histogram aboveSleep = new Histogram(3);
        aboveSleep.recordValue(987_000);
        Sample call = new Sample("rpc-small-protobuf/h10r1", 0, 100, 1_000_000_000L, aboveSleep, 100_000_000L, Map.of());
        GroupResult group = new GroupResult("hadoop-rpc", new TreeMap<>(), List.of(), List.of(call), List.of(), List.of());

        String json = ResultsJson.render(List.of(group));
        Sample back = ResultsJson.read(json, "results.json").get(0).samples().get(0);

        assertThat(back.latencyFloorNanos()).isEqualTo(100_000_000L);
        assertThat(back.latencyMillis(50)).isEqualTo(call.latencyMillis(50)).isBetween(100.986, 100.988);
        assertThat(JsonFiles.mapper().readTree(json).at("/samples/0/latencyMillis/max").asDouble())
                .isBetween(100.986, 100.988);
    }
}
