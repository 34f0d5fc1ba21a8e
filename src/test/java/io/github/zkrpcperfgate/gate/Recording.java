package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.baseline.BaselineFigure;
import io.github.zkrpcperfgate.baseline.BaselineStore;
import io.github.zkrpcperfgate.baseline.BaselineUpdate;
import io.github.zkrpcperfgate.baseline.RecordingLedger;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.calibration.CpuContention;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Trial;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.BandPolicy;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.RunOutliers;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A re-baseline: the plan's recording runs, each on servers of its own, kept until the last is
 * in and then pooled into one baseline written at once. Until then the file is not touched, so
 * a recording stopped half-way leaves the old baseline as it was. The runs go into a ledger
 * beside the baseline ({@link RecordingLedger}); a later sitting may add its runs to them
 * ({@link GateMode#addSitting()}), so that the band covers the drift between sittings.
 */
final class Recording {

    private static final DateTimeFormatter SITTING = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    /** The baseline environment's key that says how many runs and sittings the bands come from. */
    static final String RECORDED_FROM = "recordedFrom";

    private final String group;
    private final TrialPlan plan;
    private final Progress progress;
    private final GateMode mode;
    /** When this sitting began: a label for its runs in the ledger, distinct from the earlier sittings'. */
    private String sitting = SITTING.format(Instant.now());
    /** Earlier sittings' runs ({@link GateMode#addSitting()}), then this sitting's. */
    private final List<RecordingRun> earlier = new ArrayList<>();
    private final List<RecordingRun> runs = new ArrayList<>();
    private RecordingLedger ledger;

    Recording(String group, TrialPlan plan, Progress progress, GateMode mode) {
        this.group = group;
        this.plan = plan;
        this.progress = progress;
        this.mode = mode;
    }

    /** What one recording run measured, kept until the last run is in (samples only for this sitting's). */
    private record RecordingRun(String sitting, Map<FigureKey, List<Double>> perRound, SortedMap<String, String> environment,
                                List<Sample> samples, Map<String, List<Double>> probeP50s, List<Double> fsyncP99s,
                                List<String> notes, int rounds) {

        static RecordingRun of(RecordingLedger.Run r) {
            return new RecordingRun(r.sitting(), r.perRound(), r.environment(), List.of(), r.probeP50s(), r.fsyncP99s(),
                    List.of(), r.rounds());
        }

        RecordingLedger.Run toLedger() {
            return new RecordingLedger.Run(sitting, rounds, environment, perRound, probeP50s, fsyncP99s);
        }
    }

    /**
     * Before any server starts, when this sitting adds to earlier ones: reads their ledger beside
     * {@code baselineFile}, and refuses one whose figures were recorded in other units (runs that
     * measured something else must not pool).
     */
    void loadEarlierSittings(Path baselineFile, List<GatedFigure> figures) {
        if (!mode.addSitting()) {
            return;
        }
        ledger = RecordingLedger.read(RecordingLedger.beside(baselineFile));
        List<String> other = figures.stream()
                .filter(f -> ledger.units().containsKey(f.key()) && !ledger.units().get(f.key()).equals(f.unit()))
                .map(f -> f.key() + " was recorded in " + ledger.units().get(f.key()) + ", is measured in " + f.unit())
                .toList();
        if (!other.isEmpty()) {
            throw new BaselineException(ledger.file() + ": the earlier sittings measured other figures, which do not pool: "
                    + String.join("; ", other) + ". Record a first sitting anew without -Dperf.baselines.addSitting");
        }
        earlier.clear();
        ledger.runs().stream().map(RecordingRun::of).forEach(earlier::add);
        if (ledger.sittings().contains(sitting)) {
            sitting = sitting + "#" + (ledger.sittings().size() + 1);
        }
        progress.phase(group + ": adding a sitting to " + earlier.size() + " recording run(s) of " + ledger.sittings().size()
                + " earlier sitting(s) " + ledger.sittings() + " (" + ledger.file() + ")");
    }

    /**
     * Writes the baseline anew from the ledger's runs alone ({@link GateMode#rederives()}),
     * measuring nothing: the bands a change of the band policy gives the same recorded runs.
     */
    GroupResult rederive(Baselines baselines, List<GatedFigure> figures) {
        if (earlier.isEmpty()) {
            throw new BaselineException("-Dperf.baselines.rederive: " + RecordingLedger.beside(baselines.file())
                    + " holds no recording runs to re-derive " + baselines.file() + " from; record it with "
                    + BaselineException.UPDATE_COMMAND);
        }
        List<GatedFigure> unrecorded = figures.stream()
                .filter(f -> earlier.stream().noneMatch(r -> r.perRound().containsKey(f.key()))).toList();
        if (!unrecorded.isEmpty()) {
            throw new BaselineException("-Dperf.baselines.rederive: " + RecordingLedger.beside(baselines.file())
                    + " has no runs of " + unrecorded.stream().map(GatedFigure::key).toList() + "; record them with "
                    + BaselineException.UPDATE_COMMAND);
        }
        return write(baselines, figures);
    }

    /** Measures one recording run; after the plan's last, writes the pooled baseline. */
    GroupResult record(Trial trial, Baselines baselines, List<GatedFigure> figures, SortedMap<String, String> environment)
            throws Exception {
        int run = runs.size() + 1;
        if (run == 1 && ledger != null) {
            List<String> differences = ledger.environmentDifferences(environment);
            if (!differences.isEmpty()) {
                throw new BaselineException(ledger.file() + ": this sitting measures elsewhere than the earlier ones ("
                        + String.join("; ", differences) + "), so their runs do not pool. Record a first sitting anew"
                        + " without -Dperf.baselines.addSitting");
            }
        }
        progress.phase(group + ": re-baselining, run " + run + " of " + plan.recordRuns() + ": "
                + plan.recordRounds() + " rounds" + (earlier.isEmpty() ? "" : " (to be pooled with " + earlier.size()
                + " run(s) of earlier sittings)"));
        trial.runRounds(plan.recordRounds(), plan.recordRounds());
        // Busy rounds are left out of a recording (a figure reads its quiet rounds once enough
        // remain): a band recorded beside a neighbour would hold every quiet run to it. Rounds
        // are added until the run has its quota of quiet ones, at most as many again.
        for (int extra = 0; DisturbancePolicy.quietRounds(trial.rounds()) < plan.recordRounds()
                && extra < plan.recordRounds(); extra++) {
            trial.runRounds(1, trial.rounds().size() + 1);
        }
        List<Round> rounds = trial.rounds();
        Map<FigureKey, List<Double>> values = new LinkedHashMap<>();
        figures.forEach(f -> values.put(f.key(), DisturbancePolicy.perRound(f, rounds)));
        boolean anyBusy = rounds.stream().anyMatch(CpuContention::busy);
        List<String> notes = DisturbancePolicy.busyRounds(rounds).map(n -> n + " while recording run " + run
                + (anyBusy ? "; the busy rounds were left out of the recording" : "")).stream().toList();
        notes.forEach(n -> progress.phase(group + ": " + n));
        List<Sample> samples = EnvironmentComparison.samples(rounds);
        runs.add(new RecordingRun(sitting, values, environment, samples, CalibrationProbes.p50sPerRound(samples),
                CalibrationProbes.fsyncP99sPerRound(samples), notes,
                rounds.size()));
        if (runs.size() < plan.recordRuns()) {
            return new GroupResult(group, EnvironmentComparison.withCalibration(environment, rounds), List.of(), samples,
                    List.of(), List.of("recording run " + run + " of " + plan.recordRuns() + " measured; "
                    + baselines.file() + " is written after the last"));
        }
        try {
            return write(baselines, figures);
        } finally {
            runs.clear();
        }
    }

    /**
     * Pools the recording runs (the earlier sittings' and this one's) into one baseline, centred
     * on the median run, with a band that covers every run; writes the ledger of all of them
     * first, then the baseline.
     */
    private GroupResult write(Baselines baselines, List<GatedFigure> figures) {
        List<RecordingRun> all = new ArrayList<>(earlier);
        all.addAll(runs);
        List<Sample> samples = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        int roundOffset = 0;
        for (RecordingRun r : runs) {
            int offset = roundOffset;
            r.samples().forEach(s -> samples.add(s.round() < 0 ? s
                    : new Sample(s.workload(), s.round() + offset, s.operations(), s.elapsedNanos(), s.latencies(),
                    s.latencyFloorNanos(), s.facts())));
            roundOffset += r.rounds();
            notes.addAll(r.notes());
        }
        if (!mode.acceptOutliers()) {
            refuseOutlierRuns(baselines, figures, all);
        }
        Map<FigureKey, BaselineFigure> fresh = new LinkedHashMap<>();
        List<FigureResult> results = new ArrayList<>();
        for (GatedFigure f : figures) {
            List<Double> pooled = new ArrayList<>();
            List<Double> runMedians = new ArrayList<>();
            Map<String, List<Double>> bySitting = new LinkedHashMap<>();
            for (RecordingRun r : all) {
                List<Double> values = r.perRound().getOrDefault(f.key(), List.of());
                if (!values.isEmpty()) {
                    pooled.addAll(values);
                    double median = MedianInterval.of(values).median();
                    runMedians.add(median);
                    bySitting.computeIfAbsent(r.sitting(), s -> new ArrayList<>()).add(median);
                }
            }
            Estimate estimate = MedianInterval.of(pooled);
            List<Double> medians = runMedians.size() > 1 ? runMedians : List.of();
            List<Double> sittingMedians = bySitting.size() > 1
                    ? bySitting.values().stream().map(m -> MedianInterval.of(m).median()).toList() : List.of();
            Band band = BandPolicy.bandFor(estimate, medians, sittingMedians, f.minimumBandFactor());
            fresh.put(f.key(), new BaselineFigure(f.unit(), f.direction(), BandPolicy.centre(estimate, medians), band,
                    estimate.low(), estimate.high(), estimate.sampleCount(), medians, sittingMedians));
            results.add(new FigureResult(new Verdict.Recorded(f.key(), f.unit(), f.direction(), band, estimate,
                    "recorded into " + baselines.file() + " from " + runMedians.size() + " run(s)"), pooled, f.workloads()));
        }
        Map<String, List<Double>> probeP50s = new LinkedHashMap<>();
        all.forEach(r -> r.probeP50s().forEach((probe, p50s) -> probeP50s.computeIfAbsent(probe, p -> new ArrayList<>()).addAll(p50s)));
        SortedMap<String, String> measuredIn = new TreeMap<>(all.get(all.size() - 1).environment());
        measuredIn.putAll(CalibrationProbes.mediansOf(probeP50s));
        measuredIn.putAll(CalibrationProbes.slowestFsyncRun(all.stream().map(RecordingRun::probeP50s).toList()));
        measuredIn.putAll(CalibrationProbes.slowestFsyncTail(all.stream().map(RecordingRun::fsyncP99s).toList()));
        long sittings = all.stream().map(RecordingRun::sitting).distinct().count();
        measuredIn.put(RECORDED_FROM, all.size() + " runs in " + sittings + " sitting(s)");
        Map<String, SortedMap<String, String>> environments = figures.stream()
                .map(f -> f.key().scenario()).distinct()
                .collect(Collectors.toMap(s -> s, s -> measuredIn));
        BaselineUpdate.Result update = BaselineUpdate.apply(baselines, fresh, environments);
        // The earlier sittings' units too: a sitting of some scenarios keeps the others' runs and units.
        SortedMap<FigureKey, String> units = new TreeMap<>(RecordingLedger.ORDER);
        if (ledger != null) {
            units.putAll(ledger.units());
        }
        figures.forEach(f -> units.put(f.key(), f.unit()));
        new RecordingLedger(RecordingLedger.beside(baselines.file()), units, all.stream().map(RecordingRun::toLedger).toList())
                .write();
        BaselineStore.write(update.updated());
        List<String> changes = update.changes().stream().map(BaselineUpdate.Change::describe).toList();
        progress.phase(group + ": wrote " + baselines.file() + " from " + all.size() + " run(s) of "
                + plan.recordRounds() + " rounds in " + sittings + " sitting(s), and its ledger "
                + RecordingLedger.beside(baselines.file()) + " (old -> new):");
        changes.forEach(line -> progress.phase("  " + line));
        return new GroupResult(group, measuredIn, results, samples, changes, notes);
    }

    /**
     * A recording run whose median lies more than {@value RunOutliers#MADS} scaled median absolute
     * deviations from the other runs' of its sitting and that alone widens the band fails the
     * recording before anything is written: one odd start of the servers would otherwise set a
     * band's width without a word. Sittings are held apart: a host in another state is what
     * pooling them is for ({@link RunOutliers#findWithinSittings}).
     */
    private static void refuseOutlierRuns(Baselines baselines, List<GatedFigure> figures, List<RecordingRun> runs) {
        List<String> outliers = new ArrayList<>();
        for (GatedFigure f : figures) {
            List<RecordingRun> measured = runs.stream().filter(r -> !r.perRound().getOrDefault(f.key(), List.of()).isEmpty()).toList();
            List<Double> medians = measured.stream().map(r -> MedianInterval.of(r.perRound().get(f.key())).median()).toList();
            List<String> sittings = measured.stream().map(RecordingRun::sitting).toList();
            RunOutliers.findWithinSittings(medians, sittings, f.minimumBandFactor()).forEach(i -> outliers.add(f.key()
                    + ": run " + (i + 1) + " of " + medians.size() + " (sitting " + sittings.get(i) + ") measured "
                    + SignificantDigits.format(medians.get(i)) + " against its sitting's run medians "
                    + IntStream.range(0, medians.size()).filter(j -> sittings.get(j).equals(sittings.get(i)))
                            .mapToObj(j -> SignificantDigits.format(medians.get(j))).toList()));
        }
        if (!outliers.isEmpty()) {
            throw new BaselineException(baselines.file() + " not written: a recording run lies far from the others and"
                    + " would set the band's width alone:\n  - " + String.join("\n  - ", outliers)
                    + "\nRe-record on a quiet machine, or keep it with -Dperf.baselines.acceptOutliers=true and say why"
                    + " in the commit message.");
        }
    }
}
