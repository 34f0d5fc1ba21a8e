package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.result.Comparisons;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.Headline;
import io.github.zkrpcperfgate.result.LinkSweep;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code index.html}: one self-contained page (inline CSS, SVG drawn here, a few lines of
 * script, nothing fetched) that a reviewer opens from the job's artifact: failed figures first
 * with their re-baseline commands, every figure against its band, throughput per mode and
 * ensemble, latency percentile curves, and the RPC handlers × readers heat maps.
 */
public final class HtmlReport {

    public static final String FILE = "index.html";

    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1020px;color:#1f2328;background:#fff}
            h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
            h3{font-size:15px;margin:16px 0 6px}.headline{font-size:16px;font-weight:600;padding:8px 12px;border-radius:6px}
            .ok{background:#dafbe1}.bad{background:#ffebe9}table{border-collapse:collapse;width:100%;margin:6px 0}
            td,th{border:1px solid #d0d7de;padding:4px 6px;text-align:left;vertical-align:top}th{background:#f6f8fa}
            code{font:12px ui-monospace,monospace;background:#f6f8fa;padding:1px 4px;border-radius:4px;word-break:break-all}
            svg.chart{display:block;margin:6px 0;max-width:100%;height:auto}svg text{font:12px system-ui,sans-serif;fill:#1f2328}
            svg text.axis{fill:#57606a;font-size:11px}svg text.failed{fill:#cf222e;font-weight:600}svg text.cell{font-size:13px}
            svg text.dark{fill:#fff}#script-errors{background:#ffebe9;color:#cf222e;padding:8px;font-weight:600}
            .muted{color:#57606a}.notice{background:#fff8c5;padding:8px 12px;border-radius:6px}
            """;

    /** Registered first, so an error in the main script is still caught and shown. */
    private static final String ERROR_TRAP = """
            window.__reportErrors=[];window.addEventListener('error',function(e){window.__reportErrors.push(String(e.message));
            var b=document.getElementById('script-errors');if(b){b.hidden=false;b.textContent='Script errors: '+window.__reportErrors.join('; ');}
            if(document.body){document.body.setAttribute('data-script-errors',String(window.__reportErrors.length));}});
            """;

    /** Checks that every chart has marks and a size, and says so on the body for tests and readers. */
    private static final String CHECK = """
            (function(){var charts=document.querySelectorAll('svg.chart');var drawn=0;
            charts.forEach(function(svg){var r=svg.getBoundingClientRect();
            var marks=svg.querySelectorAll('rect,circle,polyline,line').length;
            if(marks>0&&r.width>0&&r.height>0){drawn++;}else{svg.setAttribute('data-empty','true');}});
            document.body.setAttribute('data-charts',String(charts.length));
            document.body.setAttribute('data-charts-drawn',String(drawn));
            document.body.setAttribute('data-script-errors',String(window.__reportErrors.length));})();
            """;

    private HtmlReport() {
    }

    public static String render(List<GroupResult> groups) {
        // An earlier step of a timeline is reported in its own table, not counted: its verdicts are not the build's.
        List<FigureResult> figures = GroupResult.figuresFailedFirst(Comparisons.judged(groups));
        List<FigureResult> failed = figures.stream().filter(FigureResult::failsBuild).toList();
        List<FigureResult> disturbed = figures.stream().filter(FigureResult::disturbed).toList();
        List<FigureResult> improved = figures.stream().filter(FigureResult::improved).toList();
        StringBuilder html = new StringBuilder("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>Performance gate: ").append(failed.isEmpty() ? "all passed" : failed.size() + " failed").append("</title>")
                .append("<style>").append(CSS).append("</style><script>").append(ERROR_TRAP).append("</script></head>\n")
                .append("<body data-figures=\"").append(figures.size()).append("\" data-failed=\"").append(failed.size()).append("\">\n")
                .append("<div id=\"script-errors\" hidden></div>\n<h1>Performance gate</h1>\n");
        html.append("<p class=\"headline ").append(failed.isEmpty() ? "ok\">✓ " : "bad\">✗ ")
                .append(Html.escape(Headline.of(figures))).append("</p>\n");
        groups.stream().flatMap(g -> g.notes().stream()).filter(n -> n.startsWith("ℹ ")).distinct()
                .forEach(n -> html.append("<p class=\"notice\">").append(Html.escape(n)).append("</p>\n"));
        ComparisonTable.render(groups).ifPresent(table -> html.append("<section id=\"comparison\"><h2>Same-run comparison</h2>")
                .append("<p class=\"muted\">Each figure on both sides of the comparison, median and 95% interval over starts and ")
                .append("rounds; the change is the candidate's value over the reference's in the same round (above 0: worse).</p>")
                .append(table).append("</section>\n"));
        if (!failed.isEmpty()) {
            html.append("<section id=\"failed\"><h2>Failed figures</h2><table><tr><th>verdict</th><th>figure</th><th>why</th>")
                    .append("<th>if deliberate, re-baseline</th></tr>\n");
            for (FigureResult f : failed) {
                html.append("<tr><td>").append(Html.escape(f.verdictName())).append("</td><td>").append(Html.escape(f.key().toString()))
                        .append("</td><td>").append(Html.escape(f.reason())).append("</td><td>")
                        .append(Comparisons.isCompared(f.unit())
                                ? "measured against the reference in the same run, no baseline to re-record"
                                : "<code>" + Html.escape(BaselineException.updateCommand(f.scenariosToRecord())) + "</code>")
                        .append("</td></tr>\n");
            }
            html.append("</table></section>\n");
        }
        reasonList(html, "disturbed", "Not judged: the machine was busy", disturbed);
        reasonList(html, "improved", "Better than recorded (passed)", improved);
        if (figures.stream().anyMatch(f -> f.band() != null)) {
            html.append("<section id=\"figures\"><h2>Every gated figure against its band</h2><p class=\"muted\">Green: the band ")
                    .append("recorded in <code>baselines/</code>; dot: this run's median, coloured by verdict; whisker: its 95% interval. ")
                    .append("The axis is a factor of what the baseline expects. Hover for the verdict's reason.</p>")
                    .append(BandChart.render(figures)).append("</section>\n");
        }
        for (GroupResult g : groups) {
            LinkSweepChart.render(g).ifPresent(charts -> html.append("<section id=\"link-sweep\"><h2>Write modes against the ")
                    .append("links' round trip (not gated)</h2><p class=\"muted\">Every link of the ensembles, client to server and ")
                    .append("server to server, through a delay line; median throughput over the sweep's rounds, each delay on servers ")
                    .append("of its own. Hover a point for its value; the notes below read the curve.</p>").append(charts)
                    .append("</section>\n"));
        }
        appendPerScenario(html, groups);
        List<String> notes = groups.stream().flatMap(g -> g.notes().stream()).toList();
        if (!notes.isEmpty()) {
            html.append("<section id=\"notes\"><h2>Notes</h2><ul>");
            notes.forEach(n -> html.append("<li>").append(Html.escape(n)).append("</li>"));
            html.append("</ul></section>\n");
        }
        Map<String, String> environment = new TreeMap<>();
        groups.forEach(g -> environment.putAll(g.environment()));
        html.append("<section id=\"environment\"><h2>Environment</h2><table>");
        environment.forEach((k, v) -> html.append("<tr><th>").append(Html.escape(k)).append("</th><td>").append(Html.escape(v))
                .append("</td></tr>"));
        html.append("</table></section>\n<script>").append(CHECK).append("</script>\n</body></html>\n");
        return html.toString();
    }

    private static void appendPerScenario(StringBuilder html, List<GroupResult> groups) {
        StringBuilder throughput = new StringBuilder();
        StringBuilder latency = new StringBuilder();
        StringBuilder heat = new StringBuilder();
        for (GroupResult g : groups) {
            if (LinkSweep.GROUP.equals(g.group())) {
                continue; // drawn as one curve above, not as a chart per delay
            }
            WorkloadStats.workloadsByScenario(g).forEach((scenario, workloads) -> {
                String title = "<h3>" + Html.escape(scenario) + "</h3>";
                throughput.append(title).append(ThroughputChart.render(g, scenario, workloads));
                latency.append(title).append(LatencyCurves.render(g, scenario, workloads));
                Optional<String> map = HeatMap.render(g, scenario, workloads);
                map.ifPresent(svg -> heat.append(title).append(svg));
            });
        }
        if (!throughput.isEmpty()) {
            html.append("<section id=\"throughput\"><h2>Throughput per mode and ensemble</h2><p class=\"muted\">Median ops/s over ")
                    .append("the measured rounds, 95% interval as whisker. Green: where a gated ratio with this workload as numerator ")
                    .append("puts it, given this run's denominator.</p>").append(throughput).append("</section>\n");
            html.append("<section id=\"latency\"><h2>Latency percentiles</h2><p class=\"muted\">From the HdrHistograms of all ")
                    .append("measured rounds; the x axis stretches the tail.</p>").append(latency).append("</section>\n");
        }
        if (!heat.isEmpty()) {
            html.append("<section id=\"heatmap\"><h2>Hadoop RPC: handlers × readers</h2><p class=\"muted\">Calls/s per server ")
                    .append("configuration, darker is faster.</p>").append(heat).append("</section>\n");
        }
    }

    /** A section listing each figure with its verdict's reason; nothing when there is none. */
    private static void reasonList(StringBuilder html, String id, String title, List<FigureResult> figures) {
        if (figures.isEmpty()) {
            return;
        }
        html.append("<section id=\"").append(id).append("\"><h2>").append(Html.escape(title)).append("</h2><ul>");
        figures.forEach(f -> html.append("<li><b>").append(Html.escape(f.key().toString())).append("</b>: ")
                .append(Html.escape(f.reason())).append("</li>"));
        html.append("</ul></section>\n");
    }
}
