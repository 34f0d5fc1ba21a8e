package io.github.zkrpcperfgate.gate;

import java.util.List;
import java.util.Optional;

/**
 * A scenario catalogue that can build its driver: what {@code @PerfGate} on an IT names, and what
 * {@link java.util.ServiceLoader} lists (META-INF/services) so a {@code -Dperf.scenarios} glob is
 * checked against every family's scenarios before anything starts. Implementations have a
 * public no-argument constructor.
 */
public interface ScenarioFamily {

    /**
     * The rules this family's verdicts are reached by: the engine's ({@link GateEngine#JUDGING_RULES}),
     * or, for a family with rules of its own, a statement of both that starts with a date no older
     * than the engine's (a self-check pools only runs judged under the same rules).
     */
    default String judgingRules() {
        return GateEngine.JUDGING_RULES;
    }

    /** Every scenario the family knows, selected or not. */
    List<String> scenarioNames();

    /** A driver for the scenarios {@code settings} selects, with {@code injection}'s slowdown built in. */
    ScenarioDriver driver(PerfSettings settings, Injection injection);

    /**
     * The release this build runs of what {@code versionProperty} names (e.g. {@code zookeeper.version}):
     * the candidate of a same-run comparison; empty when the property is not this family's.
     */
    default Optional<String> releaseUnderTest(String versionProperty) {
        return Optional.empty();
    }

    /**
     * A driver of the same scenarios running {@code release} of what {@code versionProperty}
     * names: the reference side of a same-run comparison. Empty when the property is not this
     * family's; fails, naming it, when the release cannot be had, before any server starts.
     */
    default Optional<ScenarioDriver> driverOf(PerfSettings settings, Injection injection, String versionProperty,
                                                        String release) {
        return Optional.empty();
    }
}
