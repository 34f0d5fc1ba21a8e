package io.github.zkrpcperfgate.baseline;

import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Merges freshly recorded figures into an existing baseline. Scenarios and figures this run did
 * not measure are kept as they were; every recorded figure yields one old → new line.
 */
public final class BaselineUpdate {

    /** One figure's move, for the console and the report. */
    public record Change(FigureKey key, BaselineFigure before, BaselineFigure after) {

        /**
         * "zk-1node / asyncOverSync: 6.1 ratio band [3.9, 9.5] -> 5.8 ratio band [3.7, 9.0] (-4.9%);
         * 3 runs: 5.6, 5.8, 6.0".
         */
        public String describe() {
            String now = SignificantDigits.format(after.expected()) + " " + after.unit() + " band " + after.band();
            String runs = after.runMedians().size() < 2 ? "" : "; " + after.runMedians().size() + " runs: "
                    + String.join(", ", after.runMedians().stream().map(SignificantDigits::format).toList());
            if (before == null) {
                return key + ": (new) -> " + now + runs;
            }
            double percent = 100 * (after.expected() / before.expected() - 1);
            return key + ": " + SignificantDigits.format(before.expected()) + " " + before.unit() + " band " + before.band()
                    + " -> " + now + String.format(Locale.ROOT, " (%+.1f%%)", percent) + runs;
        }
    }

    /** The merged baseline and what moved. */
    public record Result(Baselines updated, List<Change> changes) {
    }

    private BaselineUpdate() {
    }

    /**
     * @param previous     the file as it is (possibly empty)
     * @param recorded     new figures by key
     * @param environments the environment fingerprint of each scenario recorded now
     */
    public static Result apply(Baselines previous, Map<FigureKey, BaselineFigure> recorded,
                               Map<String, SortedMap<String, String>> environments) {
        TreeMap<String, ScenarioBaseline> scenarios = new TreeMap<>(previous.scenarios());
        List<Change> changes = new ArrayList<>();
        new TreeMap<>(groupByScenario(recorded)).forEach((scenario, figures) -> {
            ScenarioBaseline old = scenarios.get(scenario);
            TreeMap<String, BaselineFigure> merged = new TreeMap<>(old == null ? Map.of() : old.figures());
            figures.forEach((name, figure) -> {
                changes.add(new Change(new FigureKey(scenario, name), merged.get(name), figure));
                merged.put(name, figure);
            });
            SortedMap<String, String> environment = environments.getOrDefault(scenario,
                    old == null ? new TreeMap<>() : old.environment());
            scenarios.put(scenario, new ScenarioBaseline(environment, merged));
        });
        return new Result(new Baselines(previous.file(), Baselines.SCHEMA_VERSION, scenarios), changes);
    }

    private static Map<String, Map<String, BaselineFigure>> groupByScenario(Map<FigureKey, BaselineFigure> recorded) {
        Map<String, Map<String, BaselineFigure>> byScenario = new TreeMap<>();
        recorded.forEach((key, figure) ->
                byScenario.computeIfAbsent(key.scenario(), s -> new TreeMap<>()).put(key.figure(), figure));
        return byScenario;
    }
}
