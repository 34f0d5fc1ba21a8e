package io.github.zkrpcperfgate.baseline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.FigureKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The recording runs a baseline was pooled from, kept beside it
 * ({@code baselines/<testbed>/recordings/<baseline file name>}): each run's per-round values of
 * every figure, its calibration probes' per-round p50s and its environment, with the sitting it
 * was measured in. A later sitting ({@code -Dperf.baselines.addSitting=true}) pools its runs with
 * these, so that a band covers how far the figures moved between sittings hours apart (a shared
 * machine's disk and neighbours change over hours; five runs in one sitting do not see it).
 *
 * @param file  where the ledger lives
 * @param units each figure's unit: runs of another unit do not pool
 * @param runs  every recording run, oldest first
 */
public record RecordingLedger(Path file, Map<FigureKey, String> units, List<Run> runs) {

    public static final int SCHEMA_VERSION = 1;
    /** Figures in the order the file lists them: by scenario, then figure. */
    public static final Comparator<FigureKey> ORDER = Comparator.comparing(FigureKey::scenario).thenComparing(FigureKey::figure);

    /**
     * One recording run.
     *
     * @param sitting     when its sitting began, e.g. {@code 2026-12-01T11:50Z} (a label, not a clock)
     * @param rounds      rounds it measured
     * @param environment where it measured (the baseline's environment keys)
     * @param perRound    each figure's value in each round it was recorded on
     * @param probeP50s   each calibration probe's p50 (ms) in each round, for the baseline's probe medians
     * @param fsyncP99s   the fsync probe's p99 (ms) in each round; empty for runs recorded before it was kept
     */
    public record Run(String sitting, int rounds, SortedMap<String, String> environment,
                      Map<FigureKey, List<Double>> perRound, Map<String, List<Double>> probeP50s, List<Double> fsyncP99s) {

        public Run {
            environment = new TreeMap<>(environment);
            perRound = Map.copyOf(perRound);
            probeP50s = Map.copyOf(probeP50s);
            fsyncP99s = List.copyOf(fsyncP99s);
        }
    }

    public RecordingLedger {
        SortedMap<FigureKey, String> sorted = new TreeMap<>(ORDER);
        sorted.putAll(units);
        units = java.util.Collections.unmodifiableSortedMap(sorted);
        runs = List.copyOf(runs);
    }

    /** Where the ledger of {@code baselineFile} lives: {@code recordings/} beside it, under the same name. */
    public static Path beside(Path baselineFile) {
        return baselineFile.toAbsolutePath().getParent().resolve("recordings").resolve(baselineFile.getFileName());
    }

    /** The sittings, in the order they were recorded. */
    public List<String> sittings() {
        return runs.stream().map(Run::sitting).distinct().toList();
    }

    /**
     * Reads a ledger; a missing or malformed file is a {@link BaselineException} naming it and
     * saying how to record a first sitting.
     */
    public static RecordingLedger read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BaselineException(file + " does not exist: there is no earlier sitting to add to. Record a first one"
                    + " without -Dperf.baselines.addSitting (" + BaselineException.UPDATE_COMMAND + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        try {
            return parse(file, JsonFiles.mapper().readTree(text));
        } catch (IOException | RuntimeException e) {
            throw new BaselineException(file + " is not a recording ledger the suite can read (" + e.getMessage()
                    + "); record a first sitting anew without -Dperf.baselines.addSitting", e);
        }
    }

    private static RecordingLedger parse(Path file, JsonNode root) {
        int schema = root.path("schemaVersion").asInt(-1);
        if (schema != SCHEMA_VERSION) {
            throw new IllegalArgumentException("schemaVersion " + schema + ", expected " + SCHEMA_VERSION);
        }
        SortedMap<FigureKey, String> units = new TreeMap<>(ORDER);
        forEachFigure(root.path("units"), (key, node) -> units.put(key, node.asText()));
        List<Run> runs = new ArrayList<>();
        for (JsonNode r : root.path("runs")) {
            Map<FigureKey, List<Double>> perRound = new LinkedHashMap<>();
            forEachFigure(r.path("perRound"), (key, node) -> perRound.put(key, numbers(node)));
            Map<String, List<Double>> probes = new LinkedHashMap<>();
            r.path("probeP50s").fields().forEachRemaining(e -> probes.put(e.getKey(), numbers(e.getValue())));
            SortedMap<String, String> environment = new TreeMap<>();
            r.path("environment").fields().forEachRemaining(e -> environment.put(e.getKey(), e.getValue().asText()));
            runs.add(new Run(r.path("sitting").asText(), r.path("rounds").asInt(), environment, perRound, probes,
                    numbers(r.path("fsyncP99s"))));
        }
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs");
        }
        return new RecordingLedger(file, units, runs);
    }

    private static void forEachFigure(JsonNode byScenario, java.util.function.BiConsumer<FigureKey, JsonNode> action) {
        for (Iterator<Map.Entry<String, JsonNode>> s = byScenario.fields(); s.hasNext(); ) {
            Map.Entry<String, JsonNode> scenario = s.next();
            scenario.getValue().fields().forEachRemaining(f -> action.accept(new FigureKey(scenario.getKey(), f.getKey()), f.getValue()));
        }
    }

    private static List<Double> numbers(JsonNode array) {
        List<Double> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asDouble()));
        return values;
    }

    /** The ledger's text: sorted keys, values to four significant digits, as the baselines keep them. */
    public String render() {
        ObjectNode root = JsonFiles.mapper().createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        ObjectNode unitsNode = root.putObject("units");
        units.forEach((key, unit) -> figureNode(unitsNode, key).put(key.figure(), unit));
        ArrayNode runsNode = root.putArray("runs");
        for (Run run : runs) {
            ObjectNode r = runsNode.addObject();
            r.put("sitting", run.sitting());
            r.put("rounds", run.rounds());
            ObjectNode env = r.putObject("environment");
            run.environment().forEach(env::put);
            ObjectNode perRound = r.putObject("perRound");
            SortedMap<FigureKey, List<Double>> figures = new TreeMap<>(ORDER);
            figures.putAll(run.perRound());
            figures.forEach((key, values) -> rounded(figureNode(perRound, key).putArray(key.figure()), values));
            ObjectNode probes = r.putObject("probeP50s");
            new TreeMap<>(run.probeP50s()).forEach((probe, values) -> rounded(probes.putArray(probe), values));
            if (!run.fsyncP99s().isEmpty()) {
                rounded(r.putArray("fsyncP99s"), run.fsyncP99s());
            }
        }
        return JsonFiles.render(root);
    }

    private static ObjectNode figureNode(ObjectNode byScenario, FigureKey key) {
        JsonNode existing = byScenario.get(key.scenario());
        return existing instanceof ObjectNode o ? o : byScenario.putObject(key.scenario());
    }

    private static void rounded(ArrayNode array, List<Double> values) {
        values.forEach(v -> array.add(SignificantDigits.fourSignificant(v)));
    }

    /** Writes the ledger atomically (temporary file, force, rename, force the directory). */
    public void write() {
        try {
            JsonFiles.writeAtomically(file, render());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * What in {@code environment} differs from where this ledger's last run measured, ignoring
     * the calibration probes' medians (a sitting on a slower disk is exactly what pooling is for):
     * a run on other software or another machine class measures something else and must not pool.
     */
    public List<String> environmentDifferences(SortedMap<String, String> environment) {
        SortedMap<String, String> last = runs.get(runs.size() - 1).environment();
        List<String> differences = new ArrayList<>();
        for (Map.Entry<String, String> e : last.entrySet()) {
            String now = environment.get(e.getKey());
            if (!e.getKey().startsWith("calibration.") && now != null && !now.equals(e.getValue())) {
                differences.add(e.getKey() + " \"" + e.getValue() + "\" -> \"" + now + "\"");
            }
        }
        return differences;
    }
}
