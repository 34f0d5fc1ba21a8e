package io.github.zkrpcperfgate.result;

import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Report inputs shaped like a real run (both halves, one failed figure), with seeded latencies. */
public final class ResultFixtures {

    private ResultFixtures() {
    }

    public static List<GroupResult> bothHalves() {
        return List.of(zooKeeper(), hadoopRpc());
    }

    public static GroupResult zooKeeper() {
        List<Sample> samples = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 6; round++) {
            samples.add(sample("zk-1node/sync", round, 10_000, 3.3e9, 0.33, random));
            samples.add(sample("zk-1node/async", round, 20_000, 0.9e9, 300, random));
            samples.add(sample("zk-1node/multi", round, 180_000, 1.1e9, 60, random));
            samples.add(sample("calibration/fsync", round, 300, 0.04e9, 0.13, random));
        }
        List<FigureResult> figures = List.of(
                FigureResult.of(new FigureKey("zk-1node", "asyncOverSync"), "ratio", Direction.HIGHER_IS_BETTER,
                        new Estimate(7.3, 6.6, 8.1, 6), new Band(5.0, 8.5), Verdict.Kind.PASS, "inside <band>", List.of(),
                        List.of("zk-1node/async", "zk-1node/sync")),
                FigureResult.of(new FigureKey("zk-1node", "syncP50"), "x(rtt+fsync)", Direction.LOWER_IS_BETTER,
                        new Estimate(4.1, 3.9, 4.4, 6), new Band(1.4, 2.4), Verdict.Kind.REGRESSION, "wholly above the band", List.of(),
                        List.of("zk-1node/sync")));
        return new GroupResult("zookeeper", new TreeMap<>(java.util.Map.of("backend", "docker", "cores", "2")), figures, samples,
                List.of(), List.of("a note & <markup> stays text"));
    }

    public static GroupResult hadoopRpc() {
        List<Sample> samples = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 6; round++) {
            samples.add(sample("rpc-seed-protobuf/h1r1", round, 20, 2.1e9, 105, random));
            samples.add(sample("rpc-seed-protobuf/h1r10", round, 20, 2.1e9, 105, random));
            samples.add(sample("rpc-seed-protobuf/h10r1", round, 100, 1.2e9, 110, random));
            samples.add(sample("rpc-seed-protobuf/h10r10", round, 100, 1.2e9, 111, random));
        }
        List<FigureResult> figures = List.of(FigureResult.of(new FigureKey("rpc-seed-protobuf", "handlers10OverHandlers1"), "ratio",
                Direction.HIGHER_IS_BETTER, new Estimate(8.5, 8.2, 8.8, 6), new Band(6.6, 11.2), Verdict.Kind.PASS, "inside", List.of(),
                List.of("rpc-seed-protobuf/h10r1", "rpc-seed-protobuf/h1r1")));
        return new GroupResult("hadoop-rpc", new TreeMap<>(java.util.Map.of("hadoopVersion", "3.5.0")), figures, samples,
                List.of(), List.of());
    }

    private static Sample sample(String workload, int round, long ops, double nanos, double typicalMs, SplittableRandom random) {
        Histogram h = new Histogram(600_000_000_000L, 3);
        for (int i = 0; i < 2_000; i++) {
            double ms = typicalMs * (0.8 + 0.4 * random.nextDouble()) * (random.nextDouble() < 0.02 ? 3 : 1);
            h.recordValue((long) (ms * 1e6));
        }
        return new Sample(workload, round, ops, (long) (nanos * (0.95 + 0.1 * random.nextDouble())), h);
    }
}
