package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.Estimate;

/**
 * How wide a freshly recorded band is. A band needs both statistical and practical significance:
 * it is never narrower than the spread of the rounds it was recorded from (the recorded 95%
 * interval's high/low), nor narrower than the figure's minimum factor, which covers the
 * run-to-run drift that a single run cannot see.
 */
public final class BandPolicy {

    private BandPolicy() {
    }

    /** The band around {@code recorded.median()}, as a factor on a log scale. */
    public static Band bandFor(Estimate recorded, double minimumFactor) {
        if (!recorded.hasInterval()) {
            throw new IllegalArgumentException("cannot record a band from " + recorded.sampleCount()
                    + " rounds: a 95% interval needs at least 6; raise -Dperf.rounds");
        }
        if (!(recorded.low() > 0)) {
            throw new IllegalArgumentException("cannot record a band around a non-positive interval ["
                    + recorded.low() + ", " + recorded.high() + "]");
        }
        double spread = recorded.high() / recorded.low();
        return Band.around(recorded.median(), Math.max(minimumFactor, spread));
    }
}
