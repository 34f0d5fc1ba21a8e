package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.WorkloadNames;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.ArrayList;
import java.util.List;

/**
 * Latency by percentile for each workload of a scenario, from the HdrHistograms of all its
 * measured rounds: the x axis stretches the tail (1/(1−p), as HdrHistogram's own plots do), the
 * y axis is log milliseconds.
 */
final class LatencyCurves {

    static final double[] PERCENTILES = {0, 50, 75, 90, 95, 99, 99.9, 99.99};
    private static final int WIDTH = 980;
    private static final int HEIGHT = 300;
    private static final int LEFT_PX = 70;
    private static final int RIGHT_PX = 200;
    private static final int TOP_PX = 14;
    private static final int BOTTOM_PX = 36;

    private LatencyCurves() {
    }

    static String render(GroupResult group, String scenario, List<String> workloads) {
        List<double[]> curves = new ArrayList<>();
        List<Double> all = new ArrayList<>();
        for (String w : workloads) {
            Sample rounds = WorkloadStats.pooledRounds(group, w);
            double[] ms = new double[PERCENTILES.length];
            for (int i = 0; i < PERCENTILES.length; i++) {
                ms[i] = rounds == null ? Double.NaN : rounds.latencyMillis(PERCENTILES[i]);
                all.add(ms[i]);
            }
            curves.add(ms);
        }
        LogScale x = new LogScale(1, 1 / (1 - PERCENTILES[PERCENTILES.length - 1] / 100), LEFT_PX, WIDTH - RIGHT_PX);
        LogScale y = LogScale.covering(all.stream().mapToDouble(Double::doubleValue).toArray(), 1.3, HEIGHT - BOTTOM_PX, TOP_PX);
        Svg svg = new Svg("latency", WIDTH, HEIGHT, scenario + " latency percentiles");
        for (double tick : Svg.logTicks(y.min(), y.max())) {
            svg.line(LEFT_PX, y.px(tick), WIDTH - RIGHT_PX, y.px(tick), Colors.GRID, 1);
            svg.text(LEFT_PX - 6, y.px(tick) + 4, Svg.label(tick) + " ms", "end", "axis");
        }
        for (double p : PERCENTILES) {
            double px = x.px(1 / (1 - p / 100));
            svg.line(px, TOP_PX, px, HEIGHT - BOTTOM_PX, Colors.GRID, 1);
            svg.text(px, HEIGHT - BOTTOM_PX + 16, "p" + SignificantDigits.format(p), "middle", "axis");
        }
        for (int c = 0; c < curves.size(); c++) {
            double[] ms = curves.get(c);
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < PERCENTILES.length; i++) {
                if (ms[i] > 0) {
                    points.add(new double[] {x.px(1 / (1 - PERCENTILES[i] / 100)), y.px(ms[i])});
                }
            }
            String name = workloads.get(c);
            String color = Colors.series(c);
            if (points.size() > 1) {
                svg.polyline(points.stream().mapToDouble(p -> p[0]).toArray(), points.stream().mapToDouble(p -> p[1]).toArray(),
                        color, name);
            }
            for (int i = 0; i < PERCENTILES.length; i++) {
                if (ms[i] > 0) {
                    svg.circle(x.px(1 / (1 - PERCENTILES[i] / 100)), y.px(ms[i]), 3, color,
                            name + " p" + SignificantDigits.format(PERCENTILES[i]) + ": " + SignificantDigits.format(ms[i]) + " ms");
                }
            }
            double legendY = TOP_PX + 14 + c * 18;
            svg.rect(WIDTH - RIGHT_PX + 16, legendY - 9, 12, 12, color, null);
            svg.text(WIDTH - RIGHT_PX + 34, legendY + 1, WorkloadNames.partOf(name), "start", "label");
        }
        return svg.end();
    }
}
