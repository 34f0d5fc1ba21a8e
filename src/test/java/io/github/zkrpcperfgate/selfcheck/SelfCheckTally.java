package io.github.zkrpcperfgate.selfcheck;

import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the self-check saw: every unchanged run's verdicts per figure, the noisy-neighbour run,
 * and each injection's effect on the figures it targets, measured against the unchanged runs
 * of the same session.
 */
public final class SelfCheckTally {

    /**
     * A figure over the unchanged runs: a verdict that fails the build is a false alarm; a
     * Disturbed one (not judged, a busy machine) is counted apart.
     */
    public record FalseAlarms(FigureKey figure, String unit, int runs, int alarms, int disturbed, List<String> verdicts,
                              List<Double> medians, List<Integer> rounds, String band) {
    }

    /**
     * One targeted figure under an injection.
     *
     * @param mustCatch the goal's smallest slowdown that must be caught ({@link CatchGoal#mustCatch})
     */
    public record TargetOutcome(FigureKey figure, double reference, double measured, double slowdown, Verdict.Kind verdict,
                                double mustCatch) {
        public boolean mustBeCaught() {
            return slowdown >= mustCatch;
        }

        public boolean caught() {
            return verdict == Verdict.Kind.REGRESSION;
        }
    }

    /**
     * @param slowdown the largest slowdown among the targets
     * @param caught   whether a targeted figure failed as a regression
     * @param figures  every figure of the run that did not pass, with its verdict
     * @param skipped  why the injection could not run here, or null
     */
    public record InjectionOutcome(InjectionCase injection, double slowdown, boolean caught, List<String> figures,
                                   List<TargetOutcome> targets, String skipped) {
    }

    /** A run with a noisy neighbour: every figure's verdict and how many rounds it took. */
    public record NoiseOutcome(String group, String neighbour, List<FigureResult> figures, List<String> notes) {
        public List<FigureResult> failed() {
            return figures.stream().filter(FigureResult::failsBuild).toList();
        }

        public List<FigureResult> disturbed() {
            return figures.stream().filter(FigureResult::disturbed).toList();
        }
    }

    /**
     * Unchanged builds of one scenario group: the unit users see. A build fails when any of its
     * figures does (a Disturbed one too, past what the profile lets through).
     */
    public record Builds(String group, int runs, int failed, List<String> failedFigures) {
    }

    /** One targeted figure of one injection, for {@link #catchesByKind()}. */
    public record Catch(String injection, FigureKey figure, double slowdown) {
    }

    /**
     * Per kind of figure ({@link FigureKind}): of the slowdowns injected on figures of that kind,
     * how many failed the build, the smallest that did and the largest that did not.
     */
    public record CatchesByKind(String kind, int targets, int caught, Optional<Catch> smallestCaught,
                                Optional<Catch> largestMissed) {
    }

    /**
     * One targeted figure over every run of an injection case ({@link InjectionCase#run}): how
     * many runs caught it, and its slowdowns, whose median decides whether the goal asks for it.
     */
    public record CatchRate(String injection, FigureKey figure, int runs, int caught, double medianSlowdown,
                            List<Double> slowdowns) {
    }

    /** What kind of run a {@link LoggedRun} was. */
    public enum Kind { UNCHANGED, NOISE, INJECTION, SKIPPED, BROKEN }

    /**
     * One run as {@code selfcheck.json} keeps it, so that a later session can resume the
     * self-check and pool its runs with this one's (the machine's disk and neighbours change
     * over hours; one sitting hides that).
     *
     * @param name    the injection's name, or the neighbour (empty for an unchanged run)
     * @param detail  the injection's {@code -Dperf.inject} text, or why it was skipped
     * @param session   when the session that made it began, e.g. 2026-11-30T10:12Z
     * @param baselines a digest of the group's baseline files it was judged against: a run is
     *                  pooled only with runs judged against the same bands
     */
    public record LoggedRun(Kind kind, String name, String detail, String group, String session, String baselines,
                            List<FigureResult> figures, List<String> notes) {
        public LoggedRun {
            figures = List.copyOf(figures);
            notes = List.copyOf(notes);
        }
    }

