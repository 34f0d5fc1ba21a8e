package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.baseline.BaselineSource;
import io.github.zkrpcperfgate.baseline.BaselineStore;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Trial;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.function.LongSupplier;

/**
 * One scenario group's measurements, from warm-up to verdicts: judged against its baseline
 * ({@link Judging}), recorded into a new one ({@link Recording}, whose runs it keeps between
 * calls), or, on a testbed without baselines, measured and reported only.
 */
public final class GateRun {

    private final String group;
    private final BaselineSource source;
    private final GateMode mode;
    private final TrialPlan plan;
    private final Progress progress;
    private final LongSupplier nanoClock;
    private final Judging judging;
    private final Recording recording;

    public GateRun(String group, BaselineSource source, GateMode mode, TrialPlan plan, Progress progress) {
        this(group, source, mode, plan, progress, System::nanoTime);
    }

    GateRun(String group, BaselineSource source, GateMode mode, TrialPlan plan, Progress progress, LongSupplier nanoClock) {
        this.group = group;
        this.source = source;
        this.mode = mode;
        this.plan = plan;
        this.progress = progress;
        this.nanoClock = nanoClock;
        this.judging = new Judging(group, plan, progress);
        this.recording = new Recording(group, plan, progress, mode);
    }

    /** How many runs, each on servers of its own, this gate needs: the plan's recording runs, or one. */
    public int runs() {
        return mode.records() ? plan.recordRuns() : 1;
    }

    /**
     * Reads the baseline before anything is started, so a malformed file fails fast. In a
     * re-baseline run a missing file is fine (it will be created); so it is on a testbed that has
     * no baselines yet, unless they are required.
     */
    public Baselines readBaselines() {
        if (mode.records() || (!source.required() && !source.exists())) {
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
     * band policy gives from its own recorded data. Returns the baselines read.
     *
     * @param measured  the figures this run will judge
     * @param catalogue every figure the catalogue knows for the file's scenarios (a baseline entry
     *                  outside it guards nothing any more)
     */
    public Baselines checkBeforeStart(List<GatedFigure> measured, List<GatedFigure> catalogue) {
        Baselines baselines = readBaselines();
        if (!mode.records() && source.exists()) {
            BaselineConsistency.require(baselines, measured, catalogue);
        }
        recording.loadEarlierSittings(source.file(), measured);
        return baselines;
    }

    /** The baseline written anew from its ledger's runs, nothing measured ({@link GateMode#rederives()}). */
    public GroupResult rederive(Baselines baselines, List<GatedFigure> figures) {
        GroupResult result = recording.rederive(baselines, figures);
        result.figures().forEach(f -> progress.phase(f.verdictName() + "  " + f.key() + ": " + f.reason()));
        return result;
    }

    public GroupResult run(Baselines baselines, List<Workload> workloads, List<GatedFigure> figures,
                           SortedMap<String, String> environment) throws Exception {
        Trial trial = new Trial(workloads, plan, progress, nanoClock);
        progress.phase(group + ": warm-up (" + plan.warmupRounds() + " round(s), discarded)");
        trial.warmUp();
        GroupResult result;
        if (mode.records()) {
            result = recording.record(trial, baselines, figures, environment);
        } else if (baselines.scenarios().isEmpty() && !source.exists()) {
            result = measureOnly(trial, figures, environment);
        } else {
            result = judging.judge(trial, baselines, figures, environment);
        }
        for (String note : outOfRangeLatencies(trial.rounds())) {
            progress.phase(group + ": " + note);
            result = result.withNote(note);
        }
        result.figures().forEach(f -> progress.phase(f.verdictName() + "  " + f.key() + ": " + f.reason()));
        return result;
    }

    /** "⚠ zk-1node/sync: 3 latencies outside the histogram's range …", per workload that had any. */
    static List<String> outOfRangeLatencies(List<Round> rounds) {
        java.util.Map<String, Double> counts = new java.util.TreeMap<>();
        for (Sample s : EnvironmentComparison.samples(rounds)) {
            Double n = s.facts().get(Trial.OUT_OF_RANGE);
            if (n != null) {
                counts.merge(s.workload(), n, Double::sum);
            }
        }
        List<String> notes = new ArrayList<>();
        counts.forEach((workload, n) -> notes.add("⚠ " + workload + ": " + n.longValue() + " latencies outside the"
                + " histogram's range (the workload's floor, 0 or its handler's sleep, to "
                + java.time.Duration.ofNanos(Trial.HIGHEST_TRACKABLE_NANOS).toMinutes()
                + " min above it) were recorded at its nearest bound; its percentiles near them are bounds"));
        return notes;
    }

    /** The round count of the next extension step after {@code measured}: 6 → 9 → 12, never past the cap. */
    int nextStep(int measured) {
        return judging.nextStep(measured);
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
            List<Double> values = DisturbancePolicy.perRound(f, rounds);
            results.add(new FigureResult(new Verdict.NoBaseline(f.key(), f.unit(), f.direction(), MedianInterval.of(values),
                    "measured, not judged: no baselines for testbed " + source.testbed()), values, f.workloads()));
        }
        List<String> notes = new ArrayList<>(List.of(note));
        DisturbancePolicy.busyRounds(rounds).ifPresent(notes::add);
        return new GroupResult(group, EnvironmentComparison.withCalibration(environment, rounds), results,
                EnvironmentComparison.samples(rounds), List.of(), notes);
    }
}
