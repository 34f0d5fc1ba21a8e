package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.baseline.BaselineSource;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.measure.EnvironmentFingerprint;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.result.GroupResult;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Drives one {@link ScenarioDriver} from baseline check to result: the baseline is read and held
 * against the catalogue before any server starts, then one run (or, when re-baselining, the
 * plan's recording runs, each on restarted servers) is measured and judged or recorded, and the
 * servers are stopped whatever happens.
 */
public final class GateEngine {

    /**
     * Names the rules a verdict is reached by; changed with every rule that can turn a verdict
     * (a self-check pools only runs judged under the same rules and the same baselines).
     * 2026-12-01: bands of figures in ms follow the run's CPU probe; a tail straddling at the cap passes.
     * 2026-12-01b: a figure straddling at the cap on busy rounds passes unsettled; NameNode p50s ×/÷1.5.
     * 2026-12-01c: a cost (a ratio where lower is better) is a ceiling, as latencies are.
     * 2026-12-01d: the writable RPC seed's handler ratio's band moves inversely with the CPU probe.
     * 2026-12-02: at the cap a straddling median on the better side passes: a gain needs the whole interval.
     * 2026-12-02b: bands of figures with a forced write widen with a slower disk; disk-bound tails fail only past 3x their top.
     * 2026-12-03: at the cap every straddling figure passes, not settled: a slowdown needs the whole interval too.
     * 2026-12-03b: a disk-bound tail's gross ceiling is 3x its top before the disk's widening, not after.
     * 2026-12-03c: a figure wholly better than its band (an Improvement) passes, ratios too.
     * 2026-12-03d: a band that follows the CPU follows, on rounds a neighbour disturbed, the CPU it left us (probe x contention index).
     * 2026-12-05a (the ZooKeeper seeds' family states it, the first whose baselines keep the fsync probe's tail): a disk-bound
     * tail's gross ceiling follows the probe's tail where the baseline keeps it ({@link Judging#TAIL_FOLLOWING_FACTOR}).
     * 2026-12-05b (every family): an interval past the band's better edge alone passes at once, without more rounds
     * ({@link io.github.zkrpcperfgate.verdict.Judge#PAST_THE_BETTER_EDGE_ONLY}); so does a tail held to a gross
     * ceiling whose interval straddles its top and lies wholly under that ceiling ({@link Judging#TAIL_UNDER_ITS_CEILING}).
     * A family whose own judging changed after these names its rules itself ({@link ScenarioFamily#judgingRules}):
     * a NameNode-only rule must not stop the other groups' self-check runs from pooling.
     */
    public static final String JUDGING_RULES = "2026-12-05b cpu-following ms bands, NameNode p50 x/1.5," + GateEngine.RULES_EVERY_FAMILY_SHARES;

    /** The part of {@link #JUDGING_RULES} a family that states its own rules restates too. */
    public static final String RULES_EVERY_FAMILY_SHARES = " costs are ceilings,"
            + " writable h10/h1 follows the CPU inversely, disk-widened bands, disk tails past 3x the unwidened top,"
            + " changes need the whole interval, improvements pass, busy rounds follow the CPU a neighbour left,"
            + " small-call tails past 3x the top, better-edge straddles pass at once, so do tails wholly under their ceilings";

    private final Function<String, BaselineSource> baselines;
    private final GateMode mode;
    private final TrialPlan plan;
    private final Progress progress;
    private final LongSupplier nanoClock;

    /**
     * @param baselines the baseline source of a file name within the testbed's directory
     */
    public GateEngine(Function<String, BaselineSource> baselines, GateMode mode, TrialPlan plan, Progress progress) {
        this(baselines, mode, plan, progress, System::nanoTime);
    }

    /** @param nanoClock monotonic nanoseconds; {@code System::nanoTime} except in tests of the engine */
    GateEngine(Function<String, BaselineSource> baselines, GateMode mode, TrialPlan plan, Progress progress,
               LongSupplier nanoClock) {
        this.baselines = baselines;
        this.mode = mode;
        this.plan = plan;
        this.progress = progress;
        this.nanoClock = nanoClock;
    }

    /** The engine the settings describe: their testbed's baselines, mode and plan. */
    public static GateEngine of(PerfSettings settings, GateMode mode) {
        return new GateEngine(settings::baseline, mode, settings.plan(PerfSettings.DEFAULT_PLAN), Progress.toStdout());
    }

    /**
     * Measures the driver's scenarios and closes it (its servers stop), whatever happens; a JVM
     * ended meanwhile by SIGTERM or Ctrl-C closes it from a shutdown hook, so no container or
     * child JVM outlives the run (leftovers of a JVM killed outright are swept at the next start).
     */
    public GroupResult run(ScenarioDriver driver) throws Exception {
        Thread hook = new Thread(driver::close, "perf-close-" + driver.group());
        Runtime.getRuntime().addShutdownHook(hook);
        try (driver) {
            GateRun gate = new GateRun(driver.group(), baselines.apply(driver.baselineFile()), mode,
                    plan.withWarmupAtLeast(driver.minWarmupRounds()), progress, nanoClock);
            Baselines read = gate.checkBeforeStart(driver.figures(), driver.catalogue());
            if (mode.rederives()) {
                return gate.rederive(read, driver.figures()); // no server starts: the ledger is the measurement
            }
            driver.start();
            GroupResult last = null;
            for (int run = 1; run <= gate.runs(); run++) {
                if (run > 1) {
                    driver.restart(); // each recording run on servers of its own: a new start, a new election
                }
                try (Measurement m = driver.measure(run == gate.runs())) {
                    last = gate.run(read, m.workloads(), driver.figures(), EnvironmentFingerprint.capture(m.facts()));
                    for (String note : m.notesAfter(last.samples())) {
                        last = last.withNote(note);
                    }
                } catch (Exception e) {
                    throw explained(driver, e);
                }
            }
            return last;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it closes the driver
            }
        }
    }

    /**
     * A run that failed while servers of the driver had died (a container exited, the engine went
     * away, a child JVM was killed) fails naming them and what was seen, the client's error as the
     * cause; any other failure is the run's own and passes unchanged.
     */
    public static Exception explained(ScenarioDriver driver, Exception failure) {
        List<String> dead = driver.deadServers();
        if (dead.isEmpty()) {
            return failure;
        }
        return new IllegalStateException(driver.group() + ": the run stopped because " + dead.size()
                + " server(s) went away while it measured (not a planned stop): " + String.join("; ", dead)
                + "\n(what the client saw: " + failure + ")", failure);
    }
}