    private final int disturbedAllowedPerBuild;
    private final CatchGoal goal;
    private final String session;
    private final Map<String, String> baselines;
    private final List<LoggedRun> ledger = new ArrayList<>();
    private final Map<FigureKey, List<FigureResult>> unchanged = new LinkedHashMap<>();
    private final Map<String, List<List<FigureResult>>> unchangedBuilds = new LinkedHashMap<>();
    private final List<NoiseOutcome> noise = new ArrayList<>();
    /** Each injection with its run (or null and why it was skipped), judged against the unchanged runs when asked. */
    private final Map<InjectionCase, GroupResult> injectedRuns = new LinkedHashMap<>();
    private final Map<InjectionCase, String> skippedWhy = new LinkedHashMap<>();
    private final java.util.Set<InjectionCase> broken = new java.util.HashSet<>();

    /** A tally for the full profile, which lets no Disturbed figure through. */
    public SelfCheckTally() {
        this(0, "now", Map.of());
    }

    /**
     * @param disturbedAllowedPerBuild Disturbed figures a build may have and still pass (the profile's rule)
     * @param session                  names the session whose runs this tally adds, e.g. when it began
     * @param baselines                digest of each group's baseline files, by group, logged with its runs
     */
    public SelfCheckTally(int disturbedAllowedPerBuild, String session, Map<String, String> baselines) {
        this(disturbedAllowedPerBuild, CatchGoal.AGAINST_BASELINES, session, baselines);
    }

    /** @param goal what an injected slowdown must do: {@link CatchGoal#AGAINST_BASELINES} or {@link CatchGoal#SAME_RUN} */
    public SelfCheckTally(int disturbedAllowedPerBuild, CatchGoal goal, String session, Map<String, String> baselines) {
        this.disturbedAllowedPerBuild = disturbedAllowedPerBuild;
        this.goal = goal;
        this.session = session;
        this.baselines = Map.copyOf(baselines);
    }

    /**
     * A tally that goes on from {@code earlier} runs (an earlier session's {@code selfcheck.json}).
     * An injection whose catalogue entry is gone or now injects something else is dropped, so
     * it runs again; so is every run judged against other baselines than its group's now.
     */
    public static SelfCheckTally resuming(List<LoggedRun> earlier, List<InjectionCase> catalogue,
                                          int disturbedAllowedPerBuild, String session, Map<String, String> baselines) {
        return resuming(earlier, catalogue, disturbedAllowedPerBuild, CatchGoal.AGAINST_BASELINES, session, baselines);
    }

    /** As {@link #resuming(List, List, int, String, Map)}, held to {@code goal}. */
    public static SelfCheckTally resuming(List<LoggedRun> earlier, List<InjectionCase> catalogue, int disturbedAllowedPerBuild,
                                          CatchGoal goal, String session, Map<String, String> baselines) {
        SelfCheckTally tally = new SelfCheckTally(disturbedAllowedPerBuild, goal, session, baselines);
        for (LoggedRun run : earlier) {
            if (run.kind() != Kind.SKIPPED && !run.baselines().equals(baselines.getOrDefault(run.group(), ""))) {
                continue;
            }
            GroupResult result = new GroupResult(run.group(), new java.util.TreeMap<>(), run.figures(), List.of(),
                    List.of(), run.notes());
            switch (run.kind()) {
                case UNCHANGED -> tally.add(run, () -> tally.unchanged(result));
                case NOISE -> tally.add(run, () -> tally.noise(result, run.name()));
                case INJECTION -> catalogue.stream()
                        .filter(c -> c.name().equals(run.name()) && c.inject().equals(run.detail())).findFirst()
                        .ifPresent(c -> tally.add(run, () -> tally.injected(c, result)));
                case SKIPPED -> catalogue.stream().filter(c -> c.name().equals(run.name())).findFirst()
                        .ifPresent(c -> tally.add(run, () -> tally.skipped(c, run.detail())));
                case BROKEN -> { } // an error, not a missing capability: it runs again
            }
        }
        return tally;
    }

