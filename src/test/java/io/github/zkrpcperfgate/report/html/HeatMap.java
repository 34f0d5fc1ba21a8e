package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An RPC scenario's throughput on each handlers × readers configuration it ran: rows are
 * handler counts, columns reader counts, darker is faster; configurations not run are grey.
 */
final class HeatMap {

    private static final Pattern CONFIGURATION = Pattern.compile(".*/h(\\d+)r(\\d+)$");
    private static final int CELL_W = 170;
    private static final int CELL_H = 56;
    private static final int LEFT_PX = 110;
    private static final int TOP_PX = 40;

    private HeatMap() {
    }

    /** The heat map of {@code workloads}, or empty when they are not handlers × readers configurations. */
    static Optional<String> render(GroupResult group, String scenario, List<String> workloads) {
        Map<List<Integer>, Estimate> cells = new TreeMap<>((a, b) -> a.get(0).equals(b.get(0))
                ? Integer.compare(a.get(1), b.get(1)) : Integer.compare(a.get(0), b.get(0)));
        for (String w : workloads) {
            Matcher m = CONFIGURATION.matcher(w);
            if (m.matches()) {
                cells.put(List.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))), WorkloadStats.throughput(group, w));
            }
        }
        if (cells.isEmpty()) {
            return Optional.empty();
        }
        TreeSet<Integer> handlers = new TreeSet<>();
        TreeSet<Integer> readers = new TreeSet<>();
        cells.keySet().forEach(k -> {
            handlers.add(k.get(0));
            readers.add(k.get(1));
        });
        double max = cells.values().stream().mapToDouble(Estimate::median).filter(v -> v > 0).max().orElse(1);
        int width = LEFT_PX + CELL_W * readers.size() + 20;
        int height = TOP_PX + CELL_H * handlers.size() + 10;
        Svg svg = new Svg("heatmap", width, height, scenario + " throughput by handlers and readers");
        int col = 0;
        for (int r : readers) {
            svg.text(LEFT_PX + col++ * CELL_W + CELL_W / 2.0, TOP_PX - 12, r + (r == 1 ? " reader" : " readers"), "middle", "label");
        }
        int row = 0;
        for (int h : handlers) {
            double y = TOP_PX + row++ * CELL_H;
            svg.text(LEFT_PX - 10, y + CELL_H / 2.0 + 4, h + (h == 1 ? " handler" : " handlers"), "end", "label");
            col = 0;
            for (int r : readers) {
                double x = LEFT_PX + col++ * CELL_W;
                Estimate e = cells.get(List.of(h, r));
                if (e == null || !(e.median() > 0)) {
                    svg.rect(x + 2, y + 2, CELL_W - 4, CELL_H - 4, "#dddddd", "h" + h + "r" + r + ": not run in this scenario");
                    svg.text(x + CELL_W / 2.0, y + CELL_H / 2.0 + 4, "not run", "middle", "cell");
                    continue;
                }
                double fraction = e.median() / max;
                svg.rect(x + 2, y + 2, CELL_W - 4, CELL_H - 4, Colors.heat(fraction),
                        "h" + h + "r" + r + ": " + SignificantDigits.format(e.median()) + " calls/s (95% CI " + SignificantDigits.format(e.low()) + "–"
                                + SignificantDigits.format(e.high()) + ")");
                svg.text(x + CELL_W / 2.0, y + CELL_H / 2.0 + 4, SignificantDigits.format(e.median()) + " calls/s", "middle",
                        fraction > 0.55 ? "cell dark" : "cell");
            }
        }
        return Optional.of(svg.end());
    }
}
