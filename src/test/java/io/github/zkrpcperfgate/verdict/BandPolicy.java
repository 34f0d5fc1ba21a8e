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
 * <p>Runs of one sitting share the hour's state of the host (its disk, its CPU's speed), so their
 * spread says nothing of the next sitting's. From three sittings on, the band also holds where a
 * new sitting's median may fall: the 95% prediction interval of one more sitting from the
 * recorded sittings' medians, on a log scale, {@code mean ± t(0.975, s − 1) · sd · √(1 + 1/s)}
 * (sittings as the top level of Kalibera & Jones' hierarchy of repetitions: the level with the
 * most variance is the one to repeat and to predict). Measured on 2c-amd-epyc: zk-5node
 * {@code syncCostOver1node}, pooled from five sittings whose medians read 2.61–3.46 (23 runs,
 * 2.485–3.785, the farthest 1.299 from the centre 2.914, under the 1.3 floor), read 3.887 and 4.25
 * on unchanged code in two fresh-clone builds of 2026-12-05 (the second failed the build, its
 * interval 3.926–5.043 wholly above the top 3.789): the farthest run is the range of the sittings
 * seen, and a new sitting falls outside the range of five with probability 1/3.
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
        return bandFor(pooled, runMedians, List.of(), minimumFactor);
    }

    /**
     * The band around {@link #centre}, holding a new sitting's median too.
     *
     * @param sittingMedians each recording sitting's median (of its runs' medians); fewer than 3: no prediction
     */
    public static Band bandFor(Estimate pooled, List<Double> runMedians, List<Double> sittingMedians, double minimumFactor) {
        if (!pooled.hasInterval()) {
            throw new IllegalArgumentException("cannot record a band from " + pooled.sampleCount()
                    + " rounds: a 95% interval needs at least 6; raise -Dperf.rounds");
        }
        if (!(pooled.low() > 0)) {
            throw new IllegalArgumentException("cannot record a band around a non-positive interval ["
                    + pooled.low() + ", " + pooled.high() + "]");
        }
        double centre = centre(pooled, runMedians);
        return Band.around(centre, factor(centre, pooled.low(), pooled.high(), runMedians, sittingMedians, minimumFactor));
    }

    /**
     * The band's half-width as a factor: the largest of how far the pooled interval, the
     * farthest run median and a new sitting's prediction interval reach from the centre, and the
     * floor. Also how a stored band is checked for having been widened by hand.
     */
    public static double factor(double centre, double intervalLow, double intervalHigh, List<Double> runMedians,
                                List<Double> sittingMedians, double minimumFactor) {
        double reach = Math.max(intervalHigh / centre, centre / intervalLow);
        for (double run : runMedians) {
            reach = Math.max(reach, Math.max(run / centre, centre / run));
        }
        return Math.max(minimumFactor, Math.max(reach, newSittingReach(centre, sittingMedians)));
    }

    /**
     * How far from {@code centre}, as a factor, the 95% prediction interval of a new sitting's
     * median reaches; 1 for fewer than 3 sittings (two medians give a spread, not an estimate of one).
     */
    public static double newSittingReach(double centre, List<Double> sittingMedians) {
        int s = sittingMedians.size();
        if (s < 3) {
            return 1;
        }
        double mean = sittingMedians.stream().mapToDouble(Math::log).average().orElseThrow();
        double squares = sittingMedians.stream().mapToDouble(m -> Math.pow(Math.log(m) - mean, 2)).sum();
        double halfWidth = studentT975(s - 1) * Math.sqrt(squares / (s - 1)) * Math.sqrt(1 + 1.0 / s);
        return Math.max(Math.exp(mean + halfWidth) / centre, centre / Math.exp(mean - halfWidth));
    }

    /** Student's t, 97.5th percentile, for {@code df} >= 1 degrees of freedom (a table to 30, then its limit's series). */
    static double studentT975(int df) {
        double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
                2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
                2.045, 2.042};
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, were " + df);
        }
        if (df <= table.length) {
            return table[df - 1];
        }
        // Cornish-Fisher expansion about the normal's 1.95996: within 0.001 of the table beyond 30.
        double z = 1.959964;
        double g1 = (Math.pow(z, 3) + z) / 4;
        double g2 = (5 * Math.pow(z, 5) + 16 * Math.pow(z, 3) + 3 * z) / 96;
        return z + g1 / df + g2 / ((double) df * df);
    }
}
