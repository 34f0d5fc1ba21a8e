package io.github.zkrpcperfgate.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads and validates baseline files, and writes them atomically in a stable layout.
 *
 * <p>Every problem is reported as a {@link BaselineException} naming the file, the scenario and
 * the figure, so that a person can fix the entry by hand or re-record it.
 */
public final class BaselineStore {

    private BaselineStore() {
    }

    /** Reads {@code file}; a missing file is an error (see {@link #readOrEmpty} for updates). */
    public static Baselines read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BaselineException(file + ": no such baseline file; run " + BaselineException.UPDATE_COMMAND
                    + " to record one", e);
        } catch (IOException e) {
            throw new BaselineException(file + ": cannot be read: " + e.getMessage(), e);
        }
        return parse(file, text);
    }

    /** Reads {@code file}, or an empty baseline when it does not exist yet. */
    public static Baselines readOrEmpty(Path file) {
        return Files.exists(file) ? read(file) : Baselines.empty(file);
    }

    /** Parses and validates the text of a baseline file that lives at {@code file}. */
    public static Baselines parse(Path file, String text) {
        JsonNode root;
        try {
            root = JsonFiles.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new BaselineException(file + ": is not valid JSON (" + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()
                    + "); fix it or re-record it with " + BaselineException.UPDATE_COMMAND, e);
        }
        if (root == null || !root.isObject()) {
            throw new BaselineException(file + ": must hold a JSON object with \"schemaVersion\" and \"scenarios\"");
        }
        JsonNode version = root.get("schemaVersion");
        if (version == null || !version.canConvertToExactIntegral() || version.asInt() != Baselines.SCHEMA_VERSION) {
            throw new BaselineException(file + ": \"schemaVersion\" must be " + Baselines.SCHEMA_VERSION + ", was " + version);
        }
        JsonNode scenariosNode = root.get("scenarios");
        if (scenariosNode == null || !scenariosNode.isObject()) {
            throw new BaselineException(file + ": \"scenarios\" must be an object of scenario name to entry");
        }
        Map<String, ScenarioBaseline> scenarios = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = scenariosNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            scenarios.put(entry.getKey(), parseScenario(file, entry.getKey(), entry.getValue()));
        }
        return new Baselines(file, Baselines.SCHEMA_VERSION, new TreeMap<>(scenarios));
    }

    private static ScenarioBaseline parseScenario(Path file, String scenario, JsonNode node) {
        String where = file + ": scenario \"" + scenario + "\"";
        if (!node.isObject()) {
            throw new BaselineException(where + " must be an object with \"environment\" and \"figures\"");
        }
        JsonNode figuresNode = node.get("figures");
        if (figuresNode == null || !figuresNode.isObject()) {
            throw new BaselineException(where + " has no \"figures\" object; run "
                    + BaselineException.UPDATE_COMMAND + " to record one");
        }
        TreeMap<String, String> environment = new TreeMap<>();
        JsonNode envNode = node.get("environment");
        if (envNode != null && envNode.isObject()) {
            envNode.fields().forEachRemaining(e -> environment.put(e.getKey(), e.getValue().asText()));
        }
        TreeMap<String, BaselineFigure> figures = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = figuresNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            figures.put(entry.getKey(), parseFigure(where + ", figure \"" + entry.getKey() + "\"", entry.getValue()));
        }
        return new ScenarioBaseline(environment, figures);
    }

    private static BaselineFigure parseFigure(String where, JsonNode node) {
        String fix = "; fix the entry or re-record it with " + BaselineException.UPDATE_COMMAND;
        if (!node.isObject()) {
            throw new BaselineException(where + " must be an object" + fix);
        }
        try {
            String unit = requireText(node, "unit");
            Direction direction = Direction.fromJsonName(requireText(node, "direction"));
            double expected = requireNumber(node, "expected");
            double[] band = requirePair(node, "band");
            double[] interval = requirePair(node, "interval");
            JsonNode rounds = node.get("rounds");
            if (rounds == null || !rounds.canConvertToExactIntegral()) {
                throw new IllegalArgumentException("\"rounds\" must be a whole number, was " + rounds);
            }
            return new BaselineFigure(unit, direction, expected, new Band(band[0], band[1]),
                    interval[0], interval[1], rounds.asInt(), optionalNumbers(node, "runMedians"),
                    optionalNumbers(node, "sittingMedians"));
        } catch (IllegalArgumentException e) {
            throw new BaselineException(where + ": " + e.getMessage() + fix, e);
        }
    }

    private static String requireText(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("\"" + field + "\" must be a string, was " + value);
        }
        return value.asText();
    }

    private static double requireNumber(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isNumber()) {
            throw new IllegalArgumentException("\"" + field + "\" must be a number, was " + value);
        }
        return value.asDouble();
    }

    /** An optional array of numbers: absent is empty (files recorded before the field existed). */
    private static List<Double> optionalNumbers(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            return List.of();
        }
        List<Double> numbers = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(v -> numbers.add(v.isNumber() ? v.asDouble() : Double.NaN));
        }
        if (!value.isArray() || numbers.stream().anyMatch(d -> d.isNaN())) {
            throw new IllegalArgumentException("\"" + field + "\" must be an array of numbers, was " + value);
        }
        return numbers;
    }

    private static double[] requirePair(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray() || value.size() != 2 || !value.get(0).isNumber() || !value.get(1).isNumber()) {
            throw new IllegalArgumentException("\"" + field + "\" must be [low, high], two numbers, was " + value);
        }
        return new double[] {value.get(0).asDouble(), value.get(1).asDouble()};
    }

    /** The JSON text of {@code baselines}, as {@link #write} stores it. */
    public static String render(Baselines baselines) {
        ObjectNode root = JsonFiles.mapper().createObjectNode();
        root.put("schemaVersion", baselines.schemaVersion());
        ObjectNode scenarios = root.putObject("scenarios");
        baselines.scenarios().forEach((name, scenario) -> {
            ObjectNode s = scenarios.putObject(name);
            ObjectNode env = s.putObject("environment");
            scenario.environment().forEach(env::put);
            ObjectNode figures = s.putObject("figures");
            scenario.figures().forEach((figureName, f) -> {
                ObjectNode n = figures.putObject(figureName);
                n.put("unit", f.unit());
                n.put("direction", f.direction().jsonName());
                n.put("expected", SignificantDigits.fourSignificant(f.expected()));
                pair(n.putArray("band"), f.band().low(), f.band().high());
                pair(n.putArray("interval"), f.intervalLow(), f.intervalHigh());
                n.put("rounds", f.rounds());
                if (!f.runMedians().isEmpty()) {
                    ArrayNode runs = n.putArray("runMedians");
                    f.runMedians().forEach(m -> runs.add(SignificantDigits.fourSignificant(m)));
                }
                if (!f.sittingMedians().isEmpty()) {
                    ArrayNode sittings = n.putArray("sittingMedians");
                    f.sittingMedians().forEach(m -> sittings.add(SignificantDigits.fourSignificant(m)));
                }
            });
        });
        return JsonFiles.render(root);
    }

    private static void pair(ArrayNode array, double low, double high) {
        array.add(SignificantDigits.fourSignificant(low));
        array.add(SignificantDigits.fourSignificant(high));
    }

    /** Writes {@code baselines} to its file atomically: temp file, fsync, rename. */
    public static void write(Baselines baselines) {
        try {
            JsonFiles.writeAtomically(baselines.file(), render(baselines));
        } catch (IOException e) {
            throw new BaselineException(baselines.file() + ": could not be written (the old file is unchanged): "
                    + e.getMessage(), e);
        }
    }
}
