package io.github.zkrpcperfgate.result;

/**
 * What a same-run comparison's results say in words the reports read: how a compared figure's
 * unit, an unsettled reason, a change and the comparison's settings are spelled. Here, below
 * the reports and the comparison alike, so that neither reports nor charts import the engine.
 */
public final class Comparisons {

    private static final String UNIT_PREFIX = "x slower than ";
    /** How the reason of a figure the comparison could not settle begins. */
    public static final String NOT_SETTLED = "not settled: ";

    /** Environment keys of the comparison's settings, for the reports and compare.json. */
    public static final String TOLERANCE = "compare.tolerance";
    public static final String STARTS = "compare.starts";
    public static final String ROUNDS = "compare.rounds";
    public static final String SEED = "compare.seed";
    /** In a timeline of more than two releases: every release, oldest first, the candidate last. */
    public static final String TIMELINE = "compare.timeline";
    /** In a timeline: the scenario group whose steps these are (each step's group is named after it). */
    public static final String TIMELINE_GROUP = "compare.timelineGroup";

    private Comparisons() {
    }

    /** The unit of every compared figure: the candidate's slowdown against {@code reference}. */
    public static String unit(String reference) {
        return UNIT_PREFIX + reference;
    }

    /** Whether a figure of that unit is a comparison's, not a baseline's. */
    public static boolean isCompared(String unit) {
        return unit.startsWith(UNIT_PREFIX);
    }

    /** Whether a compared figure's verdict settled (its interval did not straddle the tolerance). */
    public static boolean settled(FigureResult f) {
        return !f.reason().startsWith(NOT_SETTLED);
    }

    /** A slowdown factor as a change: 1.053 → "+5.3%", 0.96 → "−4.0%", NaN → "—". */
    public static String asChange(double factor) {
        if (Double.isNaN(factor)) {
            return "—";
        }
        double change = (factor - 1) * 100;
        return (change >= 0 ? "+" : "−") + String.format(java.util.Locale.ROOT, "%.1f%%", Math.abs(change));
    }

    /**
     * Whether {@code group} is an earlier step of a timeline of releases: measured in the same
     * rounds as the judged step, reported, not judged (its verdicts are passes by construction).
     */
    public static boolean earlierStep(GroupResult group) {
        String judged = group.environment().get(TIMELINE_GROUP);
        return judged != null && !judged.equals(group.group());
    }

    /** {@code groups} without the earlier steps of a timeline: the ones whose verdicts count. */
    public static java.util.List<GroupResult> judged(java.util.List<GroupResult> groups) {
        return groups.stream().filter(g -> !earlierStep(g)).toList();
    }

    /** The compared figures of {@code group}, in order; empty for a group judged against baselines. */
    public static java.util.List<FigureResult> comparedIn(GroupResult group) {
        return group.figures().stream().filter(f -> isCompared(f.unit())).toList();
    }

    /** {@code side}'s value of {@code f}, e.g. the reference's; empty for a figure without sides. */
    public static java.util.Optional<SideValue> side(FigureResult f, String side) {
        return f.sides().stream().filter(s -> s.side().equals(side)).findFirst();
    }

    /** The release {@code side} ran, as the first of {@code figures} that has that side says. */
    public static java.util.Optional<String> release(java.util.List<FigureResult> figures, String side) {
        return figures.stream().flatMap(f -> side(f, side).stream()).map(SideValue::release).findFirst();
    }
}
