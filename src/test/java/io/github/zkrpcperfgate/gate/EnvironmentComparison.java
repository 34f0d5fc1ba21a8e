package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.baseline.ScenarioBaseline;
import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.measure.EnvironmentFingerprint;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Where this run measured, next to where its baselines were recorded: calibrated latencies and
 * ratios are meant to travel between machines, milliseconds are not, so the reader is told which
 * verdicts to read with care.
 */
final class EnvironmentComparison {

    private EnvironmentComparison() {
    }

    /**
     * One warning per scenario whose baseline was recorded on a different machine or software,
     * or with calibration probes far from today's.
     */
    static List<String> warnings(Baselines baselines, List<GatedFigure> figures, SortedMap<String, String> measuredIn) {
        List<String> warnings = new ArrayList<>();
        for (String scenario : figures.stream().map(f -> f.key().scenario()).distinct().toList()) {
            ScenarioBaseline recorded = baselines.scenarios().get(scenario);
            if (recorded == null) {
                continue;
            }
            List<String> differences = EnvironmentFingerprint.differences(recorded.environment(), measuredIn);
            if (!differences.isEmpty()) {
                warnings.add("⚠ " + scenario + ": the environment differs from the one that recorded "
                        + baselines.file().getFileName() + " (" + String.join("; ", differences)
                        + "). Ratios and calibrated latencies are meant to hold across machines; figures in ms hold only on their testbed (their bands follow its CPU probe)."
                        + " If this is the new normal, re-baseline on it: " + BaselineException.UPDATE_COMMAND);
            }
        }
        return warnings;
    }

    /** The environment plus the calibration probes' medians over the measured rounds, if any ran. */
    static SortedMap<String, String> withCalibration(SortedMap<String, String> environment, List<Round> rounds) {
        SortedMap<String, String> env = new TreeMap<>(environment);
        env.putAll(CalibrationProbes.medians(samples(rounds)));
        return env;
    }

    /** Every sample of {@code rounds}, in the order they were taken. */
    static List<Sample> samples(List<Round> rounds) {
        return rounds.stream().flatMap(r -> r.order().stream().map(r::sample)).toList();
    }
}
