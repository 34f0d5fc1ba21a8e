package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.result.Comparisons;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.Timeline;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.List;
import java.util.Optional;

/**
 * A same-run comparison side by side: per figure the reference's and the candidate's own value
 * with its 95% interval, the change and its interval, and the verdict. The band chart above draws
 * the same changes against the tolerance. A timeline of releases comes first, each figure drawn
 * across them.
 */
final class ComparisonTable {

    private static final int CHART_WIDTH = 220;
    private static final int CHART_HEIGHT = 64;
    private static final int PAD = 8;

    private ComparisonTable() {
    }

    static Optional<String> render(List<GroupResult> groups) {
        StringBuilder html = new StringBuilder();
        Timeline.in(groups).forEach(t -> timeline(t, html));
        for (GroupResult g : groups) {
            List<FigureResult> compared = Comparisons.comparedIn(g);
            if (compared.isEmpty()) {
                continue;
            }
            String reference = Comparisons.release(compared, "reference").orElse("reference");
            String candidate = Comparisons.release(compared, "candidate").orElse("candidate");
            html.append("<h3>").append(Html.escape(g.group())).append(": ").append(Html.escape(reference)).append(" → ")
                    .append(Html.escape(candidate)).append("</h3><table class=\"comparison\"><tr><th>figure</th><th>reference ")
                    .append(Html.escape(reference)).append("</th><th>candidate ").append(Html.escape(candidate))
                    .append("</th><th>change (95% interval)</th><th>verdict</th></tr>\n");
            for (FigureResult f : compared) {
                html.append("<tr><td>").append(Html.escape(f.key().toString())).append("</td><td>").append(side(f, "reference"))
                        .append("</td><td>").append(side(f, "candidate")).append("</td><td>")
                        .append(Html.escape(change(f.value()))).append("</td><td title=\"").append(Html.escape(f.reason()))
                        .append("\">").append(Comparisons.earlierStep(g) ? "not judged" : Html.escape(f.verdictName()))
                        .append(!Comparisons.settled(f) ? " (not settled)" : "").append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        return html.isEmpty() ? Optional.empty() : Optional.of(html.toString());
    }

    /**
     * A timeline of releases: per figure a small chart of each release's median and 95% interval,
     * oldest to newest, a step that moved it in the verdict colour, then the values and changes.
     */
    private static void timeline(Timeline t, StringBuilder html) {
        html.append("<h3>").append(Html.escape(t.group())).append(": timeline ").append(Html.escape(String.join(" → ", t.releases())))
                .append("</h3><table class=\"comparison timeline\"><tr><th>figure</th><th>across the releases</th>");
        t.releases().forEach(r -> html.append("<th>").append(Html.escape(r)).append("</th>"));
        html.append("</tr>\n");
        for (Timeline.Row row : t.rows()) {
            html.append("<tr><td>").append(Html.escape(row.key() + " (" + row.unit() + ")")).append("</td><td>")
                    .append(chart(t, row)).append("</td><td>").append(value(row.values().get(0))).append("</td>");
            for (int i = 1; i < row.values().size(); i++) {
                FigureResult step = row.steps().get(i - 1);
                String moved = t.moved(step);
                html.append("<td title=\"").append(Html.escape(step.reason())).append("\">").append(value(row.values().get(i)))
                        .append("<br>").append(moved.isEmpty() ? "" : "<strong>" + moved + "</strong> ")
                        .append(Html.escape(change(step.value()))).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /** Each release's median (a dot) and 95% interval (a whisker), joined oldest to newest, on a linear scale of the row's own. */
    private static String chart(Timeline t, Timeline.Row row) {
        double low = row.values().stream().mapToDouble(e -> e.hasInterval() ? e.low() : e.median()).min().orElse(0);
        double high = row.values().stream().mapToDouble(e -> e.hasInterval() ? e.high() : e.median()).max().orElse(1);
        double span = high > low ? high - low : Math.max(Math.abs(high), 1e-9);
        int n = row.values().size();
        double[] xs = new double[n];
        double[] ys = new double[n];
        java.util.function.DoubleUnaryOperator y = v -> CHART_HEIGHT - PAD - (v - low) / span * (CHART_HEIGHT - 2 * PAD);
        Svg svg = new Svg("timeline", CHART_WIDTH, CHART_HEIGHT, row.key() + " across " + String.join(", ", t.releases()));
        for (int i = 0; i < n; i++) {
            xs[i] = PAD + i * (CHART_WIDTH - 2.0 * PAD) / Math.max(n - 1, 1);
            ys[i] = y.applyAsDouble(row.values().get(i).median());
        }
        svg.polyline(xs, ys, Colors.GRID, null);
        for (int i = 0; i < n; i++) {
            Estimate e = row.values().get(i);
            if (e.hasInterval()) {
                svg.line(xs[i], y.applyAsDouble(e.low()), xs[i], y.applyAsDouble(e.high()), Colors.WHISKER, 1);
            }
            String moved = i > 0 ? t.moved(row.steps().get(i - 1)) : "";
            String colour = moved.equals("▲") ? Colors.verdict(Verdict.Kind.REGRESSION)
                    : moved.equals("▼") ? Colors.verdict(Verdict.Kind.PASS) : Colors.series(0);
            svg.circle(xs[i], ys[i], 4, colour, t.releases().get(i) + ": " + SignificantDigits.format(e.median()) + " " + row.unit()
                    + (i > 0 ? ", " + change(row.steps().get(i - 1).value()) + " against " + t.releases().get(i - 1) : ""));
        }
        return svg.end();
    }

    private static String value(Estimate e) {
        return Html.escape(SignificantDigits.format(e.median())) + "<br><span class=\"muted\">"
                + Html.escape(SignificantDigits.format(e.low()) + " – " + SignificantDigits.format(e.high())) + "</span>";
    }

    private static String side(FigureResult f, String side) {
        return Comparisons.side(f, side)
                .map(s -> Html.escape(SignificantDigits.format(s.value().median()) + " " + s.unit()) + "<br><span class=\"muted\">"
                        + Html.escape(SignificantDigits.format(s.value().low()) + " – " + SignificantDigits.format(s.value().high()))
                        + "</span>")
                .orElse("—");
    }

    /** "+5.3% (−2.0% to +12.1%)". */
    private static String change(Estimate e) {
        return Comparisons.asChange(e.median()) + " (" + Comparisons.asChange(e.low()) + " to "
                + Comparisons.asChange(e.high()) + ")";
    }
}
