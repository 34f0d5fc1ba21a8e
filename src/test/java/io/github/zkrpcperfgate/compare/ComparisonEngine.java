package io.github.zkrpcperfgate.compare;

import io.github.zkrpcperfgate.gate.GateEngine;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Measurement;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.measure.EnvironmentFingerprint;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Trial;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.result.Comparisons;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.SideValue;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.HierarchicalMedian;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Judge;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Same-run A/B: both releases' servers up at once, every round sampling every workload of both
 * sides in a seeded random order, the servers of each side started {@link ReleaseComparison#starts()}
 * times in ABBA order; each gated figure judged as the candidate's slowdown against the reference,
 * with a 95% interval over starts and rounds ({@link HierarchicalMedian}), against the tolerance.
 * No baseline is read or written: the reference is measured beside the candidate instead. A
 * timeline of more releases runs them all so, in the same rounds; each earlier step (one release
 * against the one before it) is computed as the judged one is, and reported without a verdict.
 */
public final class ComparisonEngine {

    /** How the reason of an earlier step of a timeline ends: it is reported, and fails nothing. */
    static final String EARLIER_STEP = "an earlier step of the timeline, reported and not judged (the build judges the"
            + " candidate against the release it replaces)";

    private final TrialPlan plan;
    private final Progress progress;

    /** @param plan its warm-up rounds and minimum sample time are used; rounds and starts are the comparison's */
    public ComparisonEngine(TrialPlan plan, Progress progress) {
        this.plan = plan;
        this.progress = progress;
    }

    /**
     * Measures and judges, and closes every driver whatever happens (from a shutdown hook too).
     *
     * @param sides            one driver per release of {@code c.timeline(candidateRelease)}, oldest
     *                         first: the reference's next to last, the candidate's (the POM's) last
     * @param candidateRelease the release the POM names, for the report
     */
    public ComparedRun run(String group, List<ScenarioDriver> sides, String candidateRelease, ReleaseComparison c)
            throws Exception {
        List<String> releases = c.timeline(candidateRelease);
        Thread hook = new Thread(() -> closeAll(sides), "perf-close-compare-" + group);
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (sides.size() != releases.size()) {
                throw new IllegalArgumentException(sides.size() + " drivers for the releases " + releases);
            }
            int n = sides.size();
            List<String> labels = IntStream.range(0, n).mapToObj(i -> Sides.label(i, n)).toList();
            List<GatedFigure> bases = sides.get(n - 1).figures();
            // Step s reads release s+1 against release s; the last step is the candidate against the reference.
            List<List<GatedFigure>> steps = IntStream.range(0, n - 1).mapToObj(s -> bases.stream().map(b -> s == n - 2
                    ? ComparedFigures.of(b, c) : ComparedFigures.step(b, labels.get(s), labels.get(s + 1), releases.get(s),
                    c.tolerance())).toList()).toList();
            // Per step or side, per figure, per start: the rounds' values.
            List<List<List<List<Double>>>> stepValues = perFigure(n - 1, bases.size());
            List<List<List<List<Double>>>> sideValues = perFigure(n, bases.size());
            List<Sample> samples = new ArrayList<>();
            List<SortedMap<String, String>> facts = IntStream.range(0, n).<SortedMap<String, String>>mapToObj(i -> new TreeMap<>()).toList();
            for (int start = 0; start < c.starts(); start++) {
                boolean oldestFirst = c.referenceFirst(start);
                progress.phase(group + ": start " + (start + 1) + " of " + c.starts() + ", " + (oldestFirst
                        ? (n == 2 ? "reference " + c.reference() : "oldest release " + releases.get(0)) + " first"
                        : "candidate " + candidateRelease + " first"));
                startServers(sides, oldestFirst, start == 0);
                List<Round> rounds = measureStart(group, sides, labels, c, start, facts);
                for (int s = 0; s < n - 1; s++) {
                    for (int i = 0; i < bases.size(); i++) {
                        GatedFigure f = steps.get(s).get(i);
                        stepValues.get(s).get(i).add(rounds.stream().filter(f::measuredIn).map(r -> f.perRound().applyAsDouble(r))
                                .toList());
                    }
                }
                for (int k = 0; k < n; k++) {
                    for (int i = 0; i < bases.size(); i++) {
                        GatedFigure base = bases.get(i);
                        GatedFigure step = steps.get(Math.min(k, n - 2)).get(i);
                        String label = labels.get(k);
                        sideValues.get(k).get(i).add(rounds.stream().filter(step::measuredIn)
                                .map(r -> base.perRound().applyAsDouble(Sides.view(r, label))).toList());
                    }
                }
                rounds.forEach(r -> r.order().forEach(name -> samples.add(r.sample(name))));
            }
            List<GroupResult> earlierSteps = new ArrayList<>();
            for (int s = 0; s < n - 2; s++) {
                String stepGroup = group + ", step " + (s + 1) + " of " + (n - 1);
                List<FigureResult> results = results(stepGroup, steps.get(s), bases, stepValues.get(s), sideValues.get(s),
                        sideValues.get(s + 1), releases.get(s), releases.get(s + 1), c, true);
                earlierSteps.add(new GroupResult(stepGroup, environment(facts.get(s), facts.get(s + 1), c, group, releases),
                        results, List.of(), List.of(), List.of("ℹ " + stepGroup + " (" + releases.get(s) + " → "
                        + releases.get(s + 1) + ") of the timeline " + String.join(" → ", releases)
                        + ", measured in the same rounds as the candidate: reported, not judged")));
            }
            List<FigureResult> judged = results(group, steps.get(n - 2), bases, stepValues.get(n - 2), sideValues.get(n - 2),
                    sideValues.get(n - 1), c.reference(), candidateRelease, c, false);
            String note = "ℹ same-run comparison: candidate " + candidateRelease + " (the POM's " + c.key() + ") against"
                    + " reference " + c.reference() + (n > 2 ? " and " + (n - 2) + " earlier release(s), a timeline "
                    + String.join(" → ", releases) + " (each earlier step in a section of its own, reported, not judged)" : "")
                    + "; " + c.starts() + " starts of " + (n == 2 ? "both sides'" : "every release's") + " servers (ABBA), "
                    + c.rounds() + " rounds each, every side sampled in every round in a random order (seed " + c.seed()
                    + "); each figure is the candidate's value over the reference's in the same round (above 1: worse),"
                    + " its 95% interval a bootstrap over starts and rounds; a slowdown wholly beyond x" + c.tolerance()
                    + " fails (-Dperf.compare.tolerance), one whose interval straddles it passes as not settled";
            progress.phase(group + ": " + note);
            GroupResult result = new GroupResult(group, environment(facts.get(n - 2), facts.get(n - 1), c, group, releases),
                    judged, samples, List.of(), List.of(note));
            return new ComparedRun(earlierSteps, result);
        } finally {
            closeAll(sides);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it closes the drivers
            }
        }
    }

    /** Every release's servers, oldest first or newest first: started, or (after the first start) stopped and started anew. */
    private static void startServers(List<ScenarioDriver> sides, boolean oldestFirst, boolean first) throws Exception {
        for (int k = 0; k < sides.size(); k++) {
            ScenarioDriver d = sides.get(oldestFirst ? k : sides.size() - 1 - k);
            if (first) {
                d.start();
            } else {
                d.restart();
            }
        }
    }

    /** {@code count} lists (steps or sides) of one list a figure, each to hold one list of values a start. */
    private static List<List<List<List<Double>>>> perFigure(int count, int figures) {
        List<List<List<List<Double>>>> all = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            List<List<List<Double>>> byFigure = new ArrayList<>();
            for (int i = 0; i < figures; i++) {
                byFigure.add(new ArrayList<>());
            }
            all.add(byFigure);
        }
        return all;
    }

    /** Each figure of one step judged (or, for an earlier step of a timeline, reported), with both releases' own values. */
    private List<FigureResult> results(String group, List<GatedFigure> figures, List<GatedFigure> bases,
                                       List<List<List<Double>>> values, List<List<List<Double>>> from,
                                       List<List<List<Double>>> to, String fromRelease, String toRelease, ReleaseComparison c,
                                       boolean earlierStep) {
        Band band = new Band(1 / c.tolerance(), c.tolerance());
        List<FigureResult> results = new ArrayList<>();
        for (int i = 0; i < figures.size(); i++) {
            GatedFigure f = figures.get(i);
            Estimate e = HierarchicalMedian.of(values.get(i), c.seed());
            Verdict v = decided(Judge.judge(f.key(), f.unit(), f.direction(), band, e), fromRelease, c);
            if (earlierStep) {
                v = v.passedBecause(v.reason() + "; " + EARLIER_STEP);
            }
            List<SideValue> sideValues = List.of(
                    new SideValue(Sides.REFERENCE, fromRelease, bases.get(i).unit(), HierarchicalMedian.of(from.get(i), c.seed())),
                    new SideValue(Sides.CANDIDATE, toRelease, bases.get(i).unit(), HierarchicalMedian.of(to.get(i), c.seed())));
            results.add(new FigureResult(v, values.get(i).stream().flatMap(List::stream).toList(), f.workloads(), sideValues));
            progress.phase(v.name() + "  " + group + " " + f.key() + ": " + v.reason());
        }
        return results;
    }

    /** Where one step ran: the later release's facts, the earlier's as {@code reference.*}, the comparison's settings. */
    private static SortedMap<String, String> environment(Map<String, String> from, Map<String, String> to, ReleaseComparison c,
                                                         String group, List<String> releases) {
        SortedMap<String, String> environment = new TreeMap<>(to);
        from.forEach((k, v) -> environment.put("reference." + k, v));
        environment.put(Comparisons.TOLERANCE, Double.toString(c.tolerance()));
        environment.put(Comparisons.STARTS, Integer.toString(c.starts()));
        environment.put(Comparisons.ROUNDS, Integer.toString(c.rounds()));
        environment.put(Comparisons.SEED, Long.toString(c.seed()));
        if (releases.size() > 2) {
            environment.put(Comparisons.TIMELINE, String.join(",", releases));
            environment.put(Comparisons.TIMELINE_GROUP, group);
        }
        return environment;
    }

    private List<Round> measureStart(String group, List<ScenarioDriver> sides, List<String> labels, ReleaseComparison c,
                                     int start, List<SortedMap<String, String>> facts) throws Exception {
        boolean last = start == c.starts() - 1;
        List<Measurement> measurements = new ArrayList<>();
        try {
            for (int k = 0; k < sides.size(); k++) {
                measurements.add(sides.get(k).measure(last && k == sides.size() - 1));
            }
            // The family's warm-up floor, as GateEngine applies it; every side is one family.
            TrialPlan warmed = plan.withWarmupAtLeast(sides.stream().mapToInt(ScenarioDriver::minWarmupRounds).max().orElse(0));
            Trial trial = new Trial(Sides.combined(measurements.stream().map(Measurement::workloads).toList()), warmed, progress,
                    System::nanoTime, OptionalLong.of(c.seed() + start));
            progress.phase(group + ": warm-up (" + warmed.warmupRounds() + " round(s), discarded)");
            trial.warmUp();
            progress.phase(group + ": measuring " + c.rounds() + " rounds of " + (sides.size() == 2 ? "both sides" : "every release"));
            trial.runRounds(c.rounds(), c.rounds());
            for (int k = 0; k < sides.size(); k++) {
                facts.get(k).putAll(EnvironmentFingerprint.capture(measurements.get(k).facts()));
            }
            return trial.rounds();
        } catch (Exception e) {
            for (ScenarioDriver d : sides) {
                Exception explained = GateEngine.explained(d, e);
                if (explained != e) {
                    throw explained;
                }
            }
            throw e;
        } finally {
            for (int k = measurements.size() - 1; k >= 0; k--) {
                measurements.get(k).close();
            }
        }
    }

    private static void closeAll(List<ScenarioDriver> sides) {
        for (int k = sides.size() - 1; k >= 0; k--) {
            sides.get(k).close();
        }
    }

    /**
     * Only a slowdown the interval shows wholly beyond the tolerance fails. A candidate faster than
     * the reference passes, saying so (the comparison guards against slowdowns). An interval that
     * straddles the tolerance passes as not settled, its median and the way to settle it in the
     * reason: deciding such a figure on its median alone, as the baseline gate does at its cap,
     * would fail unchanged code. Measured 2026-11-30: one start of zk-1node 3.9.5 against itself
     * read medians 0.93-1.05 with intervals 0.68-1.19 wide at 16 rounds, and 3.9.4 against 3.9.5
     * medians 0.83-1.13, where a ±10% tolerance and the median alone would fail on round noise.
     */
    static Verdict decided(Verdict v, ReleaseComparison c) {
        return decided(v, c.reference(), c);
    }

    /** As {@link #decided(Verdict, ReleaseComparison)}, for a step from {@code fromRelease}. */
    private static Verdict decided(Verdict v, String fromRelease, ReleaseComparison c) {
        return switch (v.kind()) {
            case IMPROVEMENT -> v.passedBecause(v.reason() + "; faster than " + fromRelease + ", which passes");
            case INCONCLUSIVE -> v.passedBecause(Comparisons.NOT_SETTLED + v.reason() + ": not shown to be slower than x" + c.tolerance() + "; more starts"
                            + " (-Dperf.compare.starts, now " + c.starts() + ") narrow the interval");
            default -> v;
        };
    }
}
