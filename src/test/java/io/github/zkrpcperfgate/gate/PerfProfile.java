package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.measure.TrialPlan;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * {@code -Dperf.profile}: how much a run measures. {@code full} (the default, and nightly) runs
 * every scenario with a cap of 12 rounds and Hadoop's RPCCallBenchmark cross-check; {@code quick}
 * (pull requests) runs the seeds' own scenarios only, caps rounds at 9 and skips the
 * cross-check. Of the Hadoop seed it runs the protobuf engine only: the writable seed's
 * 10-handler samples take ~15 s each on 2 cores (100 calls of 5.6 MB at ~7 calls/s), ~4 of the
 * ~5.5 minutes the RPC half took in the quick profile; main and nightly keep guarding it. Extra rounds come three at a time (6, 9, 12) because at 6, 7 and 8 rounds the 95%
 * interval is min..max: a cap of 8 could never settle a figure that straddled at 6. Both judge
 * after the same 6 rounds against the same baselines, so a quick
 * verdict means what a full one does, on fewer figures.
 */
public enum PerfProfile {

    QUICK(9, false, Set.of("zk-1node", "zk-5node", "zk-external", "rpc-seed-protobuf")),
    FULL(12, true, null);

    private final int maxRounds;
    private final boolean crossCheck;
    private final Set<String> scenarios; // null: every scenario

    PerfProfile(int maxRounds, boolean crossCheck, Set<String> scenarios) {
        this.maxRounds = maxRounds;
        this.crossCheck = crossCheck;
        this.scenarios = scenarios;
    }

    public static PerfProfile parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-Dperf.profile must be one of "
                    + Arrays.stream(values()).map(PerfProfile::jsonName).toList() + ", was \"" + text + "\"", e);
        }
    }

    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this profile measures {@code scenario} at all. */
    public boolean includes(String scenario) {
        return scenarios == null || scenarios.contains(scenario);
    }

    /** Whether Hadoop's RPCCallBenchmark runs beside the RPC scenarios. */
    public boolean crossCheck() {
        return crossCheck;
    }

    /** {@code plan} with this profile's cap (never below its minimum rounds). */
    public TrialPlan plan(TrialPlan plan) {
        return new TrialPlan(plan.warmupRounds(), plan.minRounds(), Math.max(plan.minRounds(), maxRounds),
                plan.recordRounds(), plan.recordRuns(), plan.minSampleDuration());
    }
}
