package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.result.Comparisons;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.List;
import java.util.Optional;

/**
 * A same-run comparison side by side: per figure the reference's and the candidate's own value
 * with its 95% interval, the change and its interval, and the verdict. The band chart above draws
 * the same changes against the tolerance.
 */
final class ComparisonTable {

    private ComparisonTable() {
    }

    static Optional<String> render(List<GroupResult> groups) {
        StringBuilder html = new StringBuilder();
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
                        .append("\">").append(Html.escape(f.verdictName()))
                        .append(!Comparisons.settled(f) ? " (not settled)" : "").append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        return html.isEmpty() ? Optional.empty() : Optional.of(html.toString());
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
