package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.List;

/**
 * Every gated figure on one chart, failed first: its band (green), its median (a dot coloured
 * by verdict) and 95% interval (whisker), on a log axis relative to the band's centre, so a
 * ratio and a latency read alike: how far, as a factor, from what the baseline expects.
 */
final class BandChart {

    private static final int WIDTH = 980;
    private static final int LABEL_PX = 350;
    private static final int VALUE_PX = 280;
    private static final int ROW_PX = 24;
    private static final int TOP_PX = 30;
    /** The axis spans expected ÷ 3 to expected × 3; values beyond are pinned to its edge. */
    private static final double SPAN = 3;

    private BandChart() {
    }

    static String render(List<FigureResult> figures) {
        int height = TOP_PX + ROW_PX * figures.size() + 10;
        Svg svg = new Svg("band-chart", WIDTH, height, "gated figures against their baseline bands");
        LogScale scale = new LogScale(1 / SPAN, SPAN, LABEL_PX, WIDTH - VALUE_PX);
        for (double tick : new double[] {1 / 3.0, 0.5, 1 / 1.5, 1, 1.5, 2, 3}) {
            double x = scale.px(tick);
            svg.line(x, TOP_PX - 6, x, height - 8, tick == 1 ? "#999" : Colors.GRID, 1);
            svg.text(x, TOP_PX - 10, tick == 1 ? "expected" : (tick > 1 ? "×" + SignificantDigits.format(tick) : "÷" + SignificantDigits.format(1 / tick)),
                    "middle", "axis");
        }
        for (int i = 0; i < figures.size(); i++) {
            FigureResult f = figures.get(i);
            double y = TOP_PX + i * ROW_PX + ROW_PX / 2.0;
            svg.text(LABEL_PX - 8, y + 4, f.key().scenario() + " / " + f.key().figure(), "end", f.failsBuild() ? "label failed" : "label");
            String value = SignificantDigits.format(f.value().median()) + " " + f.unit() + " (" + SignificantDigits.format(f.value().low()) + "–"
                    + SignificantDigits.format(f.value().high()) + ")";
            svg.text(WIDTH - VALUE_PX + 8, y + 4, value + "  " + f.verdictName(), "start", f.failsBuild() ? "value failed" : "value");
            if (f.band() == null || !(f.value().median() > 0)) {
                continue;
            }
            double expected = Math.sqrt(f.band().low() * f.band().high());
            String tip = f.key() + ": " + f.verdictName() + " — " + f.reason();
            svg.rect(scale.px(f.band().low() / expected), y - 8, scale.px(f.band().high() / expected) - scale.px(f.band().low() / expected),
                    16, Colors.BAND, "band " + f.band() + " " + f.unit() + " (" + f.direction() + ")");
            if (f.value().hasInterval()) {
                svg.line(scale.px(f.value().low() / expected), y, scale.px(f.value().high() / expected), y, Colors.WHISKER, 2);
            }
            svg.circle(scale.px(f.value().median() / expected), y, 5, Colors.verdict(f.verdict().kind()), tip);
        }
        return svg.end();
    }
}
