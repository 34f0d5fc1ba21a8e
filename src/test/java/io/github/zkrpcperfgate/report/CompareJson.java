package io.github.zkrpcperfgate.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.result.Comparisons;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.SideValue;
import io.github.zkrpcperfgate.stats.Estimate;
import java.util.List;

/**
 * {@code compare.json}: each same-run comparison of the run, per figure both sides' own values and
 * the candidate's change against the reference with its interval and verdict, and the settings
 * that reproduce it. Written only when the run compared something.
 */
public final class CompareJson {

    public static final String FILE = "compare.json";
    public static final int SCHEMA_VERSION = 1;

    private CompareJson() {
    }

    /** Whether any group of the run is a comparison. */
    public static boolean anyIn(List<GroupResult> groups) {
        return groups.stream().anyMatch(g -> !Comparisons.comparedIn(g).isEmpty());
    }

    public static String render(List<GroupResult> groups) {
        ObjectNode root = JsonFiles.mapper().createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        ArrayNode comparisons = root.putArray("comparisons");
        for (GroupResult g : groups) {
            List<FigureResult> figures = Comparisons.comparedIn(g);
            if (figures.isEmpty()) {
                continue;
            }
            ObjectNode c = comparisons.addObject();
            c.put("group", g.group());
            Comparisons.release(figures, "reference").ifPresent(r -> c.put("reference", r));
            Comparisons.release(figures, "candidate").ifPresent(r -> c.put("candidate", r));
            setting(g, Comparisons.TIMELINE).ifPresent(v -> {
                // A step of a timeline of releases: every release, and whether this step is the judged one.
                java.util.Arrays.stream(v.split(",")).forEach(c.putArray("timeline")::add);
                c.put("judged", !Comparisons.earlierStep(g));
            });
            setting(g, Comparisons.TOLERANCE).ifPresent(v -> c.put("tolerance", Double.parseDouble(v)));
            for (String key : List.of(Comparisons.STARTS, Comparisons.ROUNDS, Comparisons.SEED)) {
                setting(g, key).ifPresent(v -> c.put(key.substring(key.indexOf('.') + 1), Long.parseLong(v)));
            }
            ArrayNode rows = c.putArray("figures");
            for (FigureResult f : figures) {
                ObjectNode row = rows.addObject();
                row.put("scenario", f.key().scenario());
                row.put("figure", f.key().figure());
                for (SideValue side : f.sides()) {
                    ObjectNode s = row.putObject(side.side());
                    s.put("unit", side.unit());
                    estimate(s, side.value());
                }
                ObjectNode change = row.putObject("change");
                change.put("unit", f.unit());
                estimate(change, f.value());
                change.put("percent", Comparisons.asChange(f.value().median()));
                row.put("verdict", f.verdictName());
                row.put("settled", Comparisons.settled(f));
                row.put("reason", f.reason());
            }
        }
        return JsonFiles.render(root);
    }

    private static java.util.Optional<String> setting(GroupResult g, String key) {
        return java.util.Optional.ofNullable(g.environment().get(key));
    }

    private static void estimate(ObjectNode n, Estimate e) {
        n.put("value", e.median());
        n.putArray("interval").add(e.low()).add(e.high());
        n.put("rounds", e.sampleCount());
    }
}
