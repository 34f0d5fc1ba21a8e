package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.baseline.BaselineFigure;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.verdict.BandPolicy;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Whether a baseline file still guards what the catalogue gates, checked before any server
 * starts: a figure the suite measures needs an entry of the same unit and direction; an entry the
 * catalogue no longer has guards nothing and must go; and a band must be no wider than the band
 * policy gives from the entry's own recorded data, so that widening a band by hand shows.
 */
public final class BaselineConsistency {

    /**
     * Stored numbers keep four significant digits, so a recomputed band factor can differ from the
     * stored one by a few parts in ten thousand; a hand-widened band differs by far more.
     */
    static final double ROUNDING_TOLERANCE = 1.002;

    private BaselineConsistency() {
    }

    /** The recorded entry of {@code figure}, or a {@link BaselineException} naming what is missing or differs. */
    public static BaselineFigure recordedFor(Baselines baselines, GatedFigure figure) {
        BaselineFigure b = baselines.figure(figure.key());
        if (b.direction() != figure.direction() || !b.unit().equals(figure.unit())) {
            throw new BaselineException(baselines.file() + ": scenario \"" + figure.key().scenario()
                    + "\", figure \"" + figure.key().figure() + "\" records " + b.unit() + ", " + b.direction()
                    + " but the suite measures " + figure.unit() + ", " + figure.direction()
                    + "; re-record it with " + BaselineException.UPDATE_COMMAND);
        }
        return b;
    }

    /** Throws one {@link BaselineException} listing every problem, or returns when there is none. */
    public static void require(Baselines baselines, List<GatedFigure> measured, List<GatedFigure> catalogue) {
        List<String> problems = problems(baselines, measured, catalogue);
        if (!problems.isEmpty()) {
            throw new BaselineException(baselines.file() + " does not match what the suite gates ("
                    + problems.size() + " problem(s)):\n  - " + String.join("\n  - ", problems)
                    + "\nRe-record with " + BaselineException.UPDATE_COMMAND + " and commit baselines/ with the measured reason.");
        }
    }

    static List<String> problems(Baselines baselines, List<GatedFigure> measured, List<GatedFigure> catalogue) {
        List<String> problems = new ArrayList<>();
        for (GatedFigure f : measured) {
            try {
                recordedFor(baselines, f);
            } catch (BaselineException e) {
                problems.add("measured but not recorded: " + e.getMessage());
            }
        }
        Map<FigureKey, GatedFigure> known = catalogue.stream()
                .collect(Collectors.toMap(GatedFigure::key, Function.identity(), (a, b) -> a));
        baselines.scenarios().forEach((scenario, entry) -> entry.figures().forEach((name, recorded) -> {
            FigureKey key = new FigureKey(scenario, name);
            GatedFigure f = known.get(key);
            if (f == null) {
                problems.add("recorded but no longer measured: " + key + " (the catalogue gates "
                        + catalogue.stream().filter(c -> c.key().scenario().equals(scenario)).map(c -> c.key().figure()).toList()
                        + " for \"" + scenario + "\")");
                return;
            }
            double policy = BandPolicy.factor(recorded.expected(), recorded.intervalLow(), recorded.intervalHigh(),
                    recorded.runMedians(), recorded.sittingMedians(), f.minimumBandFactor());
            double stored = Math.sqrt(recorded.band().high() / recorded.band().low());
            if (stored > policy * ROUNDING_TOLERANCE) {
                problems.add(key + ": band " + recorded.band() + " is x/" + SignificantDigits.format(stored) + " around "
                        + SignificantDigits.format(recorded.expected()) + ", wider than the x/" + SignificantDigits.format(policy)
                        + " the band policy gives from its recorded interval, run and sitting medians and floor "
                        + SignificantDigits.format(f.minimumBandFactor()) + " (widened by hand?)");
            }
        }));
        return problems;
    }
}
