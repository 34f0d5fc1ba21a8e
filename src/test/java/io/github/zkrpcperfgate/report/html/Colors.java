package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.List;

/** Verdict colours (colour-blind safe pair for pass/fail) and a palette for series. */
final class Colors {

    static final String BAND = "#d8ecd8";
    static final String WHISKER = "#333333";
    static final String GRID = "#e4e4e4";
    private static final List<String> SERIES = List.of("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b");

    private Colors() {
    }

    static String verdict(Verdict.Kind verdict) {
        return switch (verdict) {
            case PASS, RECORDED -> "#1a7f37";
            case REGRESSION, ERROR -> "#cf222e";
            case IMPROVEMENT -> "#bc4c00";
            case DISTURBED -> "#9a6700";
            case NO_BASELINE -> "#6e7781";
            case INCONCLUSIVE -> "#8250df";
        };
    }

    static String series(int index) {
        return SERIES.get(index % SERIES.size());
    }

    /** White to deep blue as {@code fraction} goes 0 to 1. */
    static String heat(double fraction) {
        double f = Math.min(Math.max(fraction, 0), 1);
        int r = (int) Math.round(247 - f * (247 - 8));
        int g = (int) Math.round(251 - f * (251 - 69));
        int b = (int) Math.round(255 - f * (255 - 148));
        return String.format("#%02x%02x%02x", r, g, b);
    }
}
