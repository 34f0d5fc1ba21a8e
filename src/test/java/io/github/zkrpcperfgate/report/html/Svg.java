package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.Locale;

/** A small SVG writer: escaped text, shapes with tooltips, numbers with fixed decimals. */
final class Svg {

    private final StringBuilder out = new StringBuilder();

    Svg(String cssClass, int width, int height, String label) {
        out.append("<svg class=\"chart ").append(cssClass).append("\" role=\"img\" aria-label=\"").append(Html.escape(label))
                .append("\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\">");
    }

    Svg rect(double x, double y, double w, double h, String fill, String tooltip) {
        out.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(Math.max(w, 0)))
                .append("\" height=\"").append(n(Math.max(h, 0))).append("\" fill=\"").append(fill).append('"');
        return closeWithTooltip("rect", tooltip);
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, double width) {
        out.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(n(width)).append("\"/>");
        return this;
    }

    Svg circle(double cx, double cy, double r, String fill, String tooltip) {
        out.append("<circle cx=\"").append(n(cx)).append("\" cy=\"").append(n(cy)).append("\" r=\"").append(n(r))
                .append("\" fill=\"").append(fill).append('"');
        return closeWithTooltip("circle", tooltip);
    }

    Svg polyline(double[] xs, double[] ys, String stroke, String tooltip) {
        out.append("<polyline fill=\"none\" stroke=\"").append(stroke).append("\" stroke-width=\"2\" points=\"");
        for (int i = 0; i < xs.length; i++) {
            out.append(n(xs[i])).append(',').append(n(ys[i])).append(' ');
        }
        out.append('"');
        return closeWithTooltip("polyline", tooltip);
    }

    Svg text(double x, double y, String text, String anchor, String cssClass) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"").append(anchor)
                .append("\" class=\"").append(cssClass).append("\">").append(Html.escape(text)).append("</text>");
        return this;
    }

    private Svg closeWithTooltip(String element, String tooltip) {
        if (tooltip == null) {
            out.append("/>");
        } else {
            out.append("><title>").append(Html.escape(tooltip)).append("</title></").append(element).append('>');
        }
        return this;
    }

    String end() {
        return out.append("</svg>").toString();
    }

    static String n(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** Ticks for a log axis between {@code min} and {@code max}: 1, 2, 5 per decade. */
    static double[] logTicks(double min, double max) {
        java.util.List<Double> ticks = new java.util.ArrayList<>();
        for (double decade = Math.pow(10, Math.floor(Math.log10(min))); decade <= max; decade *= 10) {
            for (double m : new double[] {1, 2, 5}) {
                double t = decade * m;
                if (t >= min && t <= max) {
                    ticks.add(t);
                }
            }
        }
        return ticks.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static String label(double v) {
        return SignificantDigits.format(v);
    }
}
