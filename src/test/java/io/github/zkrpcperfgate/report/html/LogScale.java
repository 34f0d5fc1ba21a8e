package io.github.zkrpcperfgate.report.html;

/** Maps positive values onto pixels logarithmically: ratios and latencies read as factors. */
record LogScale(double min, double max, double fromPx, double toPx) {

    LogScale {
        if (!(min > 0 && max > min)) {
            throw new IllegalArgumentException("a log scale needs 0 < min < max, was " + min + ", " + max);
        }
    }

    /** A scale covering every finite positive value given, padded by {@code pad}× on each side. */
    static LogScale covering(double[] values, double pad, double fromPx, double toPx) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (double v : values) {
            if (Double.isFinite(v) && v > 0) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (hi == 0) {
            lo = 1;
            hi = 10;
        }
        if (hi / lo < 1.01) {
            lo /= 1.5;
            hi *= 1.5;
        }
        return new LogScale(lo / pad, hi * pad, fromPx, toPx);
    }

    double px(double value) {
        double v = Math.min(Math.max(value, min), max);
        return fromPx + (toPx - fromPx) * Math.log(v / min) / Math.log(max / min);
    }
}
