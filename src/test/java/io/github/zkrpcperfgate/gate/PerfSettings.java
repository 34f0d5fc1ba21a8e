package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.baseline.BaselineSource;
import io.github.zkrpcperfgate.measure.Testbed;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.stats.MedianInterval;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The suite's general {@code -Dperf.*} switches as one value: read from the system properties
 * when a build's first perf class starts (and by the self-check), then passed along. A family's
 * own switches ({@code -Dperf.zk.*}) are read by its catalogue when it builds its driver. Every
 * switch is documented in README.md.
 *
 * @param scenarioGlobs  {@code perf.scenarios}: comma-separated globs of scenario names, default {@code *}
 * @param rounds         {@code perf.rounds}: measured rounds, overriding the suite's plan
 * @param recordRuns     {@code perf.baselines.runs}: recording runs a re-baseline pools, overriding the plan's
 * @param updateBaselines {@code perf.baselines.update}: re-measure and rewrite baselines
 * @param inject         {@code perf.inject}: a deliberate slowdown for proving the gate fails
 * @param profile        {@code perf.profile}: {@code quick} or {@code full} (default)
 * @param testbed        {@code perf.testbed}: the machine class whose baselines judge this run, default
 *                       {@link Testbed#detect()}; they live in {@code baselinesDir/<testbed>/}
 * @param testbedRequired {@code perf.testbed.required}: a testbed without baselines fails the run
 *                       instead of being measured and reported only
 * @param acceptOutliers {@code perf.baselines.acceptOutliers}: record even when one recording run's
 *                       median lies far from the others'
 * @param addSitting     {@code perf.baselines.addSitting}: pool this sitting's recording runs with the
 *                       earlier sittings' kept beside the baseline
 * @param rederive       {@code perf.baselines.rederive}: write the baselines anew from the recording runs
 *                       kept beside them, measuring nothing (after a change of the band policy)
 */
public record PerfSettings(List<String> scenarioGlobs, Optional<Integer> rounds, Optional<Integer> recordRuns,
                           boolean updateBaselines,
                           String inject, Path baselinesDir, Path reportDir, PerfProfile profile,
                           Testbed testbed, boolean testbedRequired, boolean acceptOutliers, boolean addSitting,
                           boolean rederive) {

    /**
     * Warm-up 1, verdicts after 6 rounds (the fewest with a 95% interval), cap 12. A re-baseline
     * pools 5 runs of 6 rounds, each run on servers of its own: one run cannot see how much a
     * figure moves from one start of the servers to the next, and a band centred on one low or
     * high run turns that drift into false alarms (README, "How the gate decides", self-check 1).
     * Five runs of 6 rounds cost about 1.3 times three runs of 8, and their median run is a
     * steadier centre.
     */
    public static final TrialPlan DEFAULT_PLAN = new TrialPlan(1, 6, 12, 6, 5, Duration.ofSeconds(1));

    public PerfSettings {
        scenarioGlobs = List.copyOf(scenarioGlobs);
        rounds.ifPresent(r -> {
            // Fewer rounds have no 95% interval: every figure would be decided on a bare median.
            if (r < MedianInterval.MIN_SAMPLES_FOR_95_PERCENT) {
                throw new IllegalArgumentException("-Dperf.rounds must be >= " + MedianInterval.MIN_SAMPLES_FOR_95_PERCENT
                        + " (the fewest rounds with a 95% interval of the median), was " + r);
            }
        });
        recordRuns.ifPresent(r -> requireAtLeastOne("perf.baselines.runs", r));
    }

    private static void requireAtLeastOne(String property, int value) {
        if (value < 1) {
            throw new IllegalArgumentException("-D" + property + " must be >= 1, was " + value);
        }
    }

    public static PerfSettings fromSystemProperties() {
        return from(System.getProperties());
    }

    public static PerfSettings from(Properties p) {
        String globs = blankToDefault(p.getProperty("perf.scenarios"), "*");
        return new PerfSettings(
                Arrays.stream(globs.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList(),
                wholeNumber(p, "perf.rounds"),
                wholeNumber(p, "perf.baselines.runs"),
                Boolean.parseBoolean(blankToDefault(p.getProperty("perf.baselines.update"), "false")),
                blankToDefault(p.getProperty("perf.inject"), ""),
                Path.of(blankToDefault(p.getProperty("perf.baselines.dir"), "baselines")),
                Path.of(blankToDefault(p.getProperty("perf.report.dir"), "target/perf-report")),
                PerfProfile.parse(blankToDefault(p.getProperty("perf.profile"), "full")),
                p.getProperty("perf.testbed", "").isBlank() ? Testbed.detect() : new Testbed(p.getProperty("perf.testbed").trim()),
                Boolean.parseBoolean(blankToDefault(p.getProperty("perf.testbed.required"), "false")),
                Boolean.parseBoolean(blankToDefault(p.getProperty("perf.baselines.acceptOutliers"), "false")),
                Boolean.parseBoolean(blankToDefault(p.getProperty("perf.baselines.addSitting"), "false")),
                Boolean.parseBoolean(blankToDefault(p.getProperty("perf.baselines.rederive"), "false")));
    }

    /** Judge, record, record accepting a far-off run, or re-derive from the recorded runs. */
    public GateMode gateMode() {
        if (rederive) {
            return GateMode.REDERIVE;
        }
        return new GateMode(updateBaselines, acceptOutliers, addSitting);
    }

    /** Where a group's baseline file lives on this run's testbed, and whether its absence fails the run. */
    public BaselineSource baseline(String fileName) {
        return new BaselineSource(baselinesDir.resolve(testbed.name()).resolve(fileName), testbed.name(), testbedRequired);
    }

    /**
     * Fails unless every {@code perf.scenarios} glob selects at least one of {@code known} in this
     * profile: a mistyped selection would otherwise measure nothing and pass forever.
     */
    public void requireEveryGlobSelects(Collection<String> known) {
        for (String glob : scenarioGlobs) {
            Pattern pattern = globToRegex(glob);
            if (known.stream().noneMatch(s -> profile.includes(s) && pattern.matcher(s).matches())) {
                throw new IllegalArgumentException("-Dperf.scenarios=" + String.join(",", scenarioGlobs) + ": \"" + glob
                        + "\" matches no scenario of the " + profile.jsonName() + " profile; the scenarios are "
                        + known.stream().filter(profile::includes).sorted().toList());
            }
        }
    }

    private static Optional<Integer> wholeNumber(Properties p, String property) {
        String text = blankToDefault(p.getProperty(property), "");
        try {
            return text.isEmpty() ? Optional.empty() : Optional.of(Integer.parseInt(text.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + property + " must be a whole number, was \"" + text + "\"", e);
        }
    }

    private static String blankToDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }

    /** Whether the profile runs {@code scenario} and it matches one of the {@code perf.scenarios} globs. */
    public boolean selects(String scenario) {
        return profile.includes(scenario) && scenarioGlobs.stream().anyMatch(glob -> globToRegex(glob).matcher(scenario).matches());
    }

    /**
     * {@code plan} under the profile's cap, then the overrides, which win because they were
     * asked for by name: {@code perf.rounds=N} (N rounds to judge and in each recording run, cap
     * 2N) and {@code perf.baselines.runs=R}.
     */
    public TrialPlan plan(TrialPlan plan) {
        TrialPlan profiled = profile.plan(plan);
        TrialPlan rounded = rounds.map(profiled::withRounds).orElse(profiled);
        return recordRuns.map(rounded::withRecordRuns).orElse(rounded);
    }

    static Pattern globToRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
