package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.Estimate;
import java.util.Arrays;

/**
 * What the gate concluded for one gated figure: the measurement, the band it was held against
 * (null when none could be read), and why. Every outcome a figure can have is a member, so
 * reports, assertions and the self-check decide with an exhaustive {@code switch} on
 * {@link #kind()}, never on text; only JSON spells the kind out (see {@link Kind#jsonName()}).
 */
public sealed interface Verdict {

    /** Every outcome, as {@code switch} needs it (Java 17 has no pattern switch over sealed types). */
    enum Kind {
        /** The measured interval lies inside the band. */
        PASS("Pass"),
        /** The figure moved wholly to the bad side of its band. */
        REGRESSION("Regression"),
        /** The figure moved wholly to the good side: it passes, and every report names it to re-baseline. */
        IMPROVEMENT("Improvement"),
        /** Would have failed, but another process competed for the CPU in rounds it read: not judged. */
        DISTURBED("Disturbed"),
        /** The interval straddles a band edge, or there is too little data to say. */
        INCONCLUSIVE("Inconclusive"),
        /** A re-baseline run wrote the figure's new band. */
        RECORDED("Recorded"),
        /** Measured, not judged: this run's testbed has no baselines. */
        NO_BASELINE("NoBaseline"),
        /** The figure's baseline could not be used (missing or malformed entry). */
        ERROR("Error");

        private final String jsonName;

        Kind(String jsonName) {
            this.jsonName = jsonName;
        }

        /** How results.json, the ledgers and every report spell it. */
        public String jsonName() {
            return jsonName;
        }

        public static Kind fromJson(String name) {
            return Arrays.stream(values()).filter(k -> k.jsonName.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown verdict \"" + name + "\"; known: "
                            + Arrays.stream(values()).map(Kind::jsonName).toList()));
        }
    }

    FigureKey key();

    String unit();

    Direction direction();

    /** The band held against; null for {@link Error} and {@link NoBaseline}. */
    Band band();

    Estimate measured();

    String reason();

    Kind kind();

    /** The name written in reports: Pass, Regression, Improvement, Disturbed, Inconclusive, Recorded, NoBaseline, Error. */
    default String name() {
        return kind().jsonName();
    }

    /**
     * Judged and let through: within its band, wholly on its good side, or just recorded as the band.
     *
     * <p>An Improvement passes (rules 2026-12-03c; until then it failed the build, "an unexplained
     * gain is as suspicious as a loss"). Measured on 2c-amd-epyc: every unchanged build that failed
     * under rules 2026-12-03b failed on a ratio wholly above its band and on nothing else
     * (self-check 8, zk-1node multiOverSync 87.47 against a top of 68.53, zk-5node 150.4 against
     * 138.8; CI's fresh-clone build of 784ebf6, zk-1node multiOverAsync 14.8 against 12.78),
     * while no injection of self-checks 5 to 8 was caught on an Improvement alone: a ratio rises
     * when its denominator's mode slows, and that mode's own figures (sync p50, async/sync) fail
     * as Regressions. One such "catch" could not be told from unchanged code anyway: zk-5node
     * multiOverSync read 169.8 (CI 154.0 to 197.6) under a 1.23x slower server sync and 150.4
     * (141.6 to 188.4) unchanged in the same sitting.
     */
    default boolean passed() {
        return switch (kind()) {
            case PASS, RECORDED, IMPROVEMENT -> true;
            case REGRESSION, DISTURBED, INCONCLUSIVE, NO_BASELINE, ERROR -> false;
        };
    }

    /** The same figure and measurement, passed, for {@code reason} (e.g. a latency below its band: a ceiling). */
    default Verdict passedBecause(String reason) {
        return of(Kind.PASS, key(), unit(), direction(), band(), measured(), reason);
    }

    /** The same verdict about another measurement (e.g. a figure read back from results.json). */
    static Verdict of(Kind kind, FigureKey key, String unit, Direction direction, Band band, Estimate measured,
                      String reason) {
        return switch (kind) {
            case PASS -> new Pass(key, unit, direction, band, measured, reason);
            case REGRESSION -> new Regression(key, unit, direction, band, measured, reason);
            case IMPROVEMENT -> new Improvement(key, unit, direction, band, measured, reason);
            case DISTURBED -> new Disturbed(key, unit, direction, band, measured, reason);
            case INCONCLUSIVE -> new Inconclusive(key, unit, direction, band, measured, reason);
            case RECORDED -> new Recorded(key, unit, direction, band, measured, reason);
            case NO_BASELINE -> new NoBaseline(key, unit, direction, measured, reason);
            case ERROR -> new Error(key, unit, direction, measured, reason);
        };
    }

    record Pass(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
        public Kind kind() {
            return Kind.PASS;
        }
    }

    record Regression(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
        public Kind kind() {
            return Kind.REGRESSION;
        }
    }

    record Improvement(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
        public Kind kind() {
            return Kind.IMPROVEMENT;
        }
    }

    /** Whether the build goes on is the profile's rule (see GateAssertions); every report says so at the top. */
    record Disturbed(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
        public Kind kind() {
            return Kind.DISTURBED;
        }
    }

    record Inconclusive(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
        public Kind kind() {
            return Kind.INCONCLUSIVE;
        }
    }

    record Recorded(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
        public Kind kind() {
            return Kind.RECORDED;
        }
    }

    record NoBaseline(FigureKey key, String unit, Direction direction, Estimate measured, String reason)
            implements Verdict {
        public Band band() {
            return null;
        }

        public Kind kind() {
            return Kind.NO_BASELINE;
        }
    }

    record Error(FigureKey key, String unit, Direction direction, Estimate measured, String reason)
            implements Verdict {
        public Band band() {
            return null;
        }

        public Kind kind() {
            return Kind.ERROR;
        }
    }
}
