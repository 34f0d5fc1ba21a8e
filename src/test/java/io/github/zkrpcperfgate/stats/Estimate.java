package io.github.zkrpcperfgate.stats;

/**
 * A median with its 95% confidence interval, from {@code sampleCount} independent values.
 *
 * <p>{@code low} and {@code high} are {@code NaN} when there are too few values for a 95%
 * interval to mean anything (fewer than {@link MedianInterval#MIN_SAMPLES_FOR_95_PERCENT}); the
 * median is {@code NaN} only when there are no values at all.
 */
public record Estimate(double median, double low, double high, int sampleCount) {

    public Estimate {
        if (sampleCount < 0) {
            throw new IllegalArgumentException("sampleCount must be >= 0, was " + sampleCount);
        }
        if (hasInterval(low, high) && !(low <= median && median <= high)) {
            throw new IllegalArgumentException(
                    "interval [" + low + ", " + high + "] must contain the median " + median);
        }
    }

    private static boolean hasInterval(double low, double high) {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** True when the interval is a real 95% interval, not {@code NaN}. */
    public boolean hasInterval() {
        return hasInterval(low, high);
    }

    /** An estimate of nothing: every number {@code NaN}. */
    public static Estimate empty() {
        return new Estimate(Double.NaN, Double.NaN, Double.NaN, 0);
    }
}
