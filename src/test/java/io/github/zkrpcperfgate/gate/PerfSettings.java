package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.measure.TrialPlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The suite's {@code -Dperf.*} switches, read once. Every switch is documented in README.md.
 *
 * @param scenarioGlobs  {@code perf.scenarios}: comma-separated globs of scenario names, default {@code *}
 * @param rounds         {@code perf.rounds}: measured rounds, overriding the suite's plan
 * @param updateBaselines {@code perf.baselines.update}: re-measure and rewrite baselines
 * @param inject         {@code perf.inject}: a deliberate slowdown for proving the gate fails
 * @param profile        {@code perf.profile}: {@code quick} or {@code full} (default)
 */
public record PerfSettings(List<String> scenarioGlobs, Optional<Integer> rounds, boolean updateBaselines,
                           String inject, Path baselinesDir, Path reportDir, PerfProfile profile) {

    /**
     * Warm-up 1, verdicts after 6 rounds (the fewest with a 95% interval), cap 12; record 12,
     * whose interval (3rd to 10th of 12) is far tighter than 8 rounds' (min to max).
     */
    public static final TrialPlan DEFAULT_PLAN = new TrialPlan(1, 6, 12, 12, Duration.ofSeconds(1));

    public PerfSettings {
        scenarioGlobs = List.copyOf(scenarioGlobs);
        rounds.ifPresent(r -> {
            if (r < 1) {
                throw new IllegalArgumentException("-Dperf.rounds must be >= 1, was " + r);
            }
        });
    }

    public static PerfSettings fromSystemProperties() {
        return from(System.getProperties());
    }

    public static PerfSettings from(Properties p) {
        String globs = blankToDefault(p.getProperty("perf.scenarios"), "*");
        String rounds = blankToDefault(p.getProperty("perf.rounds"), "");
        Optional<Integer> parsedRounds;
        try {
            parsedRounds = rounds.isEmpty() ? Optional.empty() : Optional.of(Integer.parseInt(rounds.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-Dperf.rounds must be a whole number, was \"" + rounds + "\"", e);
        }
        return new PerfSettings(
                Arrays.stream(globs.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList(),
                parsedRounds,
                Boolean.parseBoolean(blankToDefault(p.getProperty("perf.baselines.update"), "false")),
                blankToDefault(p.getProperty("perf.inject"), ""),
                Path.of(blankToDefault(p.getProperty("perf.baselines.dir"), "baselines")),
                Path.of(blankToDefault(p.getProperty("perf.report.dir"), "target/perf-report")),
                PerfProfile.parse(blankToDefault(p.getProperty("perf.profile"), "full")));
    }

    private static String blankToDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }

    /** Whether the profile runs {@code scenario} and it matches one of the {@code perf.scenarios} globs. */
    public boolean selects(String scenario) {
        return profile.includes(scenario) && scenarioGlobs.stream().anyMatch(glob -> globToRegex(glob).matcher(scenario).matches());
    }

    /**
     * {@code plan} under the profile's cap, then the rounds override ({@code perf.rounds=N}: N
     * rounds to judge and to record, cap 2N), which wins because it was asked for by name.
     */
    public TrialPlan plan(TrialPlan plan) {
        TrialPlan profiled = profile.plan(plan);
        return rounds.map(profiled::withRounds).orElse(profiled);
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
