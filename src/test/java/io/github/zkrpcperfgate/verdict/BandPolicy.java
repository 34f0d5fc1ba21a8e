package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.Estimate;

/**
 * How wide a freshly recorded band is. A band needs both statistical and practical significance:
 * it is never narrower than the uncertainty of the recorded median (how far the 95% interval
 * reaches from it, on either side), nor narrower than the figure's minimum factor, which covers
 * the run-to-run drift that a single run cannot see.
 *
 * <p>Until issue 4 the band took the interval's whole spread (high/low) as its half-width: that
 * counted the uncertainty twice and, with 8 recorded rounds (whose interval is min..max), gave
 * bands of ×/÷1.5–3.2 that a 1.5× slowdown could not leave.
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
        double reach = Math.max(recorded.high() / recorded.median(), recorded.median() / recorded.low());
        return Band.around(recorded.median(), Math.max(minimumFactor, reach));
    }
}