    /** Replays an earlier run, keeping its own session in the ledger. */
    private void add(LoggedRun run, Runnable replay) {
        int before = ledger.size();
        replay.run();
        ledger.set(before, run);
    }

    public synchronized void unchanged(GroupResult run) {
        run.figures().forEach(f -> unchanged.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(f));
        unchangedBuilds.computeIfAbsent(run.group(), g -> new ArrayList<>()).add(run.figures());
        log(Kind.UNCHANGED, "", "", run);
    }

    private void log(Kind kind, String name, String detail, GroupResult run) {
        ledger.add(new LoggedRun(kind, name, detail, run.group(), session, baselines.getOrDefault(run.group(), ""),
                run.figures(), run.notes()));
    }

    /** Every run tallied, earlier sessions' first, as {@code selfcheck.json} keeps them. */
    public synchronized List<LoggedRun> ledger() {
        return List.copyOf(ledger);
    }

    /** How many unchanged runs of {@code group} are tallied, from every session. */
    public synchronized int unchangedRuns(String group) {
        return unchangedBuilds.getOrDefault(group, List.of()).size();
    }

    public synchronized boolean hasNoise(String group) {
        return noise.stream().anyMatch(n -> n.group().equals(group));
    }

    /** Whether {@code injection} ran (or was skipped) already. */
    public synchronized boolean has(InjectionCase injection) {
        return injectedRuns.containsKey(injection);
    }

    /** Per session, in order: how many unchanged runs it made. */
    public synchronized Map<String, Long> unchangedRunsPerSession() {
        Map<String, Long> perSession = new LinkedHashMap<>();
        ledger.stream().filter(r -> r.kind() == Kind.UNCHANGED).forEach(r -> perSession.merge(r.session(), 1L, Long::sum));
        return perSession;
    }

    /** The figures that fail a build under the profile's rule for Disturbed ones. */
    List<FigureResult> failingTheBuild(List<FigureResult> figures) {
        List<FigureResult> disturbed = figures.stream().filter(FigureResult::disturbed).toList();
        List<FigureResult> failing = new ArrayList<>(figures.stream().filter(FigureResult::failsBuild).toList());
        if (disturbed.size() > disturbedAllowedPerBuild) {
            failing.addAll(disturbed);
        }
        return failing;
    }

    /** Per scenario group: how many unchanged builds ran, how many failed, and on which figures. */
    public synchronized List<Builds> builds() {
        List<Builds> rows = new ArrayList<>();
        unchangedBuilds.forEach((group, runs) -> {
            List<List<FigureResult>> failed = runs.stream().map(this::failingTheBuild).filter(f -> !f.isEmpty()).toList();
            rows.add(new Builds(group, runs.size(), failed.size(),
                    failed.stream().flatMap(List::stream).map(f -> f.key() + " " + f.verdictName()).toList()));
        });
        return rows;
    }

    public synchronized void noise(GroupResult run, String neighbour) {
        noise.add(new NoiseOutcome(run.group(), neighbour, run.figures(), run.notes()));
        log(Kind.NOISE, neighbour, "", run);
    }

    public synchronized InjectionOutcome injected(InjectionCase injection, GroupResult run) {
        // Figures only: the raw samples (thousands of histograms) are not needed later, and the
        // self-check's JVM also hosts the Hadoop RPC servers it measures, so its heap should not grow.
        GroupResult figures = new GroupResult(run.group(), run.environment(), run.figures(), List.of(),
                run.baselineChanges(), run.notes());
        injectedRuns.put(injection, figures);
        log(Kind.INJECTION, injection.name(), injection.inject(), figures);
        return outcome(injection, figures);
    }

    private InjectionOutcome outcome(InjectionCase injection, GroupResult run) {
        List<TargetOutcome> targets = new ArrayList<>();
        for (FigureKey key : injection.targets()) {
            run.figures().stream().filter(f -> f.key().equals(key)).findFirst()
                    .ifPresent(f -> targets.add(target(f)));
        }
        double slowdown = targets.stream().mapToDouble(TargetOutcome::slowdown).max().orElse(Double.NaN);
        boolean caught = targets.stream().anyMatch(TargetOutcome::caught);
        List<String> failed = failingTheBuild(run.figures()).stream().map(f -> f.key() + " " + f.verdictName()).toList();
        return new InjectionOutcome(injection, slowdown, caught, failed, targets, null);
    }

