package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.calibration.CpuContention;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The band a figure is held to in one run. A figure in milliseconds of CPU work (a Hadoop RPC
 * call above its handler's sleep, a NameNode operation) follows the machine's speed, and on this
 * shared machine kind that speed moves between builds of one day: the CPU probe's median read
 * 5.5–9.4 ms in the fresh-clone builds of 2026-11-30, and an unchanged `rpc-seed-protobuf
 * callP50` 16.8–59.5 ms with it. So its recorded band is scaled by the calibration's median over
 * the rounds the figure is judged on, over the same median at recording (kept in the baseline's
 * environment): the same as stating the figure in calibration units, but the figure stays in ms a
 * reader can hold against the latency curves. One factor per run, not per round: dividing each
 * round by its own probe adds the probe's round-to-round noise (README, "How the gate decides").
 * A throughput ratio of CPU-bound work over sleep-bound work (10 writable handlers busy with
 * payloads over 1 that sleeps) falls as the machine slows: its band moves by the inverse factor.
 * On rounds a neighbour disturbed, "the machine's speed" is what the neighbour left of it
 * ({@link Calibration#millisLeftToUs}): such rounds are read only when fewer than 6 quiet ones
 * remain, and a figure that still fails against the band so moved is Disturbed, as before.
 * <p>
 * A figure with a forced write in it ({@link GatedFigure#diskBound()}) is judged, on a disk
 * slower than any recording run saw, against its band widened both ways by how much slower: see
 * {@link #widenedForTheDisk}.
 *
 * @param band the band to judge against
 * @param note how it was derived from the recorded band, for the verdict's reason; empty when as recorded
 * @param diskWidening the factor {@link #widenedForTheDisk} widened it by both ways; 1 when not
 * @param diskTail     for a tail with a forced write in it, the fsync probe's tail in these rounds
 *                     against the recording's, when the baseline keeps it ({@link #withTheDisksTail})
 */
record CalibratedBand(Band band, Optional<String> note, double diskWidening, Optional<DiskTail> diskTail) {

    CalibratedBand(Band band, Optional<String> note) {
        this(band, note, 1, Optional.empty());
    }

    CalibratedBand(Band band, Optional<String> note, double diskWidening) {
        this(band, note, diskWidening, Optional.empty());
    }

    /**
     * The fsync probe's p99: its median over the rounds judged, and the slowest recording run's.
     *
     * @param nowMs      the median over these rounds of each round's probe p99
     * @param recordedMs the largest of the recording runs' medians ({@link CalibrationProbes#FSYNC_TAIL_SLOWEST_RUN})
     */
    record DiskTail(double nowMs, double recordedMs) {

        /** How many times longer the disk's tail is than any recording run's; 1 when not longer. */
        double longer() {
            return Math.max(1, nowMs / recordedMs);
        }

        @Override
        public String toString() {
            return FsyncProbe.NAME + " p99 " + SignificantDigits.format(nowMs) + " ms in these rounds against at most "
                    + SignificantDigits.format(recordedMs) + " ms in the recording's runs";
        }
    }

    /** The band's top before any widening for the disk (after following the machine's speed). */
    double topBeforeTheDisk() {
        return band.high() / diskWidening;
    }

    /** {@code recorded}, moved as {@code figure} asks for the rounds it is judged on; for a figure that follows no other. */
    static CalibratedBand of(GatedFigure figure, Band recorded, Map<String, String> recordedIn, List<Round> rounds) {
        return of(figure, recorded, recordedIn, key -> OptionalDouble.empty(), rounds);
    }

    /**
     * {@code recorded}, moved as {@code figure} asks for the rounds it is judged on.
     *
     * @param recordedCentre the recorded centre of another figure of the baseline, for a band that follows it
     */
    static CalibratedBand of(GatedFigure figure, Band recorded, Map<String, String> recordedIn,
                             Function<FigureKey, OptionalDouble> recordedCentre, List<Round> rounds) {
        if (rounds.isEmpty()) {
            return new CalibratedBand(recorded, Optional.empty());
        }
        CalibratedBand band = new CalibratedBand(recorded, Optional.empty());
        if (figure.bandFollows().orElse(null) instanceof GatedFigure.BandFollowing.Machine machine) {
            band = followingTheMachine(machine, recorded, recordedIn, rounds);
        } else if (figure.bandFollows().orElse(null) instanceof GatedFigure.BandFollowing.Figure other) {
            band = followingTheFigure(other.reference(), recorded, recordedCentre.apply(other.reference().key()), rounds);
        }
        if (!figure.diskBound()) {
            return band;
        }
        band = band.widenedForTheDisk(recordedIn, rounds, figure.diskUnmovedUpTo());
        return figure.tail() ? band.withTheDisksTail(recordedIn, rounds) : band;
    }

    /**
     * This band with the disk's tail of {@code rounds} against the recording's, when the baseline
     * keeps the latter (recorded from 2026-12-05 on): a tail with a forced write in it is held to
     * a gross ceiling that follows it ({@link Judging#decideAtCap}).
     */
    CalibratedBand withTheDisksTail(Map<String, String> recordedIn, List<Round> rounds) {
        OptionalDouble recorded = Calibration.millisIn(recordedIn, CalibrationProbes.FSYNC_TAIL_SLOWEST_RUN);
        List<Double> p99s = fsyncPercentilePerRound(rounds, 99);
        if (recorded.isEmpty() || !(recorded.getAsDouble() > 0) || p99s.isEmpty()) {
            return this;
        }
        return new CalibratedBand(band, note, diskWidening,
                Optional.of(new DiskTail(MedianInterval.of(p99s).median(), recorded.getAsDouble())));
    }

    /**
     * {@code recorded} scaled by {@code reference}'s median over {@code rounds} (the rounds the
     * figure is judged on, all of which measured the reference) over its recorded centre.
     */
    private static CalibratedBand followingTheFigure(GatedFigure reference, Band recorded, OptionalDouble atRecording,
                                                     List<Round> rounds) {
        if (atRecording.isEmpty()) {
            return new CalibratedBand(recorded, Optional.of("band as recorded: the baseline has no " + reference.key()
                    + " to scale it by; record both to let it follow"));
        }
        double now = MedianInterval.of(rounds.stream().map(r -> reference.perRound().applyAsDouble(r)).toList()).median();
        double factor = now / atRecording.getAsDouble();
        return new CalibratedBand(new Band(recorded.low() * factor, recorded.high() * factor), Optional.of("band "
                + recorded + " as recorded, ×" + SignificantDigits.format(factor) + " with " + reference.key() + ": "
                + SignificantDigits.format(now) + " " + reference.unit() + " in these rounds against "
                + SignificantDigits.format(atRecording.getAsDouble()) + " recorded"));
    }

    private static CalibratedBand followingTheMachine(GatedFigure.BandFollowing.Machine following, Band recorded,
                                                      Map<String, String> recordedIn, List<Round> rounds) {
        Calibration calibration = following.calibration();
        boolean inversely = following.inversely();
        OptionalDouble atRecording = calibration.recordedMillis(recordedIn);
        if (atRecording.isEmpty()) {
            return new CalibratedBand(recorded, Optional.of("band as recorded: its baseline keeps no median of "
                    + String.join(" + ", calibration.probes()) + " to scale it by; re-record to let it follow the machine's speed"));
        }
        double now = calibration.medianMillisLeftToUs(rounds);
        double factor = inversely ? atRecording.getAsDouble() / now : now / atRecording.getAsDouble();
        Band scaled = new Band(recorded.low() * factor, recorded.high() * factor);
        long busy = rounds.stream().filter(CpuContention::busy).count();
        String busyNote = busy == 0 ? "" : " (in the " + busy + " of " + rounds.size() + " rounds another process"
                + " competed for the CPU, times the contention index: the cores it left to ours)";
        return new CalibratedBand(scaled, Optional.of("band " + recorded + " as recorded, ×"
                + SignificantDigits.format(factor) + " for the machine's speed" + (inversely ? " (inversely)" : "") + ": " + String.join(" + ", calibration.probes()) + " read "
                + SignificantDigits.format(now) + " ms in these rounds" + busyNote + " against "
                + SignificantDigits.format(atRecording.getAsDouble()) + " ms at recording"));
    }

    /**
     * This band, widened to {@code [low / k, high × k]} where the fsync probe's median over
     * {@code rounds} is k > 1 times the slowest recording run's (or, for a baseline that does not
     * keep it, the recording's median): a baseline knows the disk only as fast as its recording
     * runs found it. Why, measured on 2c-amd-epyc, 2026-12-02 (README, "How the gate decides"):
     * on a freshly booted machine the probe read 0.18–0.71 ms against 0.09–0.17 in every recording
     * run, and unchanged code read every figure with a forced write in it 1.5–2.4× (p50s) and up
     * to 5× (p99s) above its recording even after the probe's median was subtracted, in three
     * fresh-clone builds (14 of 76 figures failed, each of them with a forced write in it; every
     * other figure passed). Subtracting the probe takes out the fsync a create pays, not what a
     * slower disk does to the rest (a leader waiting on the slowest of a quorum's fsyncs, a
     * group commit queueing behind a slow one), and no probe we tried followed that part (a
     * probe of 5 concurrent writers, the probe's mean). Both ways, because a slower disk moves
     * ratios either way (a sync create's residual over multi up, a NameNode mkdirs over
     * getfileinfo down). The environment-against-system rule holds: a slowdown of the servers
     * alone leaves the probe, and the band, where they were.
     * <p>
     * A figure measured not to move until the disk is {@code unmovedUpTo} times slower widens by
     * k / unmovedUpTo only: widened from the first bit, it would hide regressions behind disk
     * states it does not feel.
     */
    CalibratedBand widenedForTheDisk(Map<String, String> recordedIn, List<Round> rounds, double unmovedUpTo) {
        OptionalDouble slowestRecorded = Calibration.millisIn(recordedIn, CalibrationProbes.FSYNC_SLOWEST_RUN);
        String against = "at most %s ms in the recording's runs";
        if (slowestRecorded.isEmpty()) {
            slowestRecorded = Calibration.millisIn(recordedIn, CalibrationProbes.factKey(FsyncProbe.NAME));
            against = "%s ms at recording";
        }
        List<Double> fsync = fsyncPercentilePerRound(rounds, 50);
        if (slowestRecorded.isEmpty() || fsync.isEmpty()) {
            return this;
        }
        double now = MedianInterval.of(fsync).median();
        double slower = now / slowestRecorded.getAsDouble();
        double k = slower / unmovedUpTo;
        String measured = FsyncProbe.NAME + " read " + SignificantDigits.format(now) + " ms in these rounds against "
                + against.formatted(SignificantDigits.format(slowestRecorded.getAsDouble()));
        String unmoved = "the ×" + SignificantDigits.format(unmovedUpTo) + " this figure was measured not to move with";
        if (!(k > 1)) {
            if (!(slower > 1) || unmovedUpTo == 1) {
                return this;
            }
            String notWidened = "not widened for the disk: " + measured + ", within " + unmoved;
            return new CalibratedBand(band, Optional.of(note.map(n -> n + "; " + notWidened)
                    .orElse("band " + band + " as recorded, " + notWidened)), diskWidening);
        }
        String widening = "widened ×/" + SignificantDigits.format(k) + " to " + new Band(band.low() / k, band.high() * k)
                + " for a slower disk than the recording's" + (unmovedUpTo > 1 ? " beyond " + unmoved : "") + ": " + measured;
        return new CalibratedBand(new Band(band.low() / k, band.high() * k),
                Optional.of(note.map(n -> n + "; then " + widening).orElse("band " + band + " as recorded, " + widening)), k);
    }

    /** The fsync probe's {@code percentile} in each of {@code rounds} that measured it, in ms. */
    private static List<Double> fsyncPercentilePerRound(List<Round> rounds, double percentile) {
        return rounds.stream().filter(r -> r.has(FsyncProbe.NAME))
                .map(r -> r.sample(FsyncProbe.NAME).latencyMillis(percentile)).toList();
    }
}
