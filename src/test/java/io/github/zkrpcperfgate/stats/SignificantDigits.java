package io.github.zkrpcperfgate.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** Number formatting shared by verdict messages, reports and baseline files. */
public final class SignificantDigits {

    private static final MathContext FOUR_SIGNIFICANT = new MathContext(4, RoundingMode.HALF_EVEN);

    private SignificantDigits() {
    }

    /**
     * {@code value} to four significant digits, for reading and for baseline files. Rounding is
     * to nearest, never toward a baseline; the full-precision value stays in results.json.
     */
    public static double fourSignificant(double value) {
        if (!Double.isFinite(value) || value == 0) {
            return value;
        }
        return new BigDecimal(value).round(FOUR_SIGNIFICANT).doubleValue();
    }

    /** Human form: four significant digits, no exponent for the magnitudes we meet, "NaN" kept. */
    public static String format(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        return new BigDecimal(value).round(FOUR_SIGNIFICANT).stripTrailingZeros().toPlainString();
    }
}
