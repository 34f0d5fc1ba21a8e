package io.github.zkrpcperfgate.compare;

import io.github.zkrpcperfgate.result.GroupResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What a same-run comparison produced: the candidate judged against the reference, and, for a
 * timeline of more releases, each earlier step (a release against the one before it), oldest
 * first, reported beside it.
 */
public record ComparedRun(List<GroupResult> earlierSteps, GroupResult judged) {

    public ComparedRun {
        earlierSteps = List.copyOf(earlierSteps);
    }

    /** Every group for the report, the timeline's order: the earlier steps, then the judged one. */
    public List<GroupResult> groups() {
        List<GroupResult> all = new ArrayList<>(earlierSteps);
        all.add(judged);
        return all;
    }
}
