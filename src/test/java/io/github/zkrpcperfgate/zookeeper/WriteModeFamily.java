package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.gate.GatedFigure;
import java.util.List;

/**
 * What one family of write-mode ensembles gates, for the {@link WriteModeDriver} they share: the
 * seeds' ensembles ({@link WriteModeScenarios}) and the same on slow links ({@link SlowLinkScenarios}).
 */
interface WriteModeFamily {

    /**
     * Warm-up rounds of the families whose ensembles reach steady state only after a build's first three
     * rounds: followers down (three 5-server ensembles, 15 server JVMs on two cores) and slow links (6
     * servers, every byte through the delay lines in this JVM). Measured on 2c-amd-epyc, six builds of
     * 2026-12-06 with one warm-up round, the first two measured rounds against the rest (medians): the
     * healthy ensemble's sync creates 278/s against 509; with 2 followers down over all up, sync 1.69
     * against 1.25, multi 1.64 against 1.31 (1 down, multi 1.49 against 1.19); zk-5node-lan multi over
     * sync 100 against 183 (40-82 in five of six first rounds). A round's order rotates by one workload,
     * so in the first rounds the healthy ensemble, listed first, ran first and least warm: those two
     * rounds biased every degraded/healthy ratio upwards and widened the intervals that then asked for
     * extra rounds. From the third measured round on they are steady, so three rounds (the old warm-up and
     * those two) are discarded (the in-JVM families' floor, for the same reason).
     */
    int STEADY_STATE_WARMUP_ROUNDS = 3;

    /** The scenario group: a report section and the prefix of its baseline files. */
    String group();

    /** Warm-up rounds the family's ensembles need at the least (the plan's one when zero). */
    default int minWarmupRounds() {
        return 0;
    }

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
                true, true, 0);
    }

    /**
     * {@link #seedFigures} on ensembles whose links are delay lines: async and multi over sync held
     * to {@code overSyncMinBand} at the least, and sync latencies above fsync in ms, not in CPU
     * probes, since most of that time is the lines' fixed delay (see {@link SlowLinkScenarios});
     * multi's cost is not gated there (its baselines were recorded and self-checked without it);
     * {@value #STEADY_STATE_WARMUP_ROUNDS} warm-up rounds.
     */
    static WriteModeFamily onDelayLines(String group, String oneNode, String fiveNodes, List<String> scenarios,
                                        double overSyncMinBand) {
        return new SeedFigures(group, oneNode, fiveNodes, List.copyOf(scenarios), overSyncMinBand, false, false,
                STEADY_STATE_WARMUP_ROUNDS);
    }

    /** See {@link #seedFigures} and {@link #onDelayLines}. */
    record SeedFigures(String group, String oneNode, String fiveNodes, List<String> scenarios, double overSyncMinBand,
                       boolean syncInCpuUnits, boolean multiCostGated, int minWarmupRounds) implements WriteModeFamily {

        @Override
        public List<GatedFigure> figures(List<String> selected) {
            return WriteModeScenarios.figures(selected, oneNode, fiveNodes, overSyncMinBand, syncInCpuUnits, multiCostGated);
        }
    }
}
