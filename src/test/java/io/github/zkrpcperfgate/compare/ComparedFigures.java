package io.github.zkrpcperfgate.compare;

import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.result.Comparisons;
import io.github.zkrpcperfgate.verdict.Direction;
import java.util.ArrayList;
import java.util.List;

/**
 * A gated figure compared between the sides: within each round, how many times worse the
 * candidate's value is than the reference's (its slowdown: above 1 is worse, whichever way the
 * figure itself is better), each side's value computed exactly as a gate run computes it.
 */
public final class ComparedFigures {

    private ComparedFigures() {
    }

    /** The unit of every compared figure: the candidate's slowdown against the reference release. */
    static String unit(ReleaseComparison c) {
        return Comparisons.unit(c.reference());
    }

    static GatedFigure of(GatedFigure base, ReleaseComparison c) {
        List<String> reads = new ArrayList<>();
        for (String w : base.workloads()) {
            if (Sides.SHARED.contains(w)) {
                reads.add(w);
            } else {
                reads.add(Sides.name(Sides.REFERENCE, w));
                reads.add(Sides.name(Sides.CANDIDATE, w));
            }
        }
        return new GatedFigure(base.key(), unit(c), Direction.LOWER_IS_BETTER, c.tolerance(), reads, round -> {
            double candidate = base.perRound().applyAsDouble(Sides.view(round, Sides.CANDIDATE));
            double reference = base.perRound().applyAsDouble(Sides.view(round, Sides.REFERENCE));
            return base.direction() == Direction.HIGHER_IS_BETTER ? reference / candidate : candidate / reference;
        });
    }
}
