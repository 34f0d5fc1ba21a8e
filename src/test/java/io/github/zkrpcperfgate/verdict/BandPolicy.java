package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.MedianInterval;
import java.util.List;

/**
 * How wide a freshly recorded band is. A band needs both statistical and practical significance:
 * it is never narrower than the uncertainty of the recorded median (how far the 95% interval
 * reaches from it, on either side), nor narrower than the figure's minimum factor, which covers
 * the run-to-run drift that a single run cannot see.
 *
 * <p>The half-width is how far the interval reaches from the median, not the interval's whole
 * spread, which would count the uncertainty twice.
 *
 * <p>A re-baseline pools several runs, each on servers of its own. The band is centred on the
 * median of the runs' medians, a typical run (one odd run moves it least), and it is never
 * narrower than the farthest run's median either: drift between starts of the servers that the
 * recording itself saw is drift every later run may show.
 *
 * <p>The floors every catalogue picks from are named here once; the measurements behind them are
 * in README ("How a run works", "How the gate decides").
 */
public final class BandPolicy {

    /**
     * Figures bound by latency within a round (a ratio of two latency-bound workloads, such as
     * 5-node over 1-node sync): ×/÷1.3, which leaves a 1.5× slowdown outside the band.
     */
    public static final double LATENCY_BOUND_FLOOR = 1.3;
    /**
     * Figures bound by CPU on a shared machine (ratios with async or multi in them, handlers that
     * do not sleep): their run medians drift with every start of the servers by more than a 1.3
     * band holds, so ×/÷1.5.
     */
    public static final double CPU_BOUND_FLOOR = 1.5;

    private BandPolicy() {
    }

    /** The band around {@code recorded.median()} from one run, as a factor on a log scale. */
    public static Band bandFor(Estimate recorded, double minimumFactor) {
        return bandFor(recorded, List.of(), minimumFactor);
    }

    /** Where a recording's band is centred: the median of its runs' medians, or of its rounds for one run. */
    public static double centre(Estimate pooled, List<Double> runMedians) {
        return runMedians.size() < 2 ? pooled.median() : MedianInterval.of(runMedians).median();
    }

    /**
     * The band around {@link #centre}.
     *
     * @param pooled     every recorded round, all runs together
     * @param runMedians each recording run's median (empty or one: no run-to-run drift seen)
     */
    public static Band bandFor(Estimate pooled, List<Double> runMedians, double minimumFactor) {
        if (!pooled.hasInterval()) {
            throw new IllegalArgumentException("cannot record a band from " + pooled.sampleCount()
                    + " rounds: a 95% interval needs at least 6; raise -Dperf.rounds");
        }
        if (!(pooled.low() > 0)) {
            throw new IllegalArgumentException("cannot record a band around a non-positive interval ["
                    + pooled.low() + ", " + pooled.high() + "]");
        }
        double centre = centre(pooled, runMedians);
        return Band.around(centre, factor(centre, pooled.low(), pooled.high(), runMedians, minimumFactor));
    }

    /**
     * The band's half-width as a factor: the largest of how far the pooled interval and the
     * farthest run median reach from the centre, and the floor. Also how a stored band is checked
     * for having been widened by hand.
     */
    public static double factor(double centre, double intervalLow, double intervalHigh, List<Double> runMedians,
                                double minimumFactor) {
        double reach = Math.max(intervalHigh / centre, centre / intervalLow);
        for (double run : runMedians) {
            reach = Math.max(reach, Math.max(run / centre, centre / run));
        }
        return Math.max(minimumFactor, reach);
    }
}
