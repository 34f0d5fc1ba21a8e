package io.github.zkrpcperfgate.compare;

import java.util.Optional;
import java.util.Properties;

/**
 * {@code -Dperf.compare=zookeeper.version=3.9.4}: measure the POM's release (the candidate)
 * against the named one (the reference) in the same run, interleaved, instead of against
 * baselines recorded at another time.
 *
 * @param key       the version property whose value differs, e.g. {@code zookeeper.version}
 * @param reference the release the candidate is compared with
 * @param tolerance a slowdown wholly beyond this factor (1.10: 10%) fails the build
 * @param starts    starts of each side's servers, in ABBA order (at least 3: start-to-start drift
 *                  must land inside the interval, not in the verdict)
 * @param rounds    measured rounds of each start, both sides sampled in every round
 * @param seed      seeds each round's random order and the interval's bootstrap; printed in the report
 */
public record ReleaseComparison(String key, String reference, double tolerance, int starts, int rounds, long seed) {

    public static final double DEFAULT_TOLERANCE = 1.10;
    public static final int DEFAULT_STARTS = 4;
    public static final int DEFAULT_ROUNDS = 4;
    public static final long DEFAULT_SEED = 20261130L;
    /** Fewer starts cannot tell a change from one start's luck. */
    public static final int MIN_STARTS = 3;

    public ReleaseComparison {
        if (!(tolerance > 1)) {
            throw new IllegalArgumentException("-Dperf.compare.tolerance must be > 1 (1.10 fails a 10% slowdown), was " + tolerance);
        }
        if (starts < MIN_STARTS) {
            throw new IllegalArgumentException("-Dperf.compare.starts must be >= " + MIN_STARTS + ", was " + starts);
        }
        if (rounds < 2) {
            throw new IllegalArgumentException("-Dperf.compare.rounds must be >= 2, was " + rounds);
        }
    }

    /** The comparison the system properties ask for, if any. */
    public static Optional<ReleaseComparison> from(Properties p) {
        String spec = p.getProperty("perf.compare", "").trim();
        if (spec.isEmpty()) {
            return Optional.empty();
        }
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new IllegalArgumentException("-Dperf.compare=" + spec + ": expected <version property>=<reference release>,"
                    + " e.g. zookeeper.version=3.9.4");
        }
        String reference = spec.substring(eq + 1).trim();
        if (reference.contains(",")) {
            throw new IllegalArgumentException("-Dperf.compare=" + spec + ": one reference release at a time (a timeline of"
                    + " several is not built yet)");
        }
        return Optional.of(new ReleaseComparison(spec.substring(0, eq).trim(), reference,
                parsed(p, "perf.compare.tolerance", DEFAULT_TOLERANCE, Double::parseDouble, "a number"),
                parsed(p, "perf.compare.starts", DEFAULT_STARTS, Integer::parseInt, "a whole number"),
                parsed(p, "perf.compare.rounds", DEFAULT_ROUNDS, Integer::parseInt, "a whole number"),
                parsed(p, "perf.compare.seed", DEFAULT_SEED, Long::parseLong, "a whole number")));
    }

    private static <T> T parsed(Properties p, String property, T fallback, java.util.function.Function<String, T> parse,
                                String what) {
        String text = p.getProperty(property, "").trim();
        try {
            return text.isEmpty() ? fallback : parse.apply(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + property + " must be " + what + ", was \"" + text + "\"", e);
        }
    }

    /** Whether the reference side starts its servers first at {@code start} (0-based): A B, B A, B A, A B, … */
    public boolean referenceFirst(int start) {
        int inFour = start % 4;
        return inFour == 0 || inFour == 3;
    }
}
