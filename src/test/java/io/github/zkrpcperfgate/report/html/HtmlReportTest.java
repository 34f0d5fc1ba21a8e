package io.github.zkrpcperfgate.report.html;

import static org.assertj.core.api.Assertions.assertThat;
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
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    private final String html = HtmlReport.render(ResultFixtures.bothHalves());

    @Test
    void failedFiguresComeFirstWithTheirReBaselineCommand() {
        assertThat(html).contains("1 of 3 gated figures failed");
        assertThat(html.indexOf("id=\"failed\"")).isLessThan(html.indexOf("id=\"figures\""));
        assertThat(html).contains("./mvnw verify -Dperf.baselines.update=true -Dperf.scenarios=zk-1node");
    }

    @Test
    void drawsEveryChartKindAndFetchesNothing() {
        assertThat(html).contains("class=\"chart band-chart\"", "class=\"chart throughput\"", "class=\"chart latency\"",
                "class=\"chart heatmap\"");
        assertThat(html).doesNotContain("http://", "https://", "<link", " src=");
        // The RPC heat map shows all four configurations; calibration probes are not charted.
        assertThat(html).contains("10 readers", "10 handlers").doesNotContain(">fsync<");
    }

    @Test
    void escapesTextFromTheRun() {
        assertThat(html).contains("a note &amp; &lt;markup&gt; stays text").doesNotContain("<markup>");
    }

    @Test
    void aComparisonShowsBothSidesValuesAndNoReBaselineCommandForItsFailures() {
        Verdict slower = Verdict.of(Verdict.Kind.REGRESSION, new FigureKey("zk-1node", "syncP50"), "x slower than 3.9.4",
                Direction.LOWER_IS_BETTER, new Band(1 / 1.1, 1.1), new Estimate(1.213, 1.15, 1.3, 16), "wholly above");
        FigureResult f = new FigureResult(slower, List.of(1.213), List.of("candidate:zk-1node/sync"), List.of(
                new SideValue("reference", "3.9.4", "x(cpu) above fsync", new Estimate(0.0254, 0.021, 0.029, 16)),
                new SideValue("candidate", "3.9.5", "x(cpu) above fsync", new Estimate(0.0308, 0.026, 0.035, 16))));
        String page = HtmlReport.render(List.of(new GroupResult("zookeeper", new java.util.TreeMap<>(), List.of(f), List.of(),
                List.of(), List.of())));
        assertThat(page).contains("id=\"comparison\"", "zookeeper: 3.9.4 → 3.9.5", "reference 3.9.4", "candidate 3.9.5",
                "0.0254 x(cpu) above fsync", "0.026 – 0.035", "+21.3% (+15.0% to +30.0%)", "no baseline to re-record");
        assertThat(page).doesNotContain("perf.baselines.update");
        assertThat(page.indexOf("id=\"comparison\"")).isLessThan(page.indexOf("id=\"failed\""));
    }

    @Test
    void aLinkSweepIsOneSectionOfTwoCurvesWithTheSeedsMarkNotAChartPerDelay() {
        List<io.github.zkrpcperfgate.measure.Sample> samples = new java.util.ArrayList<>();
        for (long us : new long[] {0, 250, 1000}) {
            for (String mode : List.of("sync", "async", "multi")) {
                for (int round = 0; round < 3; round++) {
                    double opsPerSecond = mode.equals("sync") ? 3_000.0 / (1 + us / 100.0) : 30_000;
                    samples.add(new io.github.zkrpcperfgate.measure.Sample(
                            io.github.zkrpcperfgate.result.LinkSweep.scenario("zk-1node", us) + "/" + mode, round, 1_000,
                            (long) (1e12 / opsPerSecond), new org.HdrHistogram.Histogram(3)));
                }
            }
        }
        GroupResult sweep = new GroupResult(io.github.zkrpcperfgate.result.LinkSweep.GROUP, new java.util.TreeMap<>(),
                List.of(), samples, List.of(), List.of("zk-1node: async/sync reaches the seed's 100× at 1000 µs each way"));
        String page = HtmlReport.render(List.of(sweep));
        assertThat(page).contains("id=\"link-sweep\"", "class=\"chart link-sweep-throughput\"",
                "class=\"chart link-sweep-ratios\"", "the seed&#39;s async/sync, ~100×", "+2 ms", "zk-1node async/sync");
        assertThat(page).doesNotContain("class=\"chart throughput\"", "<h3>zk-1node@250us</h3>");
    }

    @Test
    void anEmptyRunStillRendersAPage() {
        assertThat(HtmlReport.render(List.of())).contains("No figure was judged").contains("</html>");
    }

    @Test
    void readsTheBodyAttributesTheCheckScriptSets() {
        assertThat(BrowserCheck.bodyAttributes("<html><body data-charts=\"9\" data-charts-drawn=\"9\" data-script-errors=\"0\">"))
                .containsEntry("data-charts", "9").containsEntry("data-script-errors", "0");
    }
}
