package io.github.zkrpcperfgate.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import io.github.zkrpcperfgate.result.ResultFixtures;
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
    void anEmptyRunStillRendersAPage() {
        assertThat(HtmlReport.render(List.of())).contains("No figure was judged").contains("</html>");
    }

    @Test
    void readsTheBodyAttributesTheCheckScriptSets() {
        assertThat(BrowserCheck.bodyAttributes("<html><body data-charts=\"9\" data-charts-drawn=\"9\" data-script-errors=\"0\">"))
                .containsEntry("data-charts", "9").containsEntry("data-script-errors", "0");
    }
}
