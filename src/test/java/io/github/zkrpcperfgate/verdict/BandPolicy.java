package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.Estimate;
import java.util.List;

/**
 * How wide a freshly recorded band is. A band needs both statistical and practical significance:
 * it is never narrower than the uncertainty of the recorded median (how far the 95% interval
 * reaches from it, on either side), nor narrower than the figure's minimum factor, which covers
 * the run-to-run drift that a single run cannot see.
 *
 * <p>Until issue 4 the band took the interval's whole spread (high/low) as its half-width: that
 * counted the uncertainty twice and, with 8 recorded rounds (whose interval is min..max), gave
 * bands of ×/÷1.5–3.2 that a 1.5× slowdown could not leave.
 *
 * <p>A re-baseline pools several runs, each on servers of its own. The band is centred on the
 * pooled median, and it is never narrower than the farthest run's median either: drift between
 * starts of the servers that the recording itself saw is drift every later run may show.
 */
public final class BandPolicy {

    private BandPolicy() {
    }

    /** The band around {@code recorded.median()} from one run, as a factor on a log scale. */
    public static Band bandFor(Estimate recorded, double minimumFactor) {
        return bandFor(recorded, List.of(), minimumFactor);
    }

    /**
     * The band around {@code pooled.median()}, the median of every recorded round.
     *
     * @param runMedians each recording run's median (empty or one: no run-to-run drift seen)
     */
    public static Band bandFor(Estimate pooled, List<Double> runMedians, double minimumFactor) {
        Estimate recorded = pooled;
        if (!recorded.hasInterval()) {
            throw new IllegalArgumentException("cannot record a band from " + recorded.sampleCount()
                    + " rounds: a 95% interval needs at least 6; raise -Dperf.rounds");
        }
        if (!(recorded.low() > 0)) {
            throw new IllegalArgumentException("cannot record a band around a non-positive interval ["
                    + recorded.low() + ", " + recorded.high() + "]");
        }
        double centre = recorded.median();
        double reach = Math.max(recorded.high() / centre, centre / recorded.low());
        for (double run : runMedians) {
            reach = Math.max(reach, Math.max(run / centre, centre / run));
        }
        return Band.around(centre, Math.max(minimumFactor, reach));
    }
}
