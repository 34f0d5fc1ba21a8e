package io.github.zkrpcperfgate.baseline;

import io.github.zkrpcperfgate.verdict.FigureKey;
import java.nio.file.Path;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/** The content of one baseline file, e.g. {@code baselines/zookeeper.json}. */
public record Baselines(Path file, int schemaVersion, SortedMap<String, ScenarioBaseline> scenarios) {

    /** The only schema this code reads and writes. */
    public static final int SCHEMA_VERSION = 1;

    public Baselines {
        scenarios = Collections.unmodifiableSortedMap(new TreeMap<>(scenarios));
    }

    /** A file with no scenarios yet: what an update starts from when none exists. */
    public static Baselines empty(Path file) {
        return new Baselines(file, SCHEMA_VERSION, new TreeMap<>());
    }

    /** The recorded figure, or a {@link BaselineException} that names the file, the entry and the fix. */
    public BaselineFigure figure(FigureKey key) {
        ScenarioBaseline scenario = scenarios.get(key.scenario());
        if (scenario == null) {
            throw new BaselineException(file + ": has no scenario \"" + key.scenario()
                    + "\"; run " + BaselineException.UPDATE_COMMAND + " to record one");
        }
        BaselineFigure figure = scenario.figures().get(key.figure());
        if (figure == null) {
            throw new BaselineException(file + ": scenario \"" + key.scenario() + "\" has no band for \""
                    + key.figure() + "\"; run " + BaselineException.UPDATE_COMMAND + " to record one");
        }
        return figure;
    }
}
