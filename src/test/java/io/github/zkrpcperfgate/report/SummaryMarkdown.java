package io.github.zkrpcperfgate.report;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.result.Comparisons;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.Headline;
import io.github.zkrpcperfgate.result.Timeline;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code summary.md}: the verdict in one line, the failed figures first, each with the command
 * that re-baselines it, then the figures not judged and those better than recorded, one row per
 * gated figure, the environment and the notes.
 */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    public static String render(List<GroupResult> groups) {
        // An earlier step of a timeline is reported in its own table, not counted: its verdicts are not the build's.
        List<FigureResult> figures = GroupResult.figuresFailedFirst(Comparisons.judged(groups));
        List<FigureResult> failed = figures.stream().filter(FigureResult::failsBuild).toList();
        List<FigureResult> disturbed = figures.stream().filter(FigureResult::disturbed).toList();
        List<FigureResult> improved = figures.stream().filter(FigureResult::improved).toList();
        StringBuilder md = new StringBuilder("# Performance gate\n\n");
        md.append(!failed.isEmpty() ? "❌ **" + Headline.of(figures) + "**\n"
                : figures.stream().anyMatch(f -> f.disturbed() || f.withoutBaseline()) ? "⚠ " + Headline.of(figures) + "\n"
                : "✅ " + Headline.of(figures) + "\n");
        // What no row can say: a testbed without baselines, a machine that was busy.
        groups.stream().flatMap(g -> g.notes().stream()).filter(n -> n.startsWith("ℹ ") || n.startsWith("⚠ machine busy"))
                .distinct().forEach(n -> md.append("\n> ").append(n).append('\n'));
        Timeline.in(groups).forEach(t -> timeline(t, md));
        groups.forEach(g -> comparison(g, md));
        if (!failed.isEmpty()) {
            md.append("\n## Failed figures\n\n");
            failed.forEach(f -> md.append("- **").append(f.key()).append("** ").append(f.verdictName())
                    .append(": ").append(f.reason()).append(Comparisons.isCompared(f.unit())
                            ? "\n  Measured against the reference in the same run, no baseline to re-record: find what in the"
                              + " version change slowed it, or accept it with `-Dperf.compare.tolerance` and say why.\n"
                            : "\n  If deliberate, re-baseline and commit `baselines/` with the reason: `"
                              + BaselineException.updateCommand(f.scenariosToRecord()) + "`\n"));
            String scenarios = baselinedScenarios(failed);
            if (!scenarios.isEmpty()) {
                md.append("\nAll at once:\n\n```\n").append(BaselineException.updateCommand(scenarios)).append("\n```\n");
            }
        }
        if (!disturbed.isEmpty()) {
            md.append("\n## Not judged: the machine was busy\n\n");
            disturbed.forEach(f -> md.append("- ⚠ **").append(f.key()).append("**: ").append(f.reason()).append('\n'));
        }
        if (!improved.isEmpty()) {
            // They pass; listed so that a deliberate gain is locked in and an unexplained one is looked at.
            md.append("\n## Better than recorded (passed)\n\n");
            improved.forEach(f -> md.append("- ⬆ **").append(f.key()).append("**: ").append(f.reason()).append('\n'));
            String scenarios = baselinedScenarios(improved);
            if (!scenarios.isEmpty()) {
                md.append("\nTo lock the gains in, after checking they are the change's: `")
                        .append(BaselineException.updateCommand(scenarios)).append("`\n");
            }
        }
        md.append("\n| verdict | scenario | figure | measured (95% CI) | band | direction | rounds |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (FigureResult f : figures) {
            md.append("| ").append(f.improved() ? "⬆ " : f.passed() || f.withoutBaseline() ? "" : f.disturbed() ? "⚠ " : "❌ ").append(f.verdictName())
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

    /** The scenarios of {@code figures} judged against baselines (not a same-run comparison's), for one re-baseline command. */
    private static String baselinedScenarios(List<FigureResult> figures) {
        return figures.stream().filter(f -> !Comparisons.isCompared(f.unit()))
                .flatMap(f -> f.scenariosToRecord().stream()).distinct().collect(Collectors.joining(","));
    }

    /**
     * A same-run comparison's table, first thing after the verdict: "zookeeperVersion 3.9.4 →
     * 3.9.5", then per figure the candidate's change against the reference in percent (above 0:
     * slower or worse), its 95% interval and verdict.
     */
    private static void comparison(GroupResult g, StringBuilder md) {
        List<FigureResult> compared = Comparisons.comparedIn(g);
        if (compared.isEmpty()) {
            return;
        }
        String versions = g.environment().keySet().stream().filter(k -> g.environment().containsKey("reference." + k))
                .filter(k -> k.toLowerCase(java.util.Locale.ROOT).endsWith("version"))
                .map(k -> k + " " + g.environment().get("reference." + k) + " → " + g.environment().get(k))
                .collect(Collectors.joining(", "));
        md.append("\n## ").append(g.group()).append(": ").append(versions.isEmpty() ? "reference → candidate" : versions)
                .append("\n\n| figure | reference | candidate | change | 95% interval | verdict |\n|---|---|---|---|---|---|\n");
        for (FigureResult f : compared) {
            md.append("| ").append(f.key()).append(" | ").append(side(f, "reference")).append(" | ").append(side(f, "candidate"))
                    .append(" | ").append(Comparisons.asChange(f.value().median()))
                    .append(" | ").append(Comparisons.asChange(f.value().low())).append(" to ").append(Comparisons.asChange(f.value().high()))
                    .append(" | ").append(verdict(g, f)).append(" |\n");
        }
    }

    /**
     * A timeline of releases, before its steps' tables: per figure each release's own median, and
     * from the second on its change against the one before, marked ▲/▼ where the step's interval
     * lies wholly beyond the tolerance (the release that moved it).
     */
    private static void timeline(Timeline t, StringBuilder md) {
        md.append("\n## ").append(t.group()).append(": timeline ").append(String.join(" → ", t.releases()))
                .append("\n\nEach release's own median; from the second on, its change against the one before (95% interval);")
                .append(" ▲ slower, ▼ faster, wholly beyond x").append(t.tolerance()).append(".\n\n| figure |");
        t.releases().forEach(r -> md.append(' ').append(r).append(" |"));
        md.append("\n|---|").append("---|".repeat(t.releases().size())).append('\n');
        for (Timeline.Row row : t.rows()) {
            md.append("| ").append(row.key()).append(" (").append(row.unit()).append(") | ")
                    .append(SignificantDigits.format(row.values().get(0).median())).append(" |");
            for (int i = 1; i < row.values().size(); i++) {
                FigureResult step = row.steps().get(i - 1);
                String moved = t.moved(step);
                md.append(' ').append(SignificantDigits.format(row.values().get(i).median())).append(" (")
                        .append(moved.isEmpty() ? "" : moved + " ").append(Comparisons.asChange(step.value().median()))
                        .append(", ").append(Comparisons.asChange(step.value().low())).append(" to ")
                        .append(Comparisons.asChange(step.value().high())).append(") |");
            }
            md.append('\n');
        }
    }

    /** The verdict cell: an earlier step of a timeline is not judged, so it says only whether the step moved. */
    private static String verdict(GroupResult g, FigureResult f) {
        if (Comparisons.earlierStep(g)) {
            return "not judged" + (Comparisons.settled(f) ? "" : " (not settled)");
        }
        return (f.passed() ? "" : "❌ ") + f.verdictName() + (Comparisons.settled(f) ? "" : " (not settled)");
    }

    /** The figure's own median on one side, "0.02539 x(cpu) above fsync", or "—" for a figure without sides. */
    static String side(FigureResult f, String side) {
        return Comparisons.side(f, side)
                .map(s -> SignificantDigits.format(s.value().median()) + " " + s.unit()).orElse("—");
    }
}
