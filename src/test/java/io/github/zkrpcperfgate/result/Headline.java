package io.github.zkrpcperfgate.result;

import java.util.List;

/**
 * The one line every report opens with. Figures that were not judged (a busy machine, a testbed
 * without baselines), and those that passed better than their band, are counted apart, so a green
 * line never hides them.
 */
public final class Headline {

    private Headline() {
    }

    public static String of(List<FigureResult> figures) {
        long failed = figures.stream().filter(FigureResult::failsBuild).count();
        long disturbed = figures.stream().filter(FigureResult::disturbed).count();
        long unjudged = figures.stream().filter(FigureResult::withoutBaseline).count();
        long judged = figures.size() - disturbed - unjudged;
        StringBuilder line = new StringBuilder(failed > 0
                ? failed + " of " + figures.size() + " gated figures failed."
                : judged == 0 ? "No figure was judged." : "All " + judged + " judged figures passed.");
        long improved = figures.stream().filter(FigureResult::improved).count();
        if (improved > 0) {
            line.append(' ').append(improved).append(improved == 1 ? " is" : " are")
                    .append(" better than recorded: re-baseline to lock the gain in.");
        }
        if (disturbed > 0) {
            line.append(' ').append(disturbed).append(" not judged: the machine was busy.");
        }
        if (unjudged > 0) {
            line.append(' ').append(unjudged).append(" not judged: no baselines for this testbed.");
        }
        return line.toString();
    }
}
