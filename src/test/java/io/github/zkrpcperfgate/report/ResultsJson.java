package io.github.zkrpcperfgate.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.measure.Sample;
import java.util.List;
import java.util.TreeMap;

/** {@code results.json}: environment, every figure with statistic and verdict, every raw sample. */
public final class ResultsJson {

    public static final int SCHEMA_VERSION = 1;

    private ResultsJson() {
    }

    public static String render(List<GroupResult> groups) {
        ObjectNode root = JsonFiles.mapper().createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        ObjectNode environment = root.putObject("environment");
        TreeMap<String, String> merged = new TreeMap<>();
        groups.forEach(g -> merged.putAll(g.environment()));
        merged.forEach(environment::put);
        ArrayNode groupsNode = root.putArray("groups");
        ArrayNode figures = root.putArray("figures");
        ArrayNode samples = root.putArray("samples");
        for (GroupResult group : groups) {
            ObjectNode g = groupsNode.addObject();
            g.put("group", group.group());
            ObjectNode env = g.putObject("environment");
            group.environment().forEach(env::put);
            ArrayNode changes = g.putArray("baselineChanges");
            group.baselineChanges().forEach(changes::add);
            ArrayNode notes = g.putArray("notes");
            group.notes().forEach(notes::add);
            group.figures().forEach(f -> figure(figures.addObject(), group.group(), f));
            group.samples().forEach(s -> sample(samples.addObject(), group.group(), s));
        }
        return JsonFiles.render(root);
    }

    private static void figure(ObjectNode n, String group, FigureResult f) {
        n.put("group", group);
        n.put("scenario", f.key().scenario());
        n.put("figure", f.key().figure());
        n.put("unit", f.unit());
        n.put("direction", f.direction().jsonName());
        n.put("value", f.value().median());
        n.putArray("interval").add(f.value().low()).add(f.value().high());
        ArrayNode band = n.putArray("band");
        if (f.band() != null) {
            band.add(f.band().low()).add(f.band().high());
        }
        n.put("verdict", f.verdict());
        n.put("reason", f.reason());
        n.put("rounds", f.value().sampleCount());
        ArrayNode perRound = n.putArray("perRound");
        f.perRound().forEach(perRound::add);
        f.workloads().forEach(n.putArray("workloads")::add);
    }

    private static void sample(ObjectNode n, String group, Sample s) {
        n.put("group", group);
        n.put("workload", s.workload());
        n.put("round", s.round());
        n.put("operations", s.operations());
        n.put("elapsedNanos", s.elapsedNanos());
        n.put("opsPerSecond", s.opsPerSecond());
        ObjectNode latency = n.putObject("latencyMillis");
        latency.put("count", s.latencies().getTotalCount());
        if (s.latencies().getTotalCount() > 0) {
            for (double p : new double[] {50, 90, 99, 99.9}) {
                latency.put("p" + (p == Math.rint(p) ? Integer.toString((int) p) : Double.toString(p)), s.latencyMillis(p));
            }
            latency.put("max", s.latencies().getMaxValue() / 1e6);
        }
    }
}
