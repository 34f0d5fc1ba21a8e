package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.Estimate;

/**
 * What the judge decided for one gated figure: the measurement, the band it was held against,
 * and why. Only {@link Pass} lets the build through by itself; {@link Disturbed} (not judged, and
 * said so) fails the full profile and, past one per build, the quick one.
 */
public sealed interface Verdict {

    FigureKey key();

    String unit();

    Direction direction();

    Band band();

    Estimate measured();

    String reason();

    /** The name written in reports: Pass, Regression, Improvement, Disturbed or Inconclusive. */
    default String name() {
        return getClass().getSimpleName();
    }

    default boolean passed() {
        return this instanceof Pass;
    }

    /** The measured interval lies inside the band. */
    record Pass(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
    }

    /** The figure moved wholly to the bad side of its band. */
    record Regression(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
    }

    /** The figure moved wholly to the good side: suspicious until re-baselined on purpose. */
    record Improvement(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
    }

    /**
     * The figure would have failed, but another process competed for the CPU in rounds it
     * read: the move may be the neighbour's, not the change's. Not judged, and every report says
     * so at the top; whether the build goes on is the profile's rule (see GateAssertions).
     */
    record Disturbed(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
    }

    /** The interval straddles a band edge, or there is too little data to say. */
    record Inconclusive(FigureKey key, String unit, Direction direction, Band band, Estimate measured, String reason)
            implements Verdict {
    }
}
