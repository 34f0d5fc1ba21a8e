package io.github.zkrpcperfgate.selfcheck;

import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kind of a gated figure, as README's "smallest slowdown caught" table groups them: what
 * a band of that kind can catch depends on how the figure drifts (a ratio of two CPU-bound
 * modes, a latency above the disk's fsync, a tail), not on its scenario.
 */
final class FigureKind {

    private static final Pattern THREAD_SCALING = Pattern.compile("(handlers|readers)\\d+Over(Handlers|Readers)\\d+");
    private static final Pattern PERCENTILE = Pattern.compile("([a-z]+)P(\\d+)");

    private FigureKind() {
    }

    /** E.g. "zookeeper: ratios", "zookeeper: sync p99", "hadoop-rpc: thread-scaling ratios", "zookeeper-failover: windowMs". */
    static String of(String group, FigureKey key) {
        String figure = key.figure();
        if (THREAD_SCALING.matcher(figure).matches()) {
            return group + ": thread-scaling ratios";
        }
        if (figure.contains("Over")) {
            return group + ": ratios";
        }
        Matcher percentile = PERCENTILE.matcher(figure);
        if (percentile.matches()) {
            return group + ": " + percentile.group(1) + " p" + percentile.group(2);
        }
        return group + ": " + figure;
    }
}
