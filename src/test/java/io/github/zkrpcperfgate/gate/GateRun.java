package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.baseline.BaselineFigure;
import io.github.zkrpcperfgate.baseline.BaselineSource;
import io.github.zkrpcperfgate.baseline.BaselineStore;
import io.github.zkrpcperfgate.baseline.BaselineUpdate;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.baseline.ScenarioBaseline;
import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.calibration.CpuContention;
import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.calibration.ParallelCpuProbe;
import io.github.zkrpcperfgate.verdict.Figures;
import io.github.zkrpcperfgate.measure.EnvironmentFingerprint;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Trial;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.report.FigureResult;
import io.github.zkrpcperfgate.report.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.BandPolicy;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Judge;
import io.github.zkrpcperfgate.verdict.RunOutliers;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * One scenario group from first round to last word: warm up, measure paired rounds, and then
 * either judge every gated figure against its baseline (adding rounds while any is
 * inconclusive, up to the plan's cap) or, when re-baselining, record new bands.
 */
public final class GateRun {

    /**
     * Rounds added at a time while some figure is unsettled: 6 → 9 → 12. The 95% interval of the
     * median is min..max at 6, 7 and 8 rounds and moves inward only at 9 (2nd..8th) and 12
     * (3rd..10th), so smaller steps buy rounds that cannot change a verdict.
     */
    static final int EXTRA_ROUNDS_STEP = 3;
    /** Measured in every extra round too, so a disturbed round is recognised wherever it falls. */
    private static final List<String> CONTENTION_PROBES = List.of(CpuProbe.NAME, ParallelCpuProbe.NAME);

    private final String group;
    private final BaselineSource source;
    private final GateMode mode;
    private final boolean updateBaselines;
    private final TrialPlan plan;
    private final Progress progress;
    private final LongSupplier nanoClock;
    private final List<RecordingRun> recordingRuns = new ArrayList<>();

    public GateRun(String group, BaselineSource source, GateMode mode, TrialPlan plan, Progress progress) {
        this(group, source, mode, plan, progress, System::nanoTime);
    }

    GateRun(String group, BaselineSource source, GateMode mode, TrialPlan plan, Progress progress, LongSupplier nanoClock) {
        this.group = group;
        this.source = source;
        this.mode = mode;
        this.updateBaselines = mode.records();
        this.plan = plan;
        this.progress = progress;
        this.nanoClock = nanoClock;
    }

    /**
     * Reads the baseline before anything is started, so a malformed file fails fast. In a
     * re-baseline run a missing file is fine (it will be created); so it is on a testbed that has
     * no baselines yet, unless they are required.
     */
    public Baselines readBaselines() {
        if (updateBaselines || (!source.required() && !source.exists())) {
            return BaselineStore.readOrEmpty(source.file());
        }
        if (!source.exists()) {
            throw new BaselineException(source.missingNote());
        }
        return BaselineStore.read(source.file());
    }

    /**
     * Everything about the baseline that can be known before a server starts: that it reads, and
     * that it holds exactly the figures the catalogue gates, each with a band no wider than the
     * band policy gives from its own recorded data. Call it before starting servers.
     *
     * @param measured  the figures this run will judge
     * @param catalogue every figure the catalogue knows for the file's scenarios (a baseline entry
     *                  outside it guards nothing any more)
     */
    public void checkBeforeStart(List<GatedFigure> measured, List<GatedFigure> catalogue) {
        Baselines baselines = readBaselines();
        if (!updateBaselines && source.exists()) {
            BaselineConsistency.require(baselines, measured, catalogue);
        }
    }

    /** One complete measurement of the group on servers started for it (and stopped after). */
    @FunctionalInterface
    public interface FreshRun {
        /**
         * @param run  1 for the first run; later runs must not reuse the servers of earlier ones
         * @param last whether this is the run whose result is returned (and reported)
         */
        GroupResult run(int run, boolean last) throws Exception;
    }

    /**
     * Judges once, or re-baselines from the plan's recording runs: {@code oneRun} is called once
     * per run and must call {@link #run} on servers of its own, so the baseline sees how much a
     * figure drifts from one start of the servers to the next. Returns the last run's result,
     * which holds the written baseline.
     */
    public GroupResult runAll(FreshRun oneRun) throws Exception {
        int runs = updateBaselines ? plan.recordRuns() : 1;
        GroupResult last = null;
        for (int run = 1; run <= runs; run++) {
            last = oneRun.run(run, run == runs);
        }
        return last;
    }

    public GroupResult run(Baselines baselines, List<Workload> workloads, List<GatedFigure> figures,
                           SortedMap<String, String> environment) throws Exception {
        Trial trial = new Trial(workloads, plan, progress, nanoClock);
        progress.phase(group + ": warm-up (" + plan.warmupRounds() + " round(s), discarded)");
        trial.warmUp();
        GroupResult result = updateBaselines
                ? record(trial, baselines, figures, environment)
                : judge(trial, baselines, figures, environment);
        result.figures().forEach(f -> progress.phase(f.verdict() + "  " + f.key() + ": " + f.reason()));
        return result;
    }

    private GroupResult judge(Trial trial, Baselines baselines, List<GatedFigure> figures,
                              SortedMap<String, String> environment) throws Exception {
        if (baselines.scenarios().isEmpty() && !source.exists()) {
            return measureOnly(trial, figures, environment);
        }
        Map<FigureKey, BaselineFigure> recorded = new LinkedHashMap<>();
        Map<FigureKey, String> errors = new LinkedHashMap<>();
        for (GatedFigure figure : figures) {
            try {
                recorded.put(figure.key(), BaselineConsistency.recordedFor(baselines, figure));
            } catch (BaselineException e) {
                errors.put(figure.key(), e.getMessage());
            }
        }
        progress.phase(group + ": measuring " + plan.minRounds() + " rounds (up to " + plan.maxRounds()
                + " while a figure is inconclusive)");
        trial.runRounds(plan.minRounds(), plan.minRounds());
        List<String> notes = new ArrayList<>();
        // How many rounds the trial had when a figure's verdict settled: it is frozen there, so
        // extra rounds its workloads get for a neighbour cannot turn its verdict.
        Map<FigureKey, Integer> settledAt = new HashMap<>();
        while (true) {
            List<Round> rounds = trial.rounds();
            for (GatedFigure f : figures) {
                if (recorded.containsKey(f.key()) && !settledAt.containsKey(f.key())
                        && !unsettled(judgeNow(f, recorded.get(f.key()), rounds), f, rounds)) {
                    settledAt.put(f.key(), rounds.size());
                }
            }
            // Figures already at the cap are settled on their median below; they get no more rounds.
            List<GatedFigure> open = figures.stream()
                    .filter(f -> recorded.containsKey(f.key()) && !settledAt.containsKey(f.key()))
                    .filter(f -> measured(f, rounds).size() < plan.maxRounds())
                    .toList();
            if (open.isEmpty()) {
                break;
            }
            int measured = open.stream().mapToInt(f -> measured(f, rounds).size()).min().orElseThrow();
            int more = nextStep(measured) - measured;
            Set<String> needed = open.stream().flatMap(f -> f.workloads().stream())
                    .collect(Collectors.toCollection(HashSet::new));
            needed.addAll(CONTENTION_PROBES); // so that extra rounds can tell quiet from disturbed too
            String extra = "inconclusive after " + measured + " rounds: "
                    + open.stream().map(f -> f.key().toString()).toList()
                    + "; measured " + more + " more of " + needed.size() + " workload(s) (cap " + plan.maxRounds() + ")";
            progress.phase(group + ": " + extra);
            notes.add(extra);
            trial.runRounds(more, measured + more, needed);
        }
        List<Round> all = trial.rounds();
        List<FigureResult> results = new ArrayList<>();
        for (GatedFigure f : figures) {
            List<Round> rounds = all.subList(0, settledAt.getOrDefault(f.key(), all.size()));
            List<Double> values = perRound(f, rounds);
            Estimate estimate = MedianInterval.of(values);
            if (errors.containsKey(f.key())) {
                results.add(new FigureResult(f.key(), f.unit(), f.direction(), estimate, null, "Error",
                        errors.get(f.key()), values, f.workloads()));
                continue;
            }
            BaselineFigure b = recorded.get(f.key());
            Verdict v = undisturbedOrNot(Judge.decideAtCap(f.key(), f.unit(), f.direction(), b.band(), estimate), f, rounds);
            results.add(new FigureResult(f.key(), f.unit(), f.direction(), estimate, b.band(), v.name(), v.reason(), values,
                    f.workloads()));
        }
        contentionNote(all, results).ifPresent(note -> {
            progress.phase(group + ": " + note);
            notes.add(note);
        });
        SortedMap<String, String> measuredIn = withCalibration(environment, all);
        List<String> warnings = environmentWarnings(baselines, figures, measuredIn);
        warnings.forEach(w -> progress.phase(group + ": " + w));
        notes.addAll(warnings);
        return new GroupResult(group, measuredIn, results, samples(all), List.of(), notes);
    }

    /** The round count of the next extension step after {@code measured}: 6 → 9 → 12, never past the cap. */
    int nextStep(int measured) {
        int step = EXTRA_ROUNDS_STEP - Math.floorMod(measured - plan.minRounds(), EXTRA_ROUNDS_STEP);
        return Math.min(plan.maxRounds(), measured + step);
    }

    /**
     * A testbed without baselines: the plan's rounds, every figure reported with its interval and
     * no verdict, and the reason at the top of the notes (and so of every report).
     */
    private GroupResult measureOnly(Trial trial, List<GatedFigure> figures, SortedMap<String, String> environment)
            throws Exception {
        String note = "ℹ " + source.missingNote();
        progress.phase(group + ": " + note);
        trial.runRounds(plan.minRounds(), plan.minRounds());
        List<Round> rounds = trial.rounds();
        List<FigureResult> results = new ArrayList<>();
        for (GatedFigure f : figures) {
            List<Double> values = perRound(f, rounds);
            results.add(new FigureResult(f.key(), f.unit(), f.direction(), MedianInterval.of(values), null,
                    FigureResult.NO_BASELINE, "measured, not judged: no baselines for testbed " + source.testbed(), values,
                    f.workloads()));
        }
        List<String> notes = new ArrayList<>(List.of(note));
        busyRounds(rounds).ifPresent(notes::add);
        return new GroupResult(group, withCalibration(environment, rounds), results, samples(rounds), List.of(), notes);
    }

    /**
     * One warning per scenario whose baseline was recorded on a different machine or software,
     * or with calibration probes far from today's. Calibrated latencies and ratios are meant to
     * travel; milliseconds are not, so the reader is told which verdicts to read with care.
     */
    static List<String> environmentWarnings(Baselines baselines, List<GatedFigure> figures,
                                            SortedMap<String, String> measuredIn) {
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
                        + "). Ratios and calibrated latencies are meant to hold across machines; figures in ms are not."
                        + " If this is the new normal, re-baseline on it: " + BaselineException.UPDATE_COMMAND);
            }
        }
        return warnings;
    }

    /** The environment plus the calibration probes' medians over the measured rounds, if any ran. */
    private static SortedMap<String, String> withCalibration(SortedMap<String, String> environment, List<Round> rounds) {
        SortedMap<String, String> env = new TreeMap<>(environment);
        env.putAll(CalibrationProbes.medians(samples(rounds)));
        return env;
    }

    private static Verdict judgeNow(GatedFigure f, BaselineFigure b, List<Round> rounds) {
        return Judge.judge(f.key(), f.unit(), f.direction(), b.band(), MedianInterval.of(perRound(f, rounds)));
    }

    /** Inconclusive, or failing on rounds a busy neighbour disturbed: more rounds may settle it. */
    private static boolean unsettled(Verdict v, GatedFigure f, List<Round> rounds) {
        return v instanceof Verdict.Inconclusive || (!v.passed() && disturbedRoundsRead(f, rounds) > 0);
    }

    /**
     * A failing verdict that read disturbed rounds is not a verdict on the change: it becomes
     * {@link Verdict.Disturbed}, which does not fail the build, and the reason says why.
     */
    private static Verdict undisturbedOrNot(Verdict v, GatedFigure f, List<Round> rounds) {
        int disturbed = disturbedRoundsRead(f, rounds);
        if (v.passed() || v instanceof Verdict.Inconclusive || disturbed == 0) {
            return v;
        }
        return new Verdict.Disturbed(v.key(), v.unit(), v.direction(), v.band(), v.measured(),
                "not judged: machine busy in " + disturbed + " of the " + v.measured().sampleCount() + " rounds it read"
                        + " (CPU contention index above " + CpuContention.BUSY_INDEX + "; fewer than "
                        + MedianInterval.MIN_SAMPLES_FOR_95_PERCENT + " quiet rounds remained); rerun on a quiet machine."
                        + " It would be " + v.name() + ": " + v.reason());
    }

    /** Disturbed rounds among those the figure's value is taken from. */
    private static int disturbedRoundsRead(GatedFigure f, List<Round> rounds) {
        return (int) roundsFor(f, rounds).stream().filter(CpuContention::busy).count();
    }

    private static Optional<String> contentionNote(List<Round> rounds, List<FigureResult> results) {
        long notJudged = results.stream().filter(r -> r.verdict().equals("Disturbed")).count();
        boolean anyBusy = rounds.stream().anyMatch(CpuContention::busy);
        return busyRounds(rounds).map(busy -> !anyBusy ? busy : busy + ". Figures with " + MedianInterval.MIN_SAMPLES_FOR_95_PERCENT
                + " quiet rounds were judged on those alone; " + notJudged + " figure(s) not judged (Disturbed)");
    }

    /** "⚠ machine busy: … in 3 of 8 rounds (contention index up to …)", when any round was disturbed. */
    private static Optional<String> busyRounds(List<Round> rounds) {
        List<Round> busy = rounds.stream().filter(CpuContention::busy).toList();
        List<Round> ownWork = rounds.stream().filter(CpuContention::slowedByOwnWork).toList();
        List<String> parts = new ArrayList<>();
        if (!busy.isEmpty()) {
            parts.add("⚠ machine busy: another process competed for the CPU in " + busy.size() + " of " + rounds.size()
                    + " rounds (contention index up to " + Figures.format(max(busy, CpuContention::index))
                    + ", others' share of the CPU up to " + Figures.format(max(busy, CpuContention::foreignShare))
                    + "; 1.0 is quiet, above " + CpuContention.BUSY_INDEX + " with others using "
                    + CpuContention.FOREIGN_SHARE + " of the machine disturbed)");
        }
        if (!ownWork.isEmpty()) {
            parts.add("the CPU probe ran slow in " + ownWork.size() + " of " + rounds.size() + " rounds (index up to "
                    + Figures.format(max(ownWork, CpuContention::index)) + ") while the CPU went to our own processes"
                    + " (others' share up to " + Figures.format(max(ownWork, CpuContention::foreignShare))
                    + "): the system under test's own work, so those rounds count as they are");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(". ", parts));
    }

    private static double max(List<Round> rounds, java.util.function.ToDoubleFunction<Round> f) {
        return rounds.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
    }

    /**
     * One recording run: its rounds are kept, and once the plan's runs are all in, the baseline is
     * written from them together. Until then the file is not touched, so a recording stopped
     * half-way leaves the old baseline as it was.
     */
    private GroupResult record(Trial trial, Baselines baselines, List<GatedFigure> figures,
                               SortedMap<String, String> environment) throws Exception {
        int run = recordingRuns.size() + 1;
        progress.phase(group + ": re-baselining, run " + run + " of " + plan.recordRuns() + ": "
                + plan.recordRounds() + " rounds");
        trial.runRounds(plan.recordRounds(), plan.recordRounds());
        // Busy rounds are left out of a recording (a figure reads its quiet rounds once enough
        // remain): a band recorded beside a neighbour would hold every quiet run to it. Rounds
        // are added until the run has its quota of quiet ones, at most as many again.
        for (int extra = 0; quietRounds(trial.rounds()) < plan.recordRounds() && extra < plan.recordRounds(); extra++) {
            trial.runRounds(1, trial.rounds().size() + 1);
        }
        List<Round> rounds = trial.rounds();
        Map<FigureKey, List<Double>> values = new LinkedHashMap<>();
        figures.forEach(f -> values.put(f.key(), perRound(f, rounds)));
        boolean anyBusy = rounds.stream().anyMatch(CpuContention::busy);
        List<String> notes = busyRounds(rounds).map(n -> n + " while recording run " + run
                + (anyBusy ? "; the busy rounds were left out of the recording" : "")).stream().toList();
        notes.forEach(n -> progress.phase(group + ": " + n));
        List<Sample> samples = samples(rounds);
        recordingRuns.add(new RecordingRun(values, environment, samples, notes, rounds.size()));
        if (recordingRuns.size() < plan.recordRuns()) {
            return new GroupResult(group, withCalibration(environment, rounds), List.of(), samples, List.of(),
                    List.of("recording run " + run + " of " + plan.recordRuns() + " measured; "
                            + baselines.file() + " is written after the last"));
        }
        try {
            return writeRecording(baselines, figures);
        } finally {
            recordingRuns.clear();
        }
    }

    /** Pools the recording runs into one baseline, centred on the median run, with a band that covers every run. */
    private GroupResult writeRecording(Baselines baselines, List<GatedFigure> figures) {
        List<Sample> samples = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        int roundOffset = 0;
        for (RecordingRun r : recordingRuns) {
            int offset = roundOffset;
            r.samples().forEach(s -> samples.add(s.round() < 0 ? s
                    : new Sample(s.workload(), s.round() + offset, s.operations(), s.elapsedNanos(), s.latencies(),
                    s.facts())));
            roundOffset += r.rounds();
            notes.addAll(r.notes());
        }
        if (mode != GateMode.RECORD_ACCEPTING_OUTLIERS) {
            refuseOutlierRuns(baselines, figures);
        }
        Map<FigureKey, BaselineFigure> fresh = new LinkedHashMap<>();
        List<FigureResult> results = new ArrayList<>();
        for (GatedFigure f : figures) {
            List<Double> pooled = new ArrayList<>();
            List<Double> runMedians = new ArrayList<>();
            for (RecordingRun r : recordingRuns) {
                List<Double> values = r.perRound().getOrDefault(f.key(), List.of());
                if (!values.isEmpty()) {
                    pooled.addAll(values);
                    runMedians.add(MedianInterval.of(values).median());
                }
            }
            Estimate estimate = MedianInterval.of(pooled);
            List<Double> runs = runMedians.size() > 1 ? runMedians : List.of();
            Band band = BandPolicy.bandFor(estimate, runs, f.minimumBandFactor());
            fresh.put(f.key(), new BaselineFigure(f.unit(), f.direction(), BandPolicy.centre(estimate, runs), band,
                    estimate.low(), estimate.high(), estimate.sampleCount(), runs));
            results.add(new FigureResult(f.key(), f.unit(), f.direction(), estimate, band, "Recorded",
                    "recorded into " + baselines.file() + " from " + runMedians.size() + " run(s)", pooled, f.workloads()));
        }
        SortedMap<String, String> measuredIn = new TreeMap<>(recordingRuns.get(recordingRuns.size() - 1).environment());
        measuredIn.putAll(CalibrationProbes.medians(samples));
        Map<String, SortedMap<String, String>> environments = figures.stream()
                .map(f -> f.key().scenario()).distinct()
                .collect(Collectors.toMap(s -> s, s -> measuredIn));
        BaselineUpdate.Result update = BaselineUpdate.apply(baselines, fresh, environments);
        BaselineStore.write(update.updated());
        List<String> changes = update.changes().stream().map(BaselineUpdate.Change::describe).toList();
        progress.phase(group + ": wrote " + baselines.file() + " from " + recordingRuns.size() + " run(s) of "
                + plan.recordRounds() + " rounds (old -> new):");
        changes.forEach(line -> progress.phase("  " + line));
        return new GroupResult(group, measuredIn, results, samples, changes, notes);
    }

    /**
     * A recording run whose median lies more than {@value RunOutliers#MADS} scaled median absolute
     * deviations from the other runs' and that alone widens the band fails the recording before
     * anything is written: one odd start of the servers would otherwise set a band's width
     * without a word.
     */
    private void refuseOutlierRuns(Baselines baselines, List<GatedFigure> figures) {
        List<String> outliers = new ArrayList<>();
        for (GatedFigure f : figures) {
            List<Double> medians = recordingRuns.stream().map(r -> r.perRound().getOrDefault(f.key(), List.of()))
                    .filter(v -> !v.isEmpty()).map(v -> MedianInterval.of(v).median()).toList();
            RunOutliers.find(medians, f.minimumBandFactor()).forEach(i -> outliers.add(f.key() + ": run " + (i + 1)
                    + " of " + medians.size() + " measured " + Figures.format(medians.get(i)) + " against run medians "
                    + medians.stream().map(Figures::format).toList()));
        }
        if (!outliers.isEmpty()) {
            throw new BaselineException(baselines.file() + " not written: a recording run lies far from the others and"
                    + " would set the band's width alone:\n  - " + String.join("\n  - ", outliers)
                    + "\nRe-record on a quiet machine, or keep it with -Dperf.baselines.acceptOutliers=true and say why"
                    + " in the commit message.");
        }
    }

    /** What one recording run measured, kept until the last run is in. */
    private record RecordingRun(Map<FigureKey, List<Double>> perRound, SortedMap<String, String> environment,
                                List<Sample> samples, List<String> notes, int rounds) {
    }

    private static int quietRounds(List<Round> rounds) {
        return (int) rounds.stream().filter(r -> !CpuContention.busy(r)).count();
    }

    /** The figure's value in each round it is judged on: see {@link #roundsFor}. */
    private static List<Double> perRound(GatedFigure f, List<Round> rounds) {
        return roundsFor(f, rounds).stream().map(r -> f.perRound().applyAsDouble(r)).toList();
    }

    /** Every round that measured all the figure's workloads. */
    private static List<Round> measured(GatedFigure f, List<Round> rounds) {
        return rounds.stream().filter(f::measuredIn).toList();
    }

    /**
     * The rounds a figure is judged on: its quiet ones when at least enough for a 95% interval
     * remain (a passing neighbour should cost rounds, not the verdict), else all it measured.
     */
    private static List<Round> roundsFor(GatedFigure f, List<Round> rounds) {
        List<Round> measured = measured(f, rounds);
        List<Round> quiet = measured.stream().filter(r -> !CpuContention.busy(r)).toList();
        return quiet.size() >= MedianInterval.MIN_SAMPLES_FOR_95_PERCENT ? quiet : measured;
    }

    private static List<Sample> samples(List<Round> rounds) {
        return rounds.stream().flatMap(r -> r.order().stream().map(r::sample)).toList();
    }
}
