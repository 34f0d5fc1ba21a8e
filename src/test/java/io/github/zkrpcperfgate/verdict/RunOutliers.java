package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.MedianInterval;
import java.util.ArrayList;
import java.util.List;

/**
 * Recording runs that lie far from the others and would set a band's width alone. Each run is
 * held against the others (leave one out, so an odd run does not soften its own test): it is an
 * outlier when it lies more than {@value #MADS} scaled median absolute deviations from their
 * median and reaches farther from it than the others and the floor do.
 */
public final class RunOutliers {

    /** How many scaled MADs from the others' median make a run an outlier. */
    public static final double MADS = 3;
    /** Scales a MAD to the standard deviation it estimates for normal data. */
    static final double MAD_SCALE = 1.4826;
    /** Fewer runs leave too few others to say what is typical. */
    static final int MIN_RUNS = 4;

    private RunOutliers() {
    }

    /** The indices of the outlier runs among {@code runMedians} (values > 0); empty below {@value #MIN_RUNS} runs. */
    public static List<Integer> find(List<Double> runMedians, double minimumFactor) {
        List<Integer> outliers = new ArrayList<>();
        if (runMedians.size() < MIN_RUNS) {
            return outliers;
        }
        for (int i = 0; i < runMedians.size(); i++) {
            List<Double> others = new ArrayList<>(runMedians);
            double run = others.remove(i);
            double centre = MedianInterval.of(others).median();
            double mad = MAD_SCALE * MedianInterval.of(others.stream().map(x -> Math.abs(x - centre)).toList()).median();
            double othersReach = minimumFactor;
            for (double x : others) {
                othersReach = Math.max(othersReach, reach(x, centre));
            }
            if (Math.abs(run - centre) > MADS * mad && reach(run, centre) > othersReach) {
                outliers.add(i);
            }
        }
        return outliers;
    }

    private static double reach(double value, double centre) {
        return Math.max(value / centre, centre / value);
    }
}
