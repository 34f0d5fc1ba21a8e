package io.github.zkrpcperfgate.verdict;

import io.github.zkrpcperfgate.stats.MedianInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Recording runs that lie far from the others and would set a band's width alone. Each run is
 * held against the others (leave one out, so an odd run does not soften its own test): it is an
 * outlier when it lies more than {@value #MADS} scaled median absolute deviations from their
 * median and reaches farther from it than the others and the floor do.
 *
 * <p>Pooled sittings are held apart ({@link #findWithinSittings}): a sitting in another state of
 * the host is what pooling sittings is for, not an odd run (2026-12-02: a third zookeeper-docker.json
 * sitting at CPU probe ~4.2 ms read zk-1node multiOverSync 53.7-69 a run against 37.3-44.7 in the
 * ten runs of slower sittings, and its fastest runs were refused as far from all fifteen).
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

    /**
     * The outlier runs, each held against the other runs of its own sitting ({@code sittings.get(i)}
     * names run i's); a sitting of fewer than {@value #MIN_RUNS} runs cannot say what is typical
     * for itself, so its runs are held against all runs, as one sitting's are.
     */
    public static List<Integer> findWithinSittings(List<Double> runMedians, List<String> sittings, double minimumFactor) {
        if (runMedians.size() != sittings.size()) {
            throw new IllegalArgumentException(runMedians.size() + " run medians but " + sittings.size() + " sittings");
        }
        Map<String, List<Integer>> bySitting = new LinkedHashMap<>();
        for (int i = 0; i < sittings.size(); i++) {
            bySitting.computeIfAbsent(sittings.get(i), s -> new ArrayList<>()).add(i);
        }
        List<Integer> againstAll = find(runMedians, minimumFactor);
        List<Integer> outliers = new ArrayList<>();
        for (List<Integer> runs : bySitting.values()) {
            if (runs.size() < MIN_RUNS) {
                runs.stream().filter(againstAll::contains).forEach(outliers::add);
            } else {
                find(runs.stream().map(runMedians::get).toList(), minimumFactor).forEach(j -> outliers.add(runs.get(j)));
            }
        }
        outliers.sort(null);
        return outliers;
    }

    private static double reach(double value, double centre) {
        return Math.max(value / centre, centre / value);
    }
}
