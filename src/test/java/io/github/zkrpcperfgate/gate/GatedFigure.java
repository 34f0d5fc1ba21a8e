package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * A figure the gate holds to a baseline: how to compute it from one round, which way is
 * better, and the narrowest band it may ever be recorded with.
 *
 * @param minimumBandFactor the band is at least [expected / f, expected × f]; covers the
 *                          run-to-run drift a single run cannot see (> 1)
 * @param workloads         the workloads {@code perRound} reads, numerator first for a ratio: a round
 *                          lacking one does not count
 * @param perRound          the figure's value in one round (finite, > 0)
 * @param bandFollows       what the band moves with: the recorded band scaled by this run's
 *                          calibration over the recording's, or the inverse, or by another figure of
 *                          the run over its recorded centre (see {@link CalibratedBand}); for figures
 *                          in ms of CPU work, which follow the machine's speed, and throughput ratios
 *                          of CPU-bound over sleep-bound work, which follow it inversely
 * @param tail              a p99 or beyond: at the round cap only a settled interval decides it
 *                          (see {@link Judging#decideAtCap})
 * @param stallBound        a tail set by the host's scheduling stalls rather than by the system's own
 *                          work, judged only against a gross ceiling (see {@link #withStallBoundTail})
 * @param diskUnmovedUpTo   for a {@link #diskBound()} figure, how much slower than the recording's
 *                          a disk may be before its band widens: 1 (at once) unless the figure was
 *                          measured not to move with smaller slowdowns (see {@link #withDiskBoundBeyond})
 */
public record GatedFigure(FigureKey key, String unit, Direction direction, double minimumBandFactor,
                          List<String> workloads, ToDoubleFunction<Round> perRound,
                          Optional<BandFollowing> bandFollows, boolean tail, boolean stallBound,
                          double diskUnmovedUpTo) {

    /**
     * What a band moves with from run to run (see {@link CalibratedBand}): a calibration of the
     * machine, or another figure of the same run.
     */
    public sealed interface BandFollowing permits BandFollowing.Machine, BandFollowing.Figure {

        /** The workloads a round must have measured for the band to follow it there. */
        List<String> reads();

        /** Whether the band moves against it (a throughput ratio of CPU-bound over sleep-bound work). */
        default boolean inversely() {
            return false;
        }

        /**
         * Scaled by the calibration's median now over its median at recording ({@code inversely}:
         * by the recording's over now's).
         */
        record Machine(Calibration calibration, boolean inversely) implements BandFollowing {
            @Override
            public List<String> reads() {
                return calibration.probes();
            }
        }

        /**
         * Scaled by {@code reference}'s median in the rounds judged over its recorded centre: for
         * figures that share a drift no probe of ours follows and differ in what can regress (a
         * NameNode's writes against its read; see {@code NameNodeScenarios}).
         */
        record Figure(GatedFigure reference) implements BandFollowing {
            @Override
            public List<String> reads() {
                return reference.workloads();
            }
        }
    }

    /** Percentiles from here up are tails: a handful of stalls per round decides them. */
    public static final double TAIL_PERCENTILE = 99;

    /** A figure whose band is used as recorded, and which is not a tail. */
    public GatedFigure(FigureKey key, String unit, Direction direction, double minimumBandFactor,
                       List<String> workloads, ToDoubleFunction<Round> perRound) {
        this(key, unit, direction, minimumBandFactor, workloads, perRound, Optional.empty(), false, false, 1);
    }

    public GatedFigure {
        if (!(minimumBandFactor > 1)) {
            throw new IllegalArgumentException(key + ": minimumBandFactor must be > 1, was " + minimumBandFactor);
        }
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException(key + ": a figure reads at least one workload");
        }
        workloads = List.copyOf(new LinkedHashSet<>(workloads));
        bandFollows = bandFollows == null ? Optional.empty() : bandFollows;
        if (stallBound && !tail) {
            throw new IllegalArgumentException(key + ": only a tail can be stall-bound");
        }
        if (!(diskUnmovedUpTo >= 1)) {
            throw new IllegalArgumentException(key + ": diskUnmovedUpTo must be >= 1, was " + diskUnmovedUpTo);
        }
    }

    /**
     * This figure with its band moving with {@code calibration} from run to run; the calibration's
     * probes join the workloads, so that every round it is judged on measured them.
     */
    public GatedFigure withBandFollowing(Calibration calibration) {
        return following(new BandFollowing.Machine(calibration, false));
    }

    /**
     * This figure with its band moving with {@code reference}, another figure of the same rounds:
     * its band is scaled by the reference's median in this run over the reference's recorded
     * centre. Whatever slows both alike (the machine, the host's state) moves the band with the
     * figure; what slows this figure alone stays in it. The reference must be gated itself, or a
     * slowdown of both goes unseen.
     */
    public GatedFigure withBandFollowing(GatedFigure reference) {
        return following(new BandFollowing.Figure(reference));
    }

    /**
     * This figure with its band moving against {@code calibration}: for a throughput ratio whose
     * numerator is bound by CPU and whose denominator by a sleep, which falls as the machine slows.
     */
    public GatedFigure withBandFollowingInversely(Calibration calibration) {
        return following(new BandFollowing.Machine(calibration, true));
    }

    private GatedFigure following(BandFollowing following) {
        List<String> reads = new ArrayList<>(workloads);
        following.reads().stream().filter(w -> !reads.contains(w)).forEach(reads::add);
        return new GatedFigure(key, unit, direction, minimumBandFactor, reads, perRound, Optional.of(following), tail, stallBound,
                diskUnmovedUpTo);
    }

    private GatedFigure asTailIf(double percentile) {
        return percentile < TAIL_PERCENTILE ? this
                : new GatedFigure(key, unit, direction, minimumBandFactor, workloads, perRound, bandFollows, true, stallBound,
                        diskUnmovedUpTo);
    }

    /**
     * Whether this figure moves with the disk: a forced log write is part of it, or it was measured
     * to follow the disk's state; so exactly when it reads the fsync probe (it subtracts the probe,
     * or {@link #withDiskBound} says so). On a disk slower than its recording's it is judged against
     * a widened band ({@link CalibratedBand#widenedForTheDisk}).
     */
    public boolean diskBound() {
        return workloads.contains(FsyncProbe.NAME);
    }

    /**
     * This figure with the fsync probe among what it reads, for a figure whose operations force a
     * log write without subtracting the probe (a NameNode write's throughput over a read's), or
     * one measured to move with the disk's state though it forces nothing itself (the NameNode's
     * read latency; see {@code NameNodeScenarios}).
     */
    public GatedFigure withDiskBound() {
        return withDiskBoundBeyond(1);
    }

    /**
     * {@link #withDiskBound}, for a figure measured not to move while the disk is up to
     * {@code unmovedUpTo} times slower than the recording's: its band widens only by the part of
     * the slowdown beyond that (a NameNode write's throughput over a read's, whose group commit
     * absorbs a slightly slower sync; see {@code NameNodeScenarios}).
     */
    public GatedFigure withDiskBoundBeyond(double unmovedUpTo) {
        List<String> reads = new ArrayList<>(workloads);
        reads.add(FsyncProbe.NAME);
        return new GatedFigure(key, unit, direction, minimumBandFactor, reads, perRound, bandFollows, tail, stallBound,
                unmovedUpTo);
    }

    /**
     * This tail judged only against a gross ceiling, as a disk-bound tail is ({@link Judging#decideAtCap}):
     * for a p99 of operations whose own work is far smaller than the host's scheduling stalls, so
     * that how many stalls fell in a round, not the system, sets it. A p99 of 100 calls is their
     * second slowest: one stall of the host that holds a wave of calls decides it.
     */
    public GatedFigure withStallBoundTail() {
        return new GatedFigure(key, unit, direction, minimumBandFactor, workloads, perRound, bandFollows, tail, true,
                diskUnmovedUpTo);
    }

    /** Whether {@code round} sampled every workload this figure reads. */
    public boolean measuredIn(Round round) {
        return workloads.stream().allMatch(round::has);
    }

    /** Higher-or-lower-is-better ratio of two workloads' throughput within each round. */
    public static GatedFigure throughputRatio(String scenario, String name, String numerator, String denominator,
                                              Direction direction, double minimumBandFactor) {
        return new GatedFigure(new FigureKey(scenario, name), "ratio", direction, minimumBandFactor,
                List.of(numerator, denominator),
                round -> round.sample(numerator).opsPerSecond() / round.sample(denominator).opsPerSecond());
    }

    /** Higher-is-better ratio of two workloads' throughput within each round. */
    public static GatedFigure throughputRatio(String scenario, String name, String numerator, String denominator,
                                              double minimumBandFactor) {
        return throughputRatio(scenario, name, numerator, denominator, Direction.HIGHER_IS_BETTER, minimumBandFactor);
    }

    /** Lower-is-better latency percentile of one workload in each round, in milliseconds. */
    public static GatedFigure latencyCeiling(String scenario, String name, String workload, double percentile,
                                             double minimumBandFactor) {
        return new GatedFigure(new FigureKey(scenario, name), "ms", Direction.LOWER_IS_BETTER, minimumBandFactor,
                List.of(workload), round -> round.sample(workload).latencyMillis(percentile)).asTailIf(percentile);
    }

    /**
     * Lower-is-better amount by which a workload's latency percentile exceeds the same round's
     * median of {@code probe}, in units of the same round's {@code per} calibration, e.g.
     * "x(cpu) above fsync". Subtracting the probe takes the environment's share out (one fsync,
     * paid beside the servers' data): a slower disk moves the probe and the latency alike and
     * leaves the figure where it was, a server that syncs slower moves the latency alone (a
     * quotient such as latency / fsync would move with either). What is left is CPU work and
     * wake-ups, which follow the machine's CPU speed: dividing by the CPU probe keeps the figure
     * where it was when that speed drifts. A disk slower than the recording's moves more than the
     * fsync it adds (measured 2026-12-02): such a figure's band widens then ({@link #diskBound()}).
     *
     * @param probeLabel names the probe in the unit, e.g. {@code fsync}
     */
    public static GatedFigure latencyAboveProbe(String scenario, String name, String workload, double percentile,
                                                String probe, String probeLabel, Calibration per,
                                                double minimumBandFactor) {
        FigureKey key = new FigureKey(scenario, name);
        List<String> reads = new ArrayList<>(List.of(workload, probe));
        reads.addAll(per.probes());
        return new GatedFigure(key, per.unit() + " above " + probeLabel, Direction.LOWER_IS_BETTER, minimumBandFactor,
                reads,
                round -> aboveProbe(key, round.sample(workload).latencyMillis(percentile), round, probe, probeLabel)
                        / per.millis(round)).asTailIf(percentile);
    }

    /**
     * Lower-is-better milliseconds by which a workload's latency percentile exceeds the same
     * round's median of {@code probe}, e.g. "ms above fsync": the environment's share taken out,
     * the rest in milliseconds on the testbed (for servers whose CPU work no probe of ours can
     * stand for; see {@link #latencyAbove}).
     */
    public static GatedFigure latencyAboveProbe(String scenario, String name, String workload, double percentile,
                                                String probe, String probeLabel, double minimumBandFactor) {
        FigureKey key = new FigureKey(scenario, name);
        return new GatedFigure(key, "ms above " + probeLabel, Direction.LOWER_IS_BETTER, minimumBandFactor,
                List.of(workload, probe),
                round -> aboveProbe(key, round.sample(workload).latencyMillis(percentile), round, probe, probeLabel))
                .asTailIf(percentile);
    }

    /**
     * Time per operation of {@code slower} less the probe's median, over the time per operation
     * of {@code faster} less the probe's median where {@code fasterPaysProbe}: how many times
     * faster one mode is than the part of another that is the system's own. Higher is better
     * unless {@code direction} says otherwise (a cost ratio).
     */
    public static GatedFigure timeRatioLessProbe(String scenario, String name, String slower, String faster,
                                                 boolean fasterPaysProbe, String probe, String probeLabel,
                                                 Direction direction, double minimumBandFactor) {
        FigureKey key = new FigureKey(scenario, name);
        return new GatedFigure(key, "ratio (sync less " + probeLabel + ")", direction, minimumBandFactor,
                List.of(faster, slower, probe),
                round -> aboveProbe(key, millisPerOp(round, slower), round, probe, probeLabel)
                        / (fasterPaysProbe ? aboveProbe(key, millisPerOp(round, faster), round, probe, probeLabel)
                        : millisPerOp(round, faster)));
    }

    private static double millisPerOp(Round round, String workload) {
        return 1000 / round.sample(workload).opsPerSecond();
    }

    /** {@code millis} less the probe's median in {@code round}; it must stay positive to mean anything. */
    private static double aboveProbe(FigureKey key, double millis, Round round, String probe, String probeLabel) {
        double probeMillis = round.sample(probe).latencyMillis(50);
        double above = millis - probeMillis;
        if (!(above > 0)) {
            throw new IllegalStateException(key + ": " + millis + " ms is not above the " + probeLabel + " probe's "
                    + probeMillis + " ms in round " + round.index() + ": the probe does not measure what the servers pay");
        }
        return above;
    }

    /**
     * Lower-is-better milliseconds by which a latency percentile of one workload exceeds a fixed
     * part of the workload's own (e.g. a handler's configured sleep): what the system under test
     * adds. Milliseconds hold within a testbed; the total stays in the report's latency curves.
     *
     * @param fixedLabel names the fixed part in the unit, e.g. {@code sleep} for "ms above sleep"
     */
    public static GatedFigure latencyAbove(String scenario, String name, String workload, double percentile,
                                           double fixedMillis, String fixedLabel, double minimumBandFactor) {
        FigureKey key = new FigureKey(scenario, name);
        return new GatedFigure(key, "ms above " + fixedLabel, Direction.LOWER_IS_BETTER, minimumBandFactor,
                List.of(workload), round -> {
                    double above = round.sample(workload).latencyMillis(percentile) - fixedMillis;
                    if (!(above > 0)) {
                        throw new IllegalStateException(key + ": p" + percentile + " of " + workload + " is not above its "
                                + fixedLabel + " of " + fixedMillis + " ms in round " + round.index());
                    }
                    return above;
                }).asTailIf(percentile);
    }

    /**
     * Lower-is-better time a workload observed beside its latencies ({@link io.github.zkrpcperfgate.measure.Sample#facts}),
     * e.g. how long an election took: in ms on the testbed, judged as a ceiling.
     */
    public static GatedFigure observedMillis(String scenario, String name, String workload, String fact,
                                             double minimumBandFactor) {
        FigureKey key = new FigureKey(scenario, name);
        return new GatedFigure(key, "ms", Direction.LOWER_IS_BETTER, minimumBandFactor, List.of(workload), round -> {
            Double millis = round.sample(workload).facts().get(fact);
            if (millis == null || !(millis > 0)) {
                throw new IllegalStateException(key + ": " + workload + " observed no " + fact + " in round " + round.index()
                        + " (" + round.sample(workload).facts() + ")");
            }
            return millis;
        });
    }

    /**
     * Lower-is-better time {@code ops} operations of one workload take (its set's elapsed time per
     * operation, times {@code ops}) in units of the same round's calibration, e.g. "x(cpu) per
     * 1,000 ops": the cost of work bound by the servers' CPU, held where it was when the machine's
     * speed drifts.
     */
    public static GatedFigure calibratedTimePerOps(String scenario, String name, String workload, int ops,
                                                   Calibration calibration, double minimumBandFactor) {
        String unit = calibration.unit() + " per " + String.format(Locale.ROOT, "%,d", ops) + " ops";
        return new GatedFigure(new FigureKey(scenario, name), unit, Direction.LOWER_IS_BETTER, minimumBandFactor,
                workloadAndProbes(workload, calibration),
                round -> millisPerOp(round, workload) * ops / calibration.millis(round));
    }

    /** {@code workload}, then the probes {@code calibration} reads: what a figure in its units measures. */
    private static List<String> workloadAndProbes(String workload, Calibration calibration) {
        List<String> reads = new ArrayList<>();
        reads.add(workload);
        reads.addAll(calibration.probes());
        return reads;
    }

    /**
     * Lower-is-better latency percentile of one workload in units of the same round's
     * calibration (e.g. 1.9 × (loopback RTT + fsync)): a ceiling that holds on a faster or
     * slower machine, and under load that slows the probes alike.
     */
    public static GatedFigure calibratedLatency(String scenario, String name, String workload, double percentile,
                                                Calibration calibration, double minimumBandFactor) {
        return new GatedFigure(new FigureKey(scenario, name), calibration.unit(), Direction.LOWER_IS_BETTER,
                minimumBandFactor, workloadAndProbes(workload, calibration),
                round -> round.sample(workload).latencyMillis(percentile) / calibration.millis(round)).asTailIf(percentile);
    }
}
