package io.github.zkrpcperfgate.result;

import io.github.zkrpcperfgate.measure.Sample;
import java.util.List;
import java.util.SortedMap;

/**
 * Everything one scenario group (one trial) produced: where it ran, its gated figures, every
 * raw sample, in a re-baseline run the old → new line of each figure, and notes for readers
 * (e.g. a cross-check against another benchmark).
 */
public record GroupResult(String group, SortedMap<String, String> environment, List<FigureResult> figures,
                          List<Sample> samples, List<String> baselineChanges, List<String> notes) {

    public GroupResult {
        figures = List.copyOf(figures);
        samples = List.copyOf(samples);
        baselineChanges = List.copyOf(baselineChanges);
        notes = List.copyOf(notes);
    }

    /** Every group's figures, the ones that did not pass first, otherwise in order: how reports list them. */
    public static List<FigureResult> figuresFailedFirst(List<GroupResult> groups) {
        return groups.stream().flatMap(g -> g.figures().stream())
                .sorted(java.util.Comparator.comparing(FigureResult::passed)) // stable sort keeps the order
                .toList();
    }

    public GroupResult withNote(String note) {
        List<String> more = new java.util.ArrayList<>(notes);
        more.add(note);
        return new GroupResult(group, environment, figures, samples, baselineChanges, more);
    }
}
