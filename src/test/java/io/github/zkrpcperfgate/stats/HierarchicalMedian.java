package io.github.zkrpcperfgate.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The median of values measured in groups (rounds within starts of the servers) with a 95%
 * interval that counts both levels of variation: a hierarchical bootstrap in the manner Kalibera
 * and Jones recommend for benchmarks repeated at several levels ("Rigorous Benchmarking in
 * Reasonable Time", ISMM 2013): resample the starts with replacement, then the rounds within each
 * drawn start, and take the percentiles of the resampled medians. Pooling the rounds as if they
 * were independent would ignore that rounds of one start share that start's offset (its leader,
 * its JIT, its page cache), and give an interval as narrow as if there had been one start.
 *
 * <p>Deterministic: the same groups and seed give the same interval.
 */
public final class HierarchicalMedian {

    /** Resamples per interval: the percentiles' own noise is then well under the figures' precision. */
    public static final int RESAMPLES = 4000;

    private HierarchicalMedian() {
    }

    /**
     * @param groups the values of each start, each non-empty
     * @return the pooled median with the bootstrap's 2.5th and 97.5th percentiles; no interval
     *         (NaN) with fewer than 2 groups or fewer than {@link MedianInterval#MIN_SAMPLES_FOR_95_PERCENT} values
     */
    public static Estimate of(List<List<Double>> groups, long seed) {
        List<double[]> starts = new ArrayList<>();
        int total = 0;
        for (List<Double> g : groups) {
            if (g.isEmpty()) {
                throw new IllegalArgumentException("a start without values");
            }
            starts.add(g.stream().mapToDouble(Double::doubleValue).toArray());
            total += g.size();
        }
        double[] pooled = new double[total];
        int i = 0;
        for (double[] s : starts) {
            System.arraycopy(s, 0, pooled, i, s.length);
            i += s.length;
        }
        double median = total == 0 ? Double.NaN : median(pooled.clone());
        if (starts.size() < 2 || total < MedianInterval.MIN_SAMPLES_FOR_95_PERCENT) {
            return new Estimate(median, Double.NaN, Double.NaN, total);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] medians = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            double[] resample = new double[total];
            int n = 0;
            for (int s = 0; s < starts.size(); s++) {
                double[] start = starts.get(random.nextInt(starts.size()));
                for (int k = 0; k < start.length && n < total; k++) {
                    resample[n++] = start[random.nextInt(start.length)];
                }
            }
            medians[r] = median(Arrays.copyOf(resample, n));
        }
        Arrays.sort(medians);
        double low = Math.min(median, medians[(int) Math.floor(0.025 * (RESAMPLES - 1))]);
        double high = Math.max(median, medians[(int) Math.ceil(0.975 * (RESAMPLES - 1))]);
        return new Estimate(median, low, high, total);
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
