package io.github.zkrpcperfgate.stats;

import java.util.Arrays;
import java.util.Collection;

/**
 * Median and distribution-free 95% confidence interval of the median (order statistics).
 *
 * <p>For sorted values x(1) ≤ … ≤ x(n) the interval [x(k), x(n+1-k)] covers the true median with
 * probability 1 − 2·P(B ≤ k−1), B ~ Binomial(n, ½). We take the largest k whose coverage is still
 * at least 95%. It assumes nothing about the shape of the distribution, which matters here:
 * timings on a shared machine are skewed and have stalls, so a normal-theory interval would lie.
 * It needs no random numbers either, so the same rounds always give the same interval.
 */
public final class MedianInterval {

    /** Below six values no order-statistic interval reaches 95% coverage (n=6 gives 96.9%). */
    public static final int MIN_SAMPLES_FOR_95_PERCENT = 6;

    private static final double CONFIDENCE = 0.95;

    private MedianInterval() {
    }

    /** The median of {@code values} and its 95% interval; NaN where it has no meaning. */
    public static Estimate of(Collection<Double> values) {
        return of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The median of {@code values} and its 95% interval; NaN where it has no meaning. */
    public static Estimate of(double[] values) {
        double[] sorted = values.clone();
        for (double v : sorted) {
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("values must be finite, got " + v + " in " + Arrays.toString(values));
            }
        }
        Arrays.sort(sorted);
        int n = sorted.length;
        if (n == 0) {
            return Estimate.empty();
        }
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        int k = lowerOrderIndex(n);
        if (k == 0) {
            return new Estimate(median, Double.NaN, Double.NaN, n);
        }
        return new Estimate(median, sorted[k - 1], sorted[n - k], n);
    }

    /**
     * The 1-based k of the interval [x(k), x(n+1-k)], or 0 when even [x(1), x(n)] covers less
     * than 95%.
     */
    static int lowerOrderIndex(int n) {
        int best = 0;
        double cumulative = 0; // P(B <= k-1)
        for (int k = 1; k <= (n + 1) / 2; k++) {
            cumulative += binomialHalf(n, k - 1);
            if (1 - 2 * cumulative >= CONFIDENCE) {
                best = k;
            } else {
                break;
            }
        }
        return best;
    }

    /** P(B = j) for B ~ Binomial(n, ½), computed in log space so large n does not overflow. */
    private static double binomialHalf(int n, int j) {
        double logChoose = 0;
        for (int i = 1; i <= j; i++) {
            logChoose += Math.log(n - j + i) - Math.log(i);
        }
        return Math.exp(logChoose - n * Math.log(2));
    }
}
