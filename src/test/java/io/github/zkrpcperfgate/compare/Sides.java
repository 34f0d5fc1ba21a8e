package io.github.zkrpcperfgate.compare;

import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.calibration.LoopbackRoundTripProbe;
import io.github.zkrpcperfgate.calibration.ParallelCpuProbe;
import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The two sides of a comparison in one trial: each side's workloads under its side's name
 * ({@code reference:zk-1node/sync}, {@code candidate:calibration/fsync}), the machine-wide probes
 * of this JVM once a round under their own names, and each side's view of a round, in which its
 * figures read exactly as in a gate run.
 */
final class Sides {

    static final String REFERENCE = "reference";
    static final String CANDIDATE = "candidate";
    /**
     * Probes of the machine, not of a side's servers: sampled once a round, for both (the fsync
     * probe runs beside each side's own data: see {@link #POOLED}).
     */
    static final Set<String> SHARED = Set.of(CpuProbe.NAME, ParallelCpuProbe.NAME, LoopbackRoundTripProbe.NAME);
    /**
     * Probes each side samples beside its own servers' data, which stand for the one disk both
     * sides write to: each side's view reads both sides' samples of the round pooled (their
     * histograms added), so both subtract the same disk cost and the probes' own noise does not
     * enter the ratio. Measured 2026-12-01 on six zk-1node A/A runs (3.9.5 against itself): with
     * each side's own probe the per-round syncP50 ratio's standard deviation was 0.15–0.41, with
     * the two probes pooled 0.11–0.22, while an injected slowdown read about as large (README,
     * "Comparing two releases in one run", and docs/compare-selfcheck-zk-1node-2026-12-01.md).
     */
    static final Set<String> POOLED = Set.of(FsyncProbe.NAME);

    private Sides() {
    }

    static String name(String side, String workload) {
        return side + ":" + workload;
    }

    /** What one trial samples: both sides' own workloads, and the shared probes once (the candidate's). */
    static List<Workload> combined(List<Workload> reference, List<Workload> candidate) {
        List<Workload> all = new ArrayList<>();
        for (Workload w : reference) {
            if (!SHARED.contains(w.name())) {
                all.add(new Named(name(REFERENCE, w.name()), w));
            }
        }
        for (Workload w : candidate) {
            all.add(SHARED.contains(w.name()) ? w : new Named(name(CANDIDATE, w.name()), w));
        }
        return all;
    }

    /** {@code round} as {@code side} saw it: its own samples under their own names, and the shared probes. */
    static Round view(Round round, String side) {
        String prefix = side + ":";
        Map<String, Sample> samples = new LinkedHashMap<>();
        List<String> order = new ArrayList<>();
        for (String name : round.order()) {
            if (name.startsWith(prefix)) {
                String own = name.substring(prefix.length());
                samples.put(own, POOLED.contains(own) ? pooled(round, own) : round.sample(name));
                order.add(own);
            } else if (SHARED.contains(name)) {
                samples.put(name, round.sample(name));
                order.add(name);
            }
        }
        return new Round(round.index(), order, samples);
    }

    /** Both sides' samples of {@code probe} in {@code round} as one (or the one side's, if only it sampled it). */
    private static Sample pooled(Round round, String probe) {
        List<Sample> sides = List.of(name(REFERENCE, probe), name(CANDIDATE, probe)).stream()
                .filter(round::has).map(round::sample).toList();
        if (sides.size() == 1) {
            return sides.get(0);
        }
        return Sample.pooled(probe, round.index(), sides);
    }

    /** A side's workload under its side's name; everything else is the workload's own. */
    private record Named(String name, Workload workload) implements Workload {

        @Override
        public int operationsPerSet() {
            return workload.operationsPerSet();
        }

        @Override
        public void runSet(LatencyRecorder latencies) throws Exception {
            workload.runSet(latencies);
        }

        @Override
        public void resetAfterSet() throws Exception {
            workload.resetAfterSet();
        }

        @Override
        public boolean oneSetPerSample() {
            return workload.oneSetPerSample();
        }

        @Override
        public Map<String, Double> lastSetFacts() {
            return workload.lastSetFacts();
        }

        @Override
        public long latencyFloorNanos() {
            return workload.latencyFloorNanos();
        }
    }
}
