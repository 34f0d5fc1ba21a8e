package io.github.zkrpcperfgate.compare;

import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.calibration.LoopbackRoundTripProbe;
import io.github.zkrpcperfgate.calibration.ParallelCpuProbe;
import io.github.zkrpcperfgate.calibration.TimerWakeupProbe;
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
 * The sides of a comparison in one trial, one a release: each side's workloads under its side's name
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
    static final Set<String> SHARED = Set.of(CpuProbe.NAME, ParallelCpuProbe.NAME, LoopbackRoundTripProbe.NAME,
            TimerWakeupProbe.NAME);
    /**
     * Probes each side samples beside its own servers' data, which stand for the one disk both
     * sides write to: each side's view reads every side's samples of the round pooled (their
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

    /**
     * The side of the release at {@code index} of a timeline of {@code count} (oldest first, the
     * candidate last): {@code candidate}, {@code reference} (the release before it) and, in a
     * timeline of more, {@code earlier1} for the oldest, {@code earlier2}, …
     */
    static String label(int index, int count) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("release " + index + " of a timeline of " + count);
        }
        return index == count - 1 ? CANDIDATE : index == count - 2 ? REFERENCE : "earlier" + (index + 1);
    }

    /**
     * What one trial samples: every side's own workloads, the releases oldest first, and the
     * shared probes once (the candidate's).
     */
    static List<Workload> combined(List<List<Workload>> sides) {
        List<Workload> all = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            boolean candidate = i == sides.size() - 1;
            for (Workload w : sides.get(i)) {
                if (!SHARED.contains(w.name())) {
                    all.add(new Named(name(label(i, sides.size()), w.name()), w));
                } else if (candidate) {
                    all.add(w);
                }
            }
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

    /** Every side's samples of {@code probe} in {@code round} as one (or the one side's, if only it sampled it). */
    private static Sample pooled(Round round, String probe) {
        List<Sample> sides = round.order().stream().filter(n -> n.substring(n.indexOf(':') + 1).equals(probe) && n.contains(":"))
                .map(round::sample).toList();
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
