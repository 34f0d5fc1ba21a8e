package io.github.zkrpcperfgate.compare;

import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;

/**
 * Which side of a comparison {@code -Dperf.inject} slows: {@code -Dperf.inject.side=candidate}
 * (the default: a change made slower must fail), {@code reference} (a change that made things
 * faster passes), or {@code both} (the same slowdown on both sides is the environment's and must
 * not fail: the A/B version of the self-check's slower-disk-for-all injection).
 */
public enum InjectedSide {
    CANDIDATE, REFERENCE, BOTH;

    public static final String PROPERTY = "perf.inject.side";

    public boolean candidate() {
        return this != REFERENCE;
    }

    public boolean reference() {
        return this != CANDIDATE;
    }

    /** The side the properties name; outside a comparison only the default makes sense. */
    public static InjectedSide from(Properties p, boolean comparing) {
        String text = p.getProperty(PROPERTY, "").trim();
        if (text.isEmpty()) {
            return CANDIDATE;
        }
        if (!comparing) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + text + " names a side of a comparison, and this run"
                    + " compares nothing: add -Dperf.compare=<version property>=<release>, or drop it");
        }
        return Arrays.stream(values()).filter(s -> s.name().toLowerCase(Locale.ROOT).equals(text.toLowerCase(Locale.ROOT)))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("-D" + PROPERTY + " must be candidate, reference or both,"
                        + " was \"" + text + "\""));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
