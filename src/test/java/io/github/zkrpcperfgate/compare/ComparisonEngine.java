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
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Judge;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Same-run A/B: both releases' servers up at once, every round sampling every workload of both
 * sides in a seeded random order, the servers of each side started {@link ReleaseComparison#starts()}
 * times in ABBA order; each gated figure judged as the candidate's slowdown against the reference,
 * with a 95% interval over starts and rounds ({@link HierarchicalMedian}), against the tolerance.
 * No baseline is read or written: the reference is measured beside the candidate instead.
 */
public final class ComparisonEngine {

    private final TrialPlan plan;
    private final Progress progress;

    /** @param plan its warm-up rounds and minimum sample time are used; rounds and starts are the comparison's */
    public ComparisonEngine(TrialPlan plan, Progress progress) {
        this.plan = plan;
        this.progress = progress;
    }

    /**
     * Measures and judges, and closes both drivers whatever happens (from a shutdown hook too).
     *
     * @param candidateRelease the release the POM names, for the report
     */
    public GroupResult run(String group, ScenarioDriver reference, ScenarioDriver candidate, String candidateRelease,
                           ReleaseComparison c) throws Exception {
        Thread hook = new Thread(() -> {
            candidate.close();
            reference.close();
        }, "perf-close-compare-" + group);
        Runtime.getRuntime().addShutdownHook(hook);
        try (reference; candidate) {
            List<GatedFigure> bases = candidate.figures();
            List<GatedFigure> figures = bases.stream().map(f -> ComparedFigures.of(f, c)).toList();
            Map<FigureKey, List<List<Double>>> perStart = new LinkedHashMap<>();
            Map<FigureKey, Map<String, List<List<Double>>>> sidesPerStart = new LinkedHashMap<>();
            figures.forEach(f -> {
                perStart.put(f.key(), new ArrayList<>());
                sidesPerStart.put(f.key(), Map.of(Sides.REFERENCE, new ArrayList<>(), Sides.CANDIDATE, new ArrayList<>()));
            });
            List<Sample> samples = new ArrayList<>();
            SortedMap<String, String> environment = new TreeMap<>();
            for (int start = 0; start < c.starts(); start++) {
                boolean referenceFirst = c.referenceFirst(start);
                progress.phase(group + ": start " + (start + 1) + " of " + c.starts() + ", " + (referenceFirst
                        ? "reference " + c.reference() + " first" : "candidate " + candidateRelease + " first"));
                ScenarioDriver first = referenceFirst ? reference : candidate;
                ScenarioDriver second = referenceFirst ? candidate : reference;
                if (start == 0) {
                    first.start();
                    second.start();
                } else {
                    first.restart();
                    second.restart();
                }
                List<Round> rounds = measureStart(group, reference, candidate, c, start, environment);
                for (int i = 0; i < figures.size(); i++) {
                    GatedFigure f = figures.get(i);
                    GatedFigure base = bases.get(i);
                    List<Round> measured = rounds.stream().filter(f::measuredIn).toList();
                    perStart.get(f.key()).add(measured.stream().map(r -> f.perRound().applyAsDouble(r)).toList());
                    sidesPerStart.get(f.key()).forEach((side, values) -> values.add(measured.stream()
                            .map(r -> base.perRound().applyAsDouble(Sides.view(r, side))).toList()));
                }
                rounds.forEach(r -> r.order().forEach(name -> samples.add(r.sample(name))));
            }
            Band band = new Band(1 / c.tolerance(), c.tolerance());
            List<FigureResult> results = new ArrayList<>();
            for (int i = 0; i < figures.size(); i++) {
                GatedFigure f = figures.get(i);
                List<List<Double>> values = perStart.get(f.key());
                Estimate e = HierarchicalMedian.of(values, c.seed());
                Verdict v = decided(Judge.judge(f.key(), f.unit(), f.direction(), band, e), c);
                Map<String, List<List<Double>>> sides = sidesPerStart.get(f.key());
                List<SideValue> sideValues = List.of(
                        new SideValue(Sides.REFERENCE, c.reference(), bases.get(i).unit(),
                                HierarchicalMedian.of(sides.get(Sides.REFERENCE), c.seed())),
                        new SideValue(Sides.CANDIDATE, candidateRelease, bases.get(i).unit(),
                                HierarchicalMedian.of(sides.get(Sides.CANDIDATE), c.seed())));
                results.add(new FigureResult(v, values.stream().flatMap(List::stream).toList(), f.workloads(), sideValues));
                progress.phase(v.name() + "  " + f.key() + ": " + v.reason());
            }
            environment.put(Comparisons.TOLERANCE, Double.toString(c.tolerance()));
            environment.put(Comparisons.STARTS, Integer.toString(c.starts()));
            environment.put(Comparisons.ROUNDS, Integer.toString(c.rounds()));
            environment.put(Comparisons.SEED, Long.toString(c.seed()));
            String note = "ℹ same-run comparison: candidate " + candidateRelease + " (the POM's " + c.key() + ") against"
                    + " reference " + c.reference() + "; " + c.starts() + " starts of both sides' servers (ABBA), "
                    + c.rounds() + " rounds each, both sides sampled in every round in a random order (seed " + c.seed()
                    + "); each figure is the candidate's value over the reference's in the same round (above 1: worse),"
                    + " its 95% interval a bootstrap over starts and rounds; a slowdown wholly beyond x" + c.tolerance()
                    + " fails (-Dperf.compare.tolerance), one whose interval straddles it passes as not settled";
            progress.phase(group + ": " + note);
            return new GroupResult(group, environment, results, samples, List.of(), List.of(note));
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it closes the drivers
            }
        }
    }

    private List<Round> measureStart(String group, ScenarioDriver reference, ScenarioDriver candidate, ReleaseComparison c,
                                     int start, SortedMap<String, String> environment) throws Exception {
        boolean last = start == c.starts() - 1;
        try (Measurement ref = reference.measure(false); Measurement cand = candidate.measure(last)) {
            // The family's warm-up floor, as GateEngine applies it; both sides are one family.
            TrialPlan warmed = plan.withWarmupAtLeast(Math.max(reference.minWarmupRounds(), candidate.minWarmupRounds()));
            Trial trial = new Trial(Sides.combined(ref.workloads(), cand.workloads()), warmed, progress, System::nanoTime,
                    OptionalLong.of(c.seed() + start));
            progress.phase(group + ": warm-up (" + warmed.warmupRounds() + " round(s), discarded)");
            trial.warmUp();
            progress.phase(group + ": measuring " + c.rounds() + " rounds of both sides");
            trial.runRounds(c.rounds(), c.rounds());
            environment.putAll(EnvironmentFingerprint.capture(cand.facts()));
            ref.facts().forEach((k, v) -> environment.put("reference." + k, v));
            return trial.rounds();
        } catch (Exception e) {
            Exception explained = GateEngine.explained(reference, e);
            throw explained == e ? GateEngine.explained(candidate, e) : explained;
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
        return switch (v.kind()) {
            case IMPROVEMENT -> v.passedBecause(v.reason() + "; faster than " + c.reference() + ", which passes");
            case INCONCLUSIVE -> v.passedBecause(Comparisons.NOT_SETTLED + v.reason() + ": not shown to be slower than x" + c.tolerance() + "; more starts"
                            + " (-Dperf.compare.starts, now " + c.starts() + ") narrow the interval");
            default -> v;
        };
    }
}
