package io.github.zkrpcperfgate.result;

import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.WorkloadNames;
import io.github.zkrpcperfgate.stats.MedianInterval;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ZooKeeper link-delay sweep as its results hold it: a group whose samples are named
 * {@code <ensemble>@<one-way delay>us/<mode>}, e.g. {@code zk-5node@250us/sync}, and read back
 * here into points (median throughput over the sweep's rounds), so the sweep's notes, results.json
 * and the chart in index.html agree. Not gated: a curve to read, not a band to hold.
 */
public final class LinkSweep {

    /** The sweep's group in every report. */
    public static final String GROUP = "zookeeper-link-sweep";

    private static final Pattern SCENARIO = Pattern.compile("(.+)@(\\d+)us");

    /** One ensemble at one delay in one write mode. */
    public record Point(String ensemble, long oneWayMicros, String mode, double opsPerSecond, int rounds) {

        /** The round trip the links add: twice the one-way delay, in ms. */
        public double addedRoundTripMillis() {
            return 2 * oneWayMicros / 1000.0;
        }
    }

    private LinkSweep() {
    }

    /** The scenario name of {@code ensemble} with every link {@code oneWayMicros} long each way. */
    public static String scenario(String ensemble, long oneWayMicros) {
        return ensemble + "@" + oneWayMicros + "us";
    }

    /** Every point of a sweep group, by ensemble, then delay, then mode as measured. */
    public static List<Point> points(GroupResult sweep) {
        Map<String, List<Double>> throughput = new TreeMap<>();
        for (Sample s : sweep.samples()) {
            throughput.computeIfAbsent(s.workload(), w -> new ArrayList<>()).add(s.opsPerSecond());
        }
        List<Point> points = new ArrayList<>();
        throughput.forEach((workload, values) -> {
            Matcher m = SCENARIO.matcher(WorkloadNames.scenarioOf(workload));
            if (m.matches()) {
                points.add(new Point(m.group(1), Long.parseLong(m.group(2)), WorkloadNames.partOf(workload),
                        MedianInterval.of(values).median(), values.size()));
            }
        });
        points.sort(Comparator.comparing(Point::ensemble).thenComparingLong(Point::oneWayMicros));
        return points;
    }

    /** The point of one ensemble at one delay in one mode, when it was measured. */
    public static Optional<Point> point(List<Point> points, String ensemble, long oneWayMicros, String mode) {
        return points.stream().filter(p -> p.ensemble().equals(ensemble) && p.oneWayMicros() == oneWayMicros
                && p.mode().equals(mode)).findFirst();
    }

    /** {@code numerator}'s throughput over {@code denominator}'s for one ensemble at one delay, when both were measured. */
    public static Optional<Double> ratio(List<Point> points, String ensemble, long oneWayMicros, String numerator,
                                         String denominator) {
        Optional<Point> top = point(points, ensemble, oneWayMicros, numerator);
        Optional<Point> bottom = point(points, ensemble, oneWayMicros, denominator);
        return top.isPresent() && bottom.isPresent() && bottom.get().opsPerSecond() > 0
                ? Optional.of(top.get().opsPerSecond() / bottom.get().opsPerSecond()) : Optional.empty();
    }

    /** The delays measured, in increasing order. */
    public static List<Long> delays(List<Point> points) {
        return points.stream().map(Point::oneWayMicros).distinct().sorted().toList();
    }

    /** The ensembles measured, in name order. */
    public static List<String> ensembles(List<Point> points) {
        return points.stream().map(Point::ensemble).distinct().sorted().toList();
    }
}
