package io.github.zkrpcperfgate.compare;

import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.gate.ScenarioFamily;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.result.GroupResult;
import java.util.ArrayList;
import java.util.List;

/**
 * A same-run comparison of one scenario family, as {@code @PerfGate} runs it for
 * {@code -Dperf.compare} and the self-check runs it in its compare mode: the candidate (the POM's
 * release) and the reference (and, for a timeline, every earlier release) built alike, each
 * from its release, an injection on the side {@link InjectedSide} names.
 */
public final class FamilyComparison {

    private FamilyComparison() {
    }

    /**
     * The candidate's driver: built as the reference's is, from its release (for Hadoop RPC: its
     * own runtime in a loader of its own, not the test classpath), so that how a side was loaded
     * is no difference between them.
     */
    public static ScenarioDriver candidate(ScenarioFamily family, PerfSettings settings, ReleaseComparison c,
                                           Injection injection, InjectedSide side) {
        return family.driverOf(settings, side.candidate() ? injection : Injection.none(), c.key(), candidateRelease(family, c))
                .orElseThrow();
    }

    /** The release this build runs of what {@code c} compares; fails when {@code family} does not compare it. */
    public static String candidateRelease(ScenarioFamily family, ReleaseComparison c) {
        return family.releaseUnderTest(c.key()).orElseThrow(() -> new IllegalArgumentException(
                family.getClass().getSimpleName() + " does not compare releases of " + c.key()));
    }

    /**
     * Measures {@code candidate} against the releases {@code asked} names and closes every driver,
     * {@code candidate}'s too, whatever happens. The judged result carries a note of what an
     * injection slowed; the earlier steps of a timeline come beside it.
     */
    public static ComparedRun run(ScenarioFamily family, ScenarioDriver candidate, PerfSettings settings,
                                  ReleaseComparison asked, Injection injection, InjectedSide side) throws Exception {
        String candidateRelease = candidateRelease(family, asked);
        List<ScenarioDriver> sides = new ArrayList<>();
        ReleaseComparison c;
        try {
            c = asked.forCandidate(candidateRelease);
            for (int i = 0; i < c.releases().size(); i++) {
                boolean slowed = i == c.releases().size() - 1 ? side.reference() : side == InjectedSide.BOTH;
                sides.add(family.driverOf(settings, slowed ? injection : Injection.none(), c.key(), c.releases().get(i))
                        .orElseThrow());
            }
        } catch (RuntimeException e) {
            sides.forEach(ScenarioDriver::close);
            candidate.close();
            throw e;
        }
        sides.add(candidate);
        ComparedRun run = new ComparisonEngine(settings.plan(PerfSettings.DEFAULT_PLAN), Progress.toStdout())
                .run(candidate.group(), sides, candidateRelease, c);
        if (injection.isEmpty()) {
            return run;
        }
        GroupResult noted = run.judged().withNote("ℹ -Dperf.inject=" + text(injection) + " slowed "
                + (side == InjectedSide.BOTH ? "every release alike" : "the " + side + " only")
                + " (-D" + InjectedSide.PROPERTY + ")");
        return new ComparedRun(run.earlierSteps(), noted);
    }

    /** "zk.fsyncDelayUs=15": the injection as {@code -Dperf.inject} spells it, in key order. */
    private static String text(Injection injection) {
        return injection.settings().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(","));
    }
}
