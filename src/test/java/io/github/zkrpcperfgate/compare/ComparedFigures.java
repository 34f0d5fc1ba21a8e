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

    static GatedFigure of(GatedFigure base, ReleaseComparison c) {
        return step(base, Sides.REFERENCE, Sides.CANDIDATE, c.reference(), c.tolerance());
    }

    /**
     * {@code base} from the side {@code from} (release {@code fromRelease}) to the side {@code to}:
     * the candidate against the reference, or one step of a timeline.
     */
    static GatedFigure step(GatedFigure base, String from, String to, String fromRelease, double tolerance) {
        List<String> reads = new ArrayList<>();
        for (String w : base.workloads()) {
            if (Sides.SHARED.contains(w)) {
                reads.add(w);
            } else {
                reads.add(Sides.name(from, w));
                reads.add(Sides.name(to, w));
            }
        }
        return new GatedFigure(base.key(), Comparisons.unit(fromRelease), Direction.LOWER_IS_BETTER, tolerance, reads, round -> {
            double later = base.perRound().applyAsDouble(Sides.view(round, to));
            double earlier = base.perRound().applyAsDouble(Sides.view(round, from));
            return base.direction() == Direction.HIGHER_IS_BETTER ? earlier / later : later / earlier;
        });
    }
}
