package io.github.zkrpcperfgate.gate;

import java.util.List;

/**
 * A scenario catalogue that can build its driver: what {@code @PerfGate} on an IT names, and what
 * {@link java.util.ServiceLoader} lists (META-INF/services) so a {@code -Dperf.scenarios} glob is
 * checked against every family's scenarios before anything starts. Implementations have a
 * public no-argument constructor.
 */
public interface ScenarioFamily {

    /** Every scenario the family knows, selected or not. */
    List<String> scenarioNames();

    /** A driver for the scenarios {@code settings} selects, with {@code injection}'s slowdown built in. */
    ScenarioDriver driver(PerfSettings settings, Injection injection);
}
