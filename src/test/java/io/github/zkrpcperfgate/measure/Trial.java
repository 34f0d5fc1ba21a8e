package io.github.zkrpcperfgate.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Runs workloads in paired rounds: each round takes one sample of every workload, back to back,
 * starting one further along the list each round, so that no workload always runs first (after
 * a pause) or last, and slow drift of the machine hits all of them alike.
 */
public final class Trial {

    /**
     * Longest latency the histograms track; a longer (or negative) one is recorded at the nearest
     * bound and counted in the sample's {@link #OUT_OF_RANGE} fact, which the report names.
     */
    public static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.MINUTES.toNanos(10);
    /** The fact that counts latencies recorded at a bound of the histogram instead of their value. */
    public static final String OUT_OF_RANGE = "latenciesOutOfRange";
    /** The fact of every sample (where /proc/stat is read): the share of the machine's CPU time the hypervisor stole while it ran. */
    public static final String STOLEN_CPU_SHARE = "stolenCpuShare";

    private final List<Workload> workloads;
    private final TrialPlan plan;
    private final Progress progress;
    private final LongSupplier nanoClock;
    /** Present: each round's order is a shuffle seeded by it and the round's index, instead of a rotation. */
    private final java.util.OptionalLong orderSeed;
    private final List<Round> rounds = new ArrayList<>();
    private int warmupsDone;

    public Trial(List<Workload> workloads, TrialPlan plan, Progress progress) {
        this(workloads, plan, progress, System::nanoTime);
    }

    /** @param nanoClock monotonic nanoseconds; {@code System::nanoTime} except in tests of the engine */
    public Trial(List<Workload> workloads, TrialPlan plan, Progress progress, LongSupplier nanoClock) {
        this(workloads, plan, progress, nanoClock, java.util.OptionalLong.empty());
    }

    /**
     * @param orderSeed present: every round samples its workloads in a random order seeded by this
     *                  and the round's index (reproducible, and the same for a rerun with the seed),
     *                  so that no workload always runs before another, as the two sides of a
     *                  comparison must not; empty: the order rotates by one each round
     */
    public Trial(List<Workload> workloads, TrialPlan plan, Progress progress, LongSupplier nanoClock,
                 java.util.OptionalLong orderSeed) {
        this.orderSeed = orderSeed;
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("a trial needs at least one workload");
        }
        this.workloads = List.copyOf(workloads);
        this.plan = plan;
        this.progress = progress;
        this.nanoClock = nanoClock;
    }

    public TrialPlan plan() {
        return plan;
    }

    /** Runs the plan's warm-up rounds (once; later calls do nothing) and discards them. */
    public void warmUp() throws Exception {
        while (warmupsDone < plan.warmupRounds()) {
            runRound(workloads, -1 - warmupsDone, "warm-up", warmupsDone, plan.warmupRounds());
            warmupsDone++;
        }
    }

    /** Runs {@code count} more measured rounds of every workload. */
    public void runRounds(int count, int plannedTotal) throws Exception {
        runRounds(count, plannedTotal, Set.copyOf(workloads.stream().map(Workload::name).toList()));
    }

    /**
     * Runs {@code count} more measured rounds of only the named workloads (still paired and
     * rotating among themselves): extra rounds for an inconclusive figure need not re-measure
     * everything else.
     */
    public void runRounds(int count, int plannedTotal, Set<String> only) throws Exception {
        List<Workload> chosen = workloads.stream().filter(w -> only.contains(w.name())).toList();
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("none of " + only + " is a workload of this trial");
        }
        for (int i = 0; i < count; i++) {
            int index = rounds.size();
            rounds.add(runRound(chosen, index, "measure", index, Math.max(plannedTotal, index + 1)));
        }
    }

    public List<Round> rounds() {
        return List.copyOf(rounds);
    }

    private Round runRound(List<Workload> chosen, int index, String phase, int shown, int total) throws Exception {
        List<Workload> sequence = new ArrayList<>(chosen);
        if (orderSeed.isPresent()) {
            java.util.Collections.shuffle(sequence, new java.util.Random(orderSeed.getAsLong() * 1_000_003L + index));
        } else {
            java.util.Collections.rotate(sequence, -Math.floorMod(index, chosen.size()));
        }
        List<String> order = new ArrayList<>();
        Map<String, Sample> samples = new LinkedHashMap<>();
        for (Workload workload : sequence) {
            Sample sample = sample(workload, index);
            order.add(workload.name());
            samples.put(workload.name(), sample);
            progress.sample(phase, shown, total, sample);
        }
        return new Round(index, order, samples);
    }

    private Sample sample(Workload workload, int round) throws Exception {
        Recorder recorder = new Recorder(HIGHEST_TRACKABLE_NANOS, 3);
        long floor = workload.latencyFloorNanos();
        java.util.concurrent.atomic.LongAdder outOfRange = new java.util.concurrent.atomic.LongAdder();
        LatencyRecorder latencies = nanos -> {
            long above = nanos - floor;
            if (above < 0 || above > HIGHEST_TRACKABLE_NANOS) {
                outOfRange.increment();
            }
            recorder.recordValue(Math.min(Math.max(above, 0), HIGHEST_TRACKABLE_NANOS));
        };
        long minNanos = plan.minSampleDuration().toNanos();
        long elapsed = 0;
        long operations = 0;
        int sets = 0;
        Optional<MachineCpuTicks> cpuBefore = MachineCpuTicks.now();
        do {
            long start = nanoClock.getAsLong();
            workload.runSet(latencies);
            elapsed += nanoClock.getAsLong() - start;
            operations += workload.operationsPerSet();
            sets++;
            workload.resetAfterSet();
        } while (!workload.oneSetPerSample() && elapsed < minNanos && sets < TrialPlan.MAX_SETS_PER_SAMPLE);
        Histogram histogram = recorder.getIntervalHistogram();
        Map<String, Double> facts = new LinkedHashMap<>(workload.lastSetFacts());
        if (outOfRange.sum() > 0) {
            facts.put(OUT_OF_RANGE, (double) outOfRange.sum());
        }
        cpuBefore.flatMap(before -> MachineCpuTicks.now().map(before::stolenShareUntil))
                .filter(share -> !share.isNaN()).ifPresent(share -> facts.put(STOLEN_CPU_SHARE, share));
        return new Sample(workload.name(), round, operations, elapsed, histogram, floor, facts);
    }
}
