package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.gate.GatedFigure;
import java.util.List;

/**
 * What one family of write-mode ensembles gates, for the {@link WriteModeDriver} they share: the
 * seeds' ensembles ({@link WriteModeScenarios}) and the same on slow links ({@link SlowLinkScenarios}).
 */
interface WriteModeFamily {

    /** The scenario group: a report section and the prefix of its baseline files. */
    String group();

    /** Every scenario of the family (a baseline entry outside their figures guards nothing). */
    List<String> scenarios();

    /** The gated figures of the selected scenarios. */
    List<GatedFigure> figures(List<String> selected);

    /** Every figure a baseline file of this family may hold. */
    default List<GatedFigure> catalogue() {
        return figures(scenarios());
    }

    /** The baseline file of a backend, e.g. {@code zookeeper-docker.json}: figures differ by backend. */
    default String baselineFile(Backend backend) {
        return group() + "-" + backend.jsonName() + ".json";
    }

    /**
     * A family gating the seeds' figures ({@link WriteModeScenarios#figures}) on ensembles of these
     * names: the same per ensemble, and the 5-node sync cost over the 1-node one when both ran.
     */
    static WriteModeFamily seedFigures(String group, String oneNode, String fiveNodes, List<String> scenarios) {
        return new SeedFigures(group, oneNode, fiveNodes, List.copyOf(scenarios), WriteModeScenarios.CPU_BOUND_RATIO_MIN_BAND,
                true, true);
    }

    /**
     * {@link #seedFigures} on ensembles whose links are delay lines: async and multi over sync held
     * to {@code overSyncMinBand} at the least, and sync latencies above fsync in ms, not in CPU
     * probes, since most of that time is the lines' fixed delay (see {@link SlowLinkScenarios});
     * multi's cost is not gated there (its baselines were recorded and self-checked without it).
     */
    static WriteModeFamily onDelayLines(String group, String oneNode, String fiveNodes, List<String> scenarios,
                                        double overSyncMinBand) {
        return new SeedFigures(group, oneNode, fiveNodes, List.copyOf(scenarios), overSyncMinBand, false, false);
    }

    /** See {@link #seedFigures} and {@link #onDelayLines}. */
    record SeedFigures(String group, String oneNode, String fiveNodes, List<String> scenarios, double overSyncMinBand,
                       boolean syncInCpuUnits, boolean multiCostGated) implements WriteModeFamily {

        @Override
        public List<GatedFigure> figures(List<String> selected) {
            return WriteModeScenarios.figures(selected, oneNode, fiveNodes, overSyncMinBand, syncInCpuUnits, multiCostGated);
        }
    }
}
