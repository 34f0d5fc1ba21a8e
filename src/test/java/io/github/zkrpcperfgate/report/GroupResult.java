package io.github.zkrpcperfgate.report;

import io.github.zkrpcperfgate.measure.Sample;
import java.util.List;
import java.util.SortedMap;

/**
 * Everything one scenario group (one trial) produced: where it ran, its gated figures, every
 * raw sample, and, in a re-baseline run, the old → new line of each figure.
 */
public record GroupResult(String group, SortedMap<String, String> environment, List<FigureResult> figures,
                          List<Sample> samples, List<String> baselineChanges) {

    public GroupResult {
        figures = List.copyOf(figures);
        samples = List.copyOf(samples);
        baselineChanges = List.copyOf(baselineChanges);
    }
}
