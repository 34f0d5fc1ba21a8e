package io.github.zkrpcperfgate.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.LinkSweep;
import io.github.zkrpcperfgate.result.SideValue;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * {@code results.json}: environment, every figure with statistic and verdict, every raw sample
 * (its latency histogram whole, HdrHistogram's compressed encoding in base64). It reads back into
 * the groups it was written from, so shards of one run can be merged into one report.
 */
public final class ResultsJson {

    /**
     * 2: samples carry their histogram and facts, enough to read a run back. 3: a sample's
     * histogram may hold its latencies above a floor, {@code latencyFloorNanos} (a handler's
     * sleep), which a reader of version 2 would not add back.
     */
    public static final int SCHEMA_VERSION = 3;

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
            if (LinkSweep.GROUP.equals(group.group())) {
                // The curve as drawn, for readers who plot it themselves (derived from the samples above, not read back).
                ArrayNode curve = g.putArray("linkSweep");
                for (LinkSweep.Point p : LinkSweep.points(group)) {
                    curve.addObject().put("ensemble", p.ensemble()).put("oneWayDelayUs", p.oneWayMicros())
                            .put("addedRoundTripMs", p.addedRoundTripMillis()).put("mode", p.mode())
                            .put("opsPerSecond", p.opsPerSecond()).put("rounds", p.rounds());
                }
            }
        }
        return JsonFiles.render(root);
    }

    /** One figure as {@code results.json} (and the self-check's ledger) writes it. */
    public static void figure(ObjectNode n, String group, FigureResult f) {
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
        n.put("verdict", f.verdictName());
        n.put("reason", f.reason());
        n.put("rounds", f.value().sampleCount());
        ArrayNode perRound = n.putArray("perRound");
        f.perRound().forEach(perRound::add);
        f.workloads().forEach(n.putArray("workloads")::add);
        if (!f.sides().isEmpty()) {
            ArrayNode sides = n.putArray("sides");
            for (SideValue side : f.sides()) {
                ObjectNode o = sides.addObject();
                o.put("side", side.side());
                o.put("release", side.release());
                o.put("unit", side.unit());
                o.put("value", side.value().median());
                o.putArray("interval").add(side.value().low()).add(side.value().high());
                o.put("rounds", side.value().sampleCount());
            }
        }
    }

    /** A figure back from what {@link #figure} wrote; fails on a missing field, naming it. */
    public static FigureResult readFigure(JsonNode n) {
        JsonNode band = required(n, "band");
        List<Double> perRound = new ArrayList<>();
        required(n, "perRound").forEach(v -> perRound.add(v.asDouble()));
        List<String> workloads = new ArrayList<>();
        n.path("workloads").forEach(w -> workloads.add(w.asText()));
        List<SideValue> sides = new ArrayList<>();
        n.path("sides").forEach(side -> sides.add(new SideValue(required(side, "side").asText(),
                required(side, "release").asText(), required(side, "unit").asText(), estimate(side))));
        FigureResult f = FigureResult.of(new FigureKey(required(n, "scenario").asText(), required(n, "figure").asText()),
                required(n, "unit").asText(), Direction.fromJsonName(required(n, "direction").asText()), estimate(n),
                band.size() == 2 ? new Band(band.get(0).asDouble(), band.get(1).asDouble()) : null,
                Verdict.Kind.fromJson(required(n, "verdict").asText()), n.hasNonNull("reason") ? n.get("reason").asText() : null, perRound,
                workloads);
        return new FigureResult(f.verdict(), f.perRound(), f.workloads(), sides);
    }

    /** The {@code value}, {@code interval} and {@code rounds} of a figure or a side. */
    private static Estimate estimate(JsonNode n) {
        JsonNode interval = required(n, "interval");
        return new Estimate(required(n, "value").asDouble(), interval.path(0).asDouble(Double.NaN),
                interval.path(1).asDouble(Double.NaN), required(n, "rounds").asInt());
    }

    private static JsonNode required(JsonNode n, String field) {
        JsonNode value = n.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("a figure without \"" + field + "\": " + n);
        }
        return value;
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
            latency.put("max", s.maxLatencyMillis());
        }
        if (s.latencyFloorNanos() > 0) {
            // The histogram holds latencies above this (a handler's sleep); add it to read one.
            n.put("latencyFloorNanos", s.latencyFloorNanos());
        }
        ObjectNode facts = n.putObject("facts");
        new TreeMap<>(s.facts()).forEach(facts::put);
        n.put("histogram", encode(s.latencies()));
    }

    private static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /**
     * The groups a {@code results.json} was written from, in its order.
     *
     * @param source names the file in errors
     */
    public static List<GroupResult> read(String json, String source) throws IOException {
        JsonNode root = JsonFiles.mapper().readTree(json);
        if (root == null || root.path("schemaVersion").asInt() != SCHEMA_VERSION) {
            throw new IOException(source + ": schemaVersion " + (root == null ? "missing" : root.path("schemaVersion"))
                    + ", this version reads " + SCHEMA_VERSION + " (written by another version of the suite? rerun it)");
        }
        List<GroupResult> groups = new ArrayList<>();
        for (JsonNode g : root.path("groups")) {
            String name = g.path("group").asText();
            TreeMap<String, String> environment = new TreeMap<>();
            g.path("environment").fields().forEachRemaining(e -> environment.put(e.getKey(), e.getValue().asText()));
            List<FigureResult> figures = new ArrayList<>();
            for (JsonNode f : root.path("figures")) {
                if (f.path("group").asText().equals(name)) {
                    figures.add(readFigure(f));
                }
            }
            List<Sample> samples = new ArrayList<>();
            for (JsonNode s : root.path("samples")) {
                if (s.path("group").asText().equals(name)) {
                    samples.add(readSample(s, source));
                }
            }
            groups.add(new GroupResult(name, environment, figures, samples, texts(g.path("baselineChanges")),
                    texts(g.path("notes"))));
        }
        return groups;
    }

    private static Sample readSample(JsonNode n, String source) throws IOException {
        Map<String, Double> facts = new TreeMap<>();
        n.path("facts").fields().forEachRemaining(e -> facts.put(e.getKey(), e.getValue().asDouble()));
        Histogram latencies;
        try {
            byte[] bytes = Base64.getDecoder().decode(required(n, "histogram").asText());
            latencies = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IOException(source + ": the histogram of sample " + n.path("workload").asText() + " round "
                    + n.path("round").asInt() + " cannot be read: " + e.getMessage(), e);
        }
        return new Sample(required(n, "workload").asText(), required(n, "round").asInt(),
                required(n, "operations").asLong(), required(n, "elapsedNanos").asLong(), latencies,
                n.path("latencyFloorNanos").asLong(0), facts);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(t -> texts.add(t.asText()));
        return texts;
    }
}
