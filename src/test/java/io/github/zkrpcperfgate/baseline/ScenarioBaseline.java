package io.github.zkrpcperfgate.baseline;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** The recorded figures of one scenario and the environment fingerprint that recorded them. */
public record ScenarioBaseline(SortedMap<String, String> environment, SortedMap<String, BaselineFigure> figures) {

    public ScenarioBaseline {
        environment = unmodifiableSorted(environment);
        figures = unmodifiableSorted(figures);
    }

    private static <V> SortedMap<String, V> unmodifiableSorted(Map<String, V> map) {
        return java.util.Collections.unmodifiableSortedMap(new TreeMap<>(map));
    }
}
