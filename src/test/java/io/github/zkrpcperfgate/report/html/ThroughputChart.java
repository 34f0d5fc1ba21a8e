package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.measure.WorkloadNames;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Throughput of each workload of one scenario (write modes of an ensemble, configurations of an
 * RPC scenario): median bar, 95% interval whisker, and where a gated ratio has this workload as
 * numerator, the band it must stay in given this run's denominator (green).
 */
final class ThroughputChart {

    private static final int WIDTH = 980;
    private static final int LABEL_PX = 200;
    private static final int VALUE_PX = 260;
    private static final int ROW_PX = 30;
    private static final int TOP_PX = 26;

    private ThroughputChart() {
    }

    static String render(GroupResult group, String scenario, List<String> workloads) {
        Map<String, Estimate> throughput = new LinkedHashMap<>();
        workloads.forEach(w -> throughput.put(w, WorkloadStats.throughput(group, w)));
        double[] values = throughput.values().stream().flatMap(e -> Stream.of(e.low(), e.high(), e.median()))
                .mapToDouble(Double::doubleValue).toArray();
        LogScale scale = LogScale.covering(values, 2, LABEL_PX, WIDTH - VALUE_PX);
        int height = TOP_PX + ROW_PX * workloads.size() + 10;
        Svg svg = new Svg("throughput", WIDTH, height, scenario + " throughput per workload");
        for (double tick : Svg.logTicks(scale.min(), scale.max())) {
            double x = scale.px(tick);
            svg.line(x, TOP_PX - 4, x, height - 8, Colors.GRID, 1);
            svg.text(x, TOP_PX - 8, Svg.label(tick), "middle", "axis");
        }
        for (int i = 0; i < workloads.size(); i++) {
            String w = workloads.get(i);
            Estimate e = throughput.get(w);
            double y = TOP_PX + i * ROW_PX + ROW_PX / 2.0;
            svg.text(LABEL_PX - 8, y + 4, WorkloadNames.partOf(w), "end", "label");
            if (!(e.median() > 0)) {
                continue;
            }
            Optional<Band> band = bandOf(group, w);
            band.ifPresent(b -> svg.rect(scale.px(b.low()), y - 12, scale.px(b.high()) - scale.px(b.low()), 24, Colors.BAND,
                    "band from the baseline: " + b + " ops/s given this run's denominator"));
            svg.rect(LABEL_PX, y - 7, scale.px(e.median()) - LABEL_PX, 14, Colors.series(i),
                    w + ": " + SignificantDigits.format(e.median()) + " ops/s, median of " + e.sampleCount() + " rounds");
            if (e.hasInterval()) {
                svg.line(scale.px(e.low()), y, scale.px(e.high()), y, Colors.WHISKER, 2);
                svg.line(scale.px(e.low()), y - 5, scale.px(e.low()), y + 5, Colors.WHISKER, 2);
                svg.line(scale.px(e.high()), y - 5, scale.px(e.high()), y + 5, Colors.WHISKER, 2);
            }
            svg.text(WIDTH - VALUE_PX + 8, y + 4, SignificantDigits.format(e.median()) + " ops/s (" + SignificantDigits.format(e.low()) + "–"
                    + SignificantDigits.format(e.high()) + ")", "start", "value");
        }
        return svg.end();
    }

    /**
     * The first higher-is-better ratio figure with {@code workload} as numerator and a
     * denominator in this group: its band times the denominator's median throughput.
     */
    private static Optional<Band> bandOf(GroupResult group, String workload) {
        for (FigureResult f : group.figures()) {
            if (f.band() == null || !f.unit().equals("ratio") || f.direction() != Direction.HIGHER_IS_BETTER
                    || f.workloads().size() != 2 || !f.workloads().get(0).equals(workload)) {
                continue;
            }
            double denominator = WorkloadStats.throughput(group, f.workloads().get(1)).median();
            if (denominator > 0) {
                return Optional.of(new Band(f.band().low() * denominator, f.band().high() * denominator));
            }
        }
        return Optional.empty();
    }
}
