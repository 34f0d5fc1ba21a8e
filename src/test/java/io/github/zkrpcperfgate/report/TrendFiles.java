package io.github.zkrpcperfgate.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.Direction;
import java.util.List;

/**
 * Every gated figure in the formats trend tools read: github-action-benchmark's
 * {@code customBiggerIsBetter} / {@code customSmallerIsBetter} arrays, and Bencher Metric Format.
 * Figures without a value (no data) are left out rather than written as a made-up number.
 */
public final class TrendFiles {

    /** File names inside the report directory. */
    public static final String BIGGER_IS_BETTER = "benchmark-bigger-is-better.json";
    public static final String SMALLER_IS_BETTER = "benchmark-smaller-is-better.json";
    public static final String BENCHER = "bencher-metrics.json";

    private TrendFiles() {
    }

    /** github-action-benchmark's custom format: [{name, unit, value, range, extra}] for one direction. */
    public static String githubActionBenchmark(List<GroupResult> groups, Direction direction) {
        ArrayNode entries = JsonFiles.mapper().createArrayNode();
        figures(groups).filter(f -> f.direction() == direction).forEach(f -> {
            ObjectNode e = entries.addObject();
            e.put("name", f.key().toString());
            e.put("unit", f.unit());
            e.put("value", f.value().median());
            if (f.value().hasInterval()) {
                e.put("range", "95% CI " + SignificantDigits.format(f.value().low()) + " to " + SignificantDigits.format(f.value().high()));
            }
            e.put("extra", f.verdictName() + "; " + f.value().sampleCount() + " rounds");
        });
        return JsonFiles.render(entries);
    }

    /** Bencher Metric Format: {benchmark: {measure: {value, lower_value, upper_value}}}; the measure is the unit. */
    public static String bencherMetricFormat(List<GroupResult> groups) {
        ObjectNode root = JsonFiles.mapper().createObjectNode();
        figures(groups).forEach(f -> {
            ObjectNode metric = root.putObject(f.key().scenario() + "/" + f.key().figure()).putObject(f.unit());
            metric.put("value", f.value().median());
            if (f.value().hasInterval()) {
                metric.put("lower_value", f.value().low());
                metric.put("upper_value", f.value().high());
            }
        });
        return JsonFiles.render(root);
    }

    private static java.util.stream.Stream<FigureResult> figures(List<GroupResult> groups) {
        return groups.stream().flatMap(g -> g.figures().stream()).filter(f -> Double.isFinite(f.value().median()));
    }
}
