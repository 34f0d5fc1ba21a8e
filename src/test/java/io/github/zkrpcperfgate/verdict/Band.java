package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.Locale;

/** The range [low, high] a gated figure's value must stay within; both ends finite and positive. */
public record Band(double low, double high) {

    public Band {
        if (!(Double.isFinite(low) && Double.isFinite(high) && 0 < low && low <= high)) {
            throw new IllegalArgumentException("band must satisfy 0 < low <= high, both finite; was [" + low + ", " + high + "]");
        }
    }

    /** The band [center / factor, center × factor]: symmetric on a log scale, as fits ratios and latencies. */
    public static Band around(double center, double factor) {
        if (!(factor >= 1)) {
            throw new IllegalArgumentException("band factor must be >= 1, was " + factor);
        }
        return new Band(center / factor, center * factor);
    }

    public boolean contains(double value) {
        return low <= value && value <= high;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "[%s, %s]", SignificantDigits.format(low), SignificantDigits.format(high));
    }
}
