package io.github.zkrpcperfgate.report;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.Headline;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code summary.md}: the verdict in one line, the failed figures first, each with the command
 * that re-baselines it, then one row per gated figure, the environment and the notes.
 */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    public static String render(List<GroupResult> groups) {
        List<FigureResult> figures = GroupResult.figuresFailedFirst(groups);
        List<FigureResult> failed = figures.stream().filter(FigureResult::failsBuild).toList();
        List<FigureResult> disturbed = figures.stream().filter(FigureResult::disturbed).toList();
        StringBuilder md = new StringBuilder("# Performance gate\n\n");
        md.append(!failed.isEmpty() ? "❌ **" + Headline.of(figures) + "**\n"
                : figures.stream().anyMatch(f -> f.disturbed() || f.withoutBaseline()) ? "⚠ " + Headline.of(figures) + "\n"
                : "✅ " + Headline.of(figures) + "\n");
        // What no row can say: a testbed without baselines, a machine that was busy.
        groups.stream().flatMap(g -> g.notes().stream()).filter(n -> n.startsWith("ℹ ") || n.startsWith("⚠ machine busy"))
                .distinct().forEach(n -> md.append("\n> ").append(n).append('\n'));
        if (!failed.isEmpty()) {
            md.append("\n## Failed figures\n\n");
            failed.forEach(f -> md.append("- **").append(f.key()).append("** ").append(f.verdictName())
                    .append(": ").append(f.reason()).append("\n  If deliberate, re-baseline and commit `baselines/` with the reason: `")
                    .append(BaselineException.updateCommand(f.key().scenario()))
                    .append("`\n"));
            String scenarios = failed.stream().map(f -> f.key().scenario()).distinct().collect(Collectors.joining(","));
            md.append("\nAll at once:\n\n```\n").append(BaselineException.updateCommand(scenarios)).append("\n```\n");
        }
        if (!disturbed.isEmpty()) {
            md.append("\n## Not judged: the machine was busy\n\n");
            disturbed.forEach(f -> md.append("- ⚠ **").append(f.key()).append("**: ").append(f.reason()).append('\n'));
        }
        md.append("\n| verdict | scenario | figure | measured (95% CI) | band | direction | rounds |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (FigureResult f : figures) {
            md.append("| ").append(f.passed() || f.withoutBaseline() ? "" : f.disturbed() ? "⚠ " : "❌ ").append(f.verdictName())
                    .append(" | ").append(f.key().scenario())
                    .append(" | ").append(f.key().figure())
                    .append(" | ").append(SignificantDigits.format(f.value().median())).append(' ').append(f.unit())
                    .append(" (").append(SignificantDigits.format(f.value().low())).append(" – ")
                    .append(SignificantDigits.format(f.value().high())).append(')')
                    .append(" | ").append(f.band() == null ? "—" : f.band().toString())
                    .append(" | ").append(f.direction())
                    .append(" | ").append(f.value().sampleCount())
                    .append(" |\n");
        }
        md.append("\n## Environment\n\n");
        for (GroupResult group : groups) {
            md.append("- **").append(group.group()).append("**: ")
                    .append(group.environment().entrySet().stream()
                            .map(e -> e.getKey() + " `" + e.getValue() + "`")
                            .collect(Collectors.joining(", ")))
                    .append('\n');
        }
        List<String> notes = groups.stream().flatMap(g -> g.notes().stream()).toList();
        if (!notes.isEmpty()) {
            md.append("\n## Notes\n\n");
            notes.forEach(n -> md.append("- ").append(n).append('\n'));
        }
        Map<String, List<String>> changes = groups.stream().filter(g -> !g.baselineChanges().isEmpty())
                .collect(Collectors.toMap(GroupResult::group, GroupResult::baselineChanges));
        if (!changes.isEmpty()) {
            md.append("\n## Baselines re-recorded\n\n");
            changes.forEach((group, lines) -> lines.forEach(line -> md.append("- ").append(line).append('\n')));
        }
        return md.toString();
    }
}