    /** An injection whose run failed with an error: a problem of the self-check, and run again on resume. */
    public synchronized void couldNotRun(InjectionCase injection, Exception error) {
        broken.add(injection);
        notRun(Kind.BROKEN, injection, "could not run: " + error);
    }

    public synchronized void skipped(InjectionCase injection, String why) {
        notRun(Kind.SKIPPED, injection, why);
    }

    private void notRun(Kind kind, InjectionCase injection, String why) {
        injectedRuns.put(injection, null);
        skippedWhy.put(injection, why);
        String group = injection.group();
        ledger.add(new LoggedRun(kind, injection.name(), why, group, session, baselines.getOrDefault(group, ""),
                List.of(), List.of()));
    }

    /**
     * The figure's slowdown: its median over the unchanged runs (or, without any, the middle of
     * its band) against its injected median, turned so that above 1 means worse.
     */
    private TargetOutcome target(FigureResult injected) {
        double reference = reference(injected.key()).orElseGet(() ->
                Math.sqrt(injected.band().low() * injected.band().high()));
        double measured = injected.value().median();
        double slowdown = injected.direction() == Direction.HIGHER_IS_BETTER ? reference / measured : measured / reference;
        return new TargetOutcome(injected.key(), reference, measured, slowdown, injected.verdict().kind(), goal.mustCatch());
    }

    private Optional<Double> reference(FigureKey key) {
        List<FigureResult> runs = unchanged.getOrDefault(key, List.of());
        return runs.isEmpty() ? Optional.empty()
                : Optional.of(MedianInterval.of(runs.stream().map(f -> f.value().median()).toList()).median());
    }

    public synchronized List<FalseAlarms> falseAlarms() {
        List<FalseAlarms> rows = new ArrayList<>();
        unchanged.forEach((key, runs) -> rows.add(new FalseAlarms(key, runs.get(0).unit(), runs.size(),
                (int) runs.stream().filter(FigureResult::failsBuild).count(),
                (int) runs.stream().filter(FigureResult::disturbed).count(),
                runs.stream().map(FigureResult::verdictName).toList(),
                runs.stream().map(f -> f.value().median()).toList(),
                runs.stream().map(f -> f.value().sampleCount()).toList(),
                runs.get(0).band() == null ? "—" : runs.get(0).band().toString())));
        return rows;
    }

    public synchronized List<NoiseOutcome> noise() {
        return List.copyOf(noise);
    }

    /** Every injection, its slowdowns measured against the unchanged runs tallied so far. */
    public synchronized List<InjectionOutcome> injections() {
        List<InjectionOutcome> outcomes = new ArrayList<>();
        injectedRuns.forEach((injection, run) -> outcomes.add(run == null
                ? new InjectionOutcome(injection, Double.NaN, false, List.of(), List.of(), skippedWhy.get(injection))
                : outcome(injection, run)));
        return outcomes;
    }

    /**
     * The smallest slowdown caught per figure kind, over every targeted figure of every injection
     * that ran (environment changes, which must fail nothing, left out), by kind name.
     */
    public synchronized List<CatchesByKind> catchesByKind() {
        Map<String, List<Catch>> caught = new TreeMap<>();
        Map<String, List<Catch>> missed = new TreeMap<>();
        for (InjectionOutcome i : injections()) {
            if (i.skipped() != null || i.injection().environment()) {
                continue;
            }
            for (TargetOutcome t : i.targets()) {
                String kind = FigureKind.of(i.injection().group(), t.figure());
                caught.computeIfAbsent(kind, k -> new ArrayList<>());
                missed.computeIfAbsent(kind, k -> new ArrayList<>());
                (t.caught() ? caught : missed).get(kind).add(new Catch(i.injection().name(), t.figure(), t.slowdown()));
            }
        }
        Comparator<Catch> bySlowdown = Comparator.comparingDouble(Catch::slowdown);
        return caught.keySet().stream().map(kind -> new CatchesByKind(kind,
                caught.get(kind).size() + missed.get(kind).size(), caught.get(kind).size(),
                caught.get(kind).stream().min(bySlowdown), missed.get(kind).stream().max(bySlowdown))).toList();
    }

