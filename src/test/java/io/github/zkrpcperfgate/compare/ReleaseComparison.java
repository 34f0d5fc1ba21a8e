package io.github.zkrpcperfgate.compare;

import io.github.zkrpcperfgate.measure.Testbed;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * {@code -Dperf.compare=zookeeper.version=3.9.4}: measure the POM's release (the candidate)
 * against the named one (the reference) in the same run, interleaved, instead of against
 * baselines recorded at another time. {@code -Dperf.compare=zookeeper.version=3.8.3,3.8.6,3.9.0}
 * names a timeline, oldest first: every release is measured in the same rounds, the candidate
 * last; the candidate is judged against the last one listed (the release it replaces) and each
 * earlier step is reported, so a reader sees which release moved a figure.
 *
 * @param key       the version property whose value differs, e.g. {@code zookeeper.version}
 * @param releases  the releases the candidate is measured beside, oldest first; the last is the
 *                  reference, the one the candidate is judged against
 * @param tolerance a slowdown wholly beyond this factor (1.10: 10%) fails the build
 * @param starts    starts of each side's servers, in ABBA order (at least 3: start-to-start drift
 *                  must land inside the interval, not in the verdict)
 * @param rounds    measured rounds of each start, both sides sampled in every round
 * @param seed      seeds each round's random order and the interval's bootstrap; printed in the report
 */
public record ReleaseComparison(String key, List<String> releases, double tolerance, int starts, int rounds, long seed) {

    public static final double DEFAULT_TOLERANCE = 1.10;
    public static final int DEFAULT_STARTS = 4;
    public static final int DEFAULT_ROUNDS = 4;
    public static final long DEFAULT_SEED = 20261130L;
    /** Fewer starts cannot tell a change from one start's luck. */
    public static final int MIN_STARTS = 3;

    public ReleaseComparison {
        releases = List.copyOf(releases);
        if (releases.isEmpty()) {
            throw new IllegalArgumentException("-Dperf.compare needs at least one reference release");
        }
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

    /** A comparison with one reference release. */
    public ReleaseComparison(String key, String reference, double tolerance, int starts, int rounds, long seed) {
        this(key, List.of(reference), tolerance, starts, rounds, seed);
    }

    /** The release the candidate is judged against: the last one listed. */
    public String reference() {
        return releases.get(releases.size() - 1);
    }

    /** The releases of the timeline before the reference, oldest first (none for a plain A/B). */
    public List<String> earlier() {
        return releases.subList(0, releases.size() - 1);
    }

    /** Every release measured, oldest first, the candidate last. */
    public List<String> timeline(String candidate) {
        List<String> all = new ArrayList<>(releases);
        all.add(candidate);
        return all;
    }

    /**
     * This comparison for the POM's release {@code candidate}: a timeline may end with it, as one
     * reads "3.8.3,3.8.6,3.9.5" for a POM at 3.9.5 (it is measured once, as the candidate); anywhere
     * else in a timeline it is refused. One release alone stays the reference even when it is the
     * candidate's own: the same release on both sides is the A/A check.
     */
    public ReleaseComparison forCandidate(String candidate) {
        if (releases.size() == 1) {
            return this;
        }
        List<String> references = new ArrayList<>(releases);
        if (references.get(references.size() - 1).equals(candidate)) {
            references.remove(references.size() - 1);
        }
        if (references.contains(candidate)) {
            throw new IllegalArgumentException("-Dperf.compare=" + key + "=" + String.join(",", releases) + ": " + candidate
                    + " is the POM's release, the candidate, and comes last in a timeline (list the releases oldest first)");
        }
        return new ReleaseComparison(key, references, tolerance, starts, rounds, seed);
    }

    /**
     * What a self-check's runs of this comparison pool on when resumed: the candidate, the
     * machine class and the comparison as asked. Same-run ratios are judged against no file, so
     * nothing else would tell a ledger's runs on one testbed from another's; a machine class's
     * noise (its disk, its timer wake-ups) says nothing of another's.
     */
    public String ledgerKey(String candidate, Testbed testbed) {
        return "same-run, candidate " + candidate + ", testbed " + testbed + ", " + this;
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
        List<String> releases = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String release : spec.substring(eq + 1).split(",", -1)) {
            String r = release.trim();
            if (r.isEmpty() || !seen.add(r)) {
                throw new IllegalArgumentException("-Dperf.compare=" + spec + ": " + (r.isEmpty() ? "an empty release"
                        : r + " listed twice") + "; expected releases oldest first, e.g. zookeeper.version=3.8.3,3.8.6,3.9.0");
            }
            releases.add(r);
        }
        return Optional.of(new ReleaseComparison(spec.substring(0, eq).trim(), releases,
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

    /**
     * Whether the releases start their servers oldest first, the reference before the candidate,
     * at {@code start} (0-based): A B, B A, B A, A B, … (a timeline's whole order turns alike).
     */
    public boolean referenceFirst(int start) {
        int inFour = start % 4;
        return inFour == 0 || inFour == 3;
    }
}
