package io.github.zkrpcperfgate.result;

import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A timeline of releases ({@code -Dperf.compare=zookeeper.version=3.8.3,3.8.6,3.9.0}) as the
 * reports draw it: per figure, every release's own value and each step's change against the
 * release before it, so a reader sees which release moved it. Read from the comparison's groups:
 * one a step, the judged one (the candidate against the reference) last.
 *
 * @param group    the scenario group, e.g. {@code zookeeper}
 * @param releases  oldest first, the candidate last
 * @param tolerance the comparison's: a step whose interval lies wholly beyond it moved the figure
 * @param rows      one a compared figure, in the judged group's order
 */
public record Timeline(String group, List<String> releases, double tolerance, List<Row> rows) {

    /**
     * @param values each release's own value of the figure, in its own unit, oldest first
     * @param steps  each release's change against the one before it (n - 1 of them), oldest first
     */
    public record Row(FigureKey key, String unit, List<Estimate> values, List<FigureResult> steps) {
    }

    /**
     * Every timeline of more than two releases among {@code groups}; one whose steps are not all
     * there (a report merged from shards that split it) is left out, and its steps show as plain
     * comparisons.
     */
    public static List<Timeline> in(List<GroupResult> groups) {
        Map<String, List<GroupResult>> byTimeline = new LinkedHashMap<>();
        for (GroupResult g : groups) {
            String of = g.environment().get(Comparisons.TIMELINE_GROUP);
            if (of != null && g.environment().containsKey(Comparisons.TIMELINE)) {
                byTimeline.computeIfAbsent(of + "\n" + g.environment().get(Comparisons.TIMELINE), k -> new ArrayList<>()).add(g);
            }
        }
        List<Timeline> timelines = new ArrayList<>();
        byTimeline.forEach((id, steps) -> of(id.substring(0, id.indexOf('\n')), List.of(id.substring(id.indexOf('\n') + 1)
                .split(",")), steps).ifPresent(timelines::add));
        return timelines;
    }

    private static Optional<Timeline> of(String group, List<String> releases, List<GroupResult> steps) {
        // A step is known by the release it starts from: its reference side's.
        List<GroupResult> ordered = steps.stream()
                .filter(g -> Comparisons.release(Comparisons.comparedIn(g), "reference").map(releases::contains).orElse(false))
                .sorted(Comparator.comparingInt(g -> releases.indexOf(Comparisons.release(Comparisons.comparedIn(g), "reference")
                        .orElseThrow())))
                .toList();
        boolean whole = ordered.size() == releases.size() - 1 && java.util.stream.IntStream.range(0, ordered.size())
                .allMatch(i -> Comparisons.release(Comparisons.comparedIn(ordered.get(i)), "reference").orElseThrow()
                        .equals(releases.get(i)));
        if (!whole) {
            return Optional.empty();
        }
        List<Row> rows = new ArrayList<>();
        for (FigureResult last : Comparisons.comparedIn(ordered.get(ordered.size() - 1))) {
            List<FigureResult> changes = new ArrayList<>();
            for (GroupResult step : ordered) {
                Comparisons.comparedIn(step).stream().filter(f -> f.key().equals(last.key())).findFirst().ifPresent(changes::add);
            }
            if (changes.size() != ordered.size()) {
                continue;
            }
            List<Estimate> values = new ArrayList<>();
            Comparisons.side(changes.get(0), "reference").ifPresent(s -> values.add(s.value()));
            changes.forEach(f -> Comparisons.side(f, "candidate").ifPresent(s -> values.add(s.value())));
            String unit = Comparisons.side(last, "candidate").map(SideValue::unit).orElse("");
            if (values.size() == releases.size()) {
                rows.add(new Row(last.key(), unit, values, changes));
            }
        }
        String tolerance = ordered.get(ordered.size() - 1).environment().getOrDefault(Comparisons.TOLERANCE, "NaN");
        return Optional.of(new Timeline(group, releases, Double.parseDouble(tolerance), rows));
    }

    /**
     * How a step moved its figure: "▲" when its change lies wholly beyond the tolerance (that
     * release made it worse), "▼" wholly below its inverse (better), else "".
     */
    public String moved(FigureResult step) {
        Estimate e = step.value();
        return !e.hasInterval() ? "" : e.low() > tolerance ? "▲" : e.high() < 1 / tolerance ? "▼" : "";
    }
}