    /** What an injected slowdown must do in this self-check. */
    public CatchGoal goal() {
        return goal;
    }

    /**
     * Per injection case and targeted figure, over every run of the case that ran (environment
     * changes left out): how many runs caught it. A case run once has one run.
     */
    public synchronized List<CatchRate> catchRates() {
        Map<String, Map<FigureKey, List<TargetOutcome>>> byCase = new LinkedHashMap<>();
        for (InjectionOutcome i : injections()) {
            if (i.skipped() != null || i.injection().environment()) {
                continue;
            }
            Map<FigureKey, List<TargetOutcome>> byFigure = byCase.computeIfAbsent(i.injection().baseName(), k -> new LinkedHashMap<>());
            i.targets().forEach(t -> byFigure.computeIfAbsent(t.figure(), k -> new ArrayList<>()).add(t));
        }
        List<CatchRate> rates = new ArrayList<>();
        byCase.forEach((name, byFigure) -> byFigure.forEach((figure, runs) -> {
            List<Double> slowdowns = runs.stream().map(TargetOutcome::slowdown).toList();
            rates.add(new CatchRate(name, figure, runs.size(), (int) runs.stream().filter(TargetOutcome::caught).count(),
                    MedianInterval.of(slowdowns).median(), slowdowns));
        }));
        return rates;
    }

    /** Everything that misses the goals, one line each; empty when the gate met them all. */
    public synchronized List<String> problems() {
        List<String> problems = new ArrayList<>();
        falseAlarms().stream().filter(r -> r.alarms() > 0).forEach(r -> problems.add("false alarm: " + r.figure()
                + " failed " + r.alarms() + " of " + r.runs() + " unchanged runs " + r.verdicts()));
        noise.forEach(n -> failingTheBuild(n.figures()).forEach(f -> problems.add("noisy neighbour: " + f.key() + " "
                + f.verdictName() + (f.disturbed() ? " (more than " + disturbedAllowedPerBuild + " not judged in one build)" : "")
                + ": " + f.reason())));
        for (InjectionOutcome i : injections()) {
            if (broken.contains(i.injection())) {
                problems.add("injection " + i.injection().name() + " " + i.skipped());
                continue;
            }
            if (i.injection().environment()) {
                i.figures().forEach(f -> problems.add("an environment change failed the build: " + i.injection().name()
                        + " made " + f));
                continue;
            }
            if (i.injection().baseName().equals(i.injection().name())) { // a case run once: every run must catch it
                i.targets().stream().filter(t -> t.mustBeCaught() && !t.caught()).forEach(t -> problems.add("missed: "
                        + i.injection().name() + " slowed " + t.figure() + " " + SignificantDigits.format(t.slowdown())
                        + "x but it was " + t.verdict().jsonName()));
            }
            // The system's own slowdown read as a busy machine: the escape "Disturbed" must not be.
            i.targets().stream().filter(t -> t.verdict() == Verdict.Kind.DISTURBED).forEach(t -> problems.add(
                    "taken for a busy machine: " + i.injection().name() + " made " + t.figure() + " Disturbed"));
        }
        // A case run several times: its median slowdown decides whether it must be caught, in the goal's share of runs.
        catchRates().stream().filter(r -> r.runs() > 1 && r.medianSlowdown() >= goal.mustCatch() && !goal.met(r.caught(), r.runs()))
                .forEach(r -> problems.add("missed: " + r.injection() + " slowed " + r.figure() + " "
                        + SignificantDigits.format(r.medianSlowdown()) + "x (median of " + r.runs() + " runs) but "
                        + r.caught() + " of " + r.runs() + " caught it (goal: " + goal.describeShare() + ")"));
        return problems;
    }
}
