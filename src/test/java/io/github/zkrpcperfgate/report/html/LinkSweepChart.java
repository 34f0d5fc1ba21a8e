package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.LinkSweep;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The link-delay sweep ({@link LinkSweep}) as two charts against the round trip the links add:
 * each ensemble's throughput per write mode, and async/sync and multi/sync with the seed's
 * ~100× marked. The x axis spaces the delays measured evenly (0 has no place on a log axis),
 * labelled with the round trip each adds.
 */
final class LinkSweepChart {

    private static final int WIDTH = 980;
    private static final int HEIGHT = 320;
    private static final int LEFT_PX = 80;
    private static final int RIGHT_PX = 220;
    private static final int TOP_PX = 14;
    private static final int BOTTOM_PX = 40;
    /** What the seed measured on real hosts: async ~100× sync. */
    static final double SEED_ASYNC_OVER_SYNC = 100;

    private record Series(String name, double[] values) {
    }

    private LinkSweepChart() {
    }

    /** Both charts, or nothing when {@code group} is not a sweep with points. */
    static Optional<String> render(GroupResult group) {
        if (!LinkSweep.GROUP.equals(group.group())) {
            return Optional.empty();
        }
        List<LinkSweep.Point> points = LinkSweep.points(group);
        if (points.isEmpty()) {
            return Optional.empty();
        }
        List<Long> delays = LinkSweep.delays(points);
        List<Series> throughput = new ArrayList<>();
        List<Series> ratios = new ArrayList<>();
        List<String> modes = points.stream().map(LinkSweep.Point::mode).distinct().toList();
        for (String ensemble : LinkSweep.ensembles(points)) {
            for (String mode : modes) {
                throughput.add(new Series(ensemble + " " + mode, delays.stream().mapToDouble(d -> LinkSweep.point(points,
                        ensemble, d, mode).map(LinkSweep.Point::opsPerSecond).orElse(Double.NaN)).toArray()));
            }
            for (String mode : List.of("async", "multi")) {
                ratios.add(new Series(ensemble + " " + mode + "/sync", delays.stream()
                        .mapToDouble(d -> LinkSweep.ratio(points, ensemble, d, mode, "sync").orElse(Double.NaN)).toArray()));
            }
        }
        return Optional.of(chart("link-sweep-throughput", "ops/s", delays, throughput, Double.NaN)
                + chart("link-sweep-ratios", "×", delays, ratios, SEED_ASYNC_OVER_SYNC));
    }

    private static String chart(String cssClass, String unit, List<Long> delays, List<Series> series, double mark) {
        List<Double> all = new ArrayList<>();
        series.forEach(s -> {
            for (double v : s.values()) {
                all.add(v);
            }
        });
        if (!Double.isNaN(mark)) {
            all.add(mark);
        }
        LogScale y = LogScale.covering(all.stream().mapToDouble(Double::doubleValue).toArray(), 1.3, HEIGHT - BOTTOM_PX, TOP_PX);
        Svg svg = new Svg(cssClass, WIDTH, HEIGHT, "write modes against the links' round trip, " + unit);
        for (double tick : Svg.logTicks(y.min(), y.max())) {
            svg.line(LEFT_PX, y.px(tick), WIDTH - RIGHT_PX, y.px(tick), Colors.GRID, 1);
            svg.text(LEFT_PX - 6, y.px(tick) + 4, Svg.label(tick) + " " + unit, "end", "axis");
        }
        double[] xs = new double[delays.size()];
        for (int i = 0; i < delays.size(); i++) {
            xs[i] = delays.size() == 1 ? (LEFT_PX + WIDTH - RIGHT_PX) / 2.0
                    : LEFT_PX + 20 + (WIDTH - RIGHT_PX - LEFT_PX - 40) * i / (double) (delays.size() - 1);
            svg.line(xs[i], TOP_PX, xs[i], HEIGHT - BOTTOM_PX, Colors.GRID, 1);
            svg.text(xs[i], HEIGHT - BOTTOM_PX + 16, "+" + SignificantDigits.format(2 * delays.get(i) / 1000.0) + " ms", "middle", "axis");
        }
        svg.text((LEFT_PX + WIDTH - RIGHT_PX) / 2.0, HEIGHT - 6, "round trip the links add (twice the one-way delay)", "middle", "axis");
        if (!Double.isNaN(mark)) {
            svg.line(LEFT_PX, y.px(mark), WIDTH - RIGHT_PX, y.px(mark), Colors.WHISKER, 1);
            svg.text(WIDTH - RIGHT_PX - 4, y.px(mark) - 4, "the seed's async/sync, ~" + SignificantDigits.format(mark) + "×", "end", "axis");
        }
        for (int c = 0; c < series.size(); c++) {
            Series s = series.get(c);
            String color = Colors.series(c);
            List<double[]> drawn = new ArrayList<>();
            for (int i = 0; i < xs.length; i++) {
                double v = s.values()[i];
                if (v > 0) {
                    drawn.add(new double[] {xs[i], y.px(v)});
                    svg.circle(xs[i], y.px(v), 3, color, s.name() + " at +" + SignificantDigits.format(2 * delays.get(i) / 1000.0)
                            + " ms round trip: " + SignificantDigits.format(v) + " " + unit);
                }
            }
            if (drawn.size() > 1) {
                svg.polyline(drawn.stream().mapToDouble(p -> p[0]).toArray(), drawn.stream().mapToDouble(p -> p[1]).toArray(),
                        color, s.name());
            }
            double legendY = TOP_PX + 14 + c * 18;
            svg.rect(WIDTH - RIGHT_PX + 16, legendY - 9, 12, 12, color, null);
            svg.text(WIDTH - RIGHT_PX + 34, legendY + 1, s.name(), "start", "label");
        }
        return svg.end();
    }
}
