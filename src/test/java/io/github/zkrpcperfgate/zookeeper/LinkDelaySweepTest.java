package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.LinkSweep;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LinkDelaySweepTest {

    @Test
    void runsOnlyWhenAskedAndReadsTheDelaysInIncreasingOrder() {
        assertThat(new LinkDelaySweep("").notAsked()).get().asString().contains("-Dperf.zk.linkDelaysUs=");
        assertThat(new LinkDelaySweep("0,250").notAsked()).isEmpty();
        assertThat(LinkDelaySweep.delays(" 250, 0,2000 ")).containsExactly(0L, 250L, 2000L);
    }

    @Test
    void aMalformedListFailsNamingWhatIsWrong() {
        assertThatThrownBy(() -> LinkDelaySweep.delays("0,1ms")).hasMessageContaining("\"1ms\" is not a whole number");
        assertThatThrownBy(() -> LinkDelaySweep.delays("-5")).hasMessageContaining("outside 0..100000");
        assertThatThrownBy(() -> LinkDelaySweep.delays("100,100")).hasMessageContaining("named twice");
    }

    @Test
    void longerLinksGetSmallerSetsButNeverTinyOnes() {
        assertThat(LinkDelaySweep.opsAt(0, 10_000)).isEqualTo(10_000);
        assertThat(LinkDelaySweep.opsAt(250, 10_000)).isEqualTo(10_000);
        assertThat(LinkDelaySweep.opsAt(1000, 10_000)).isEqualTo(2_500);
        assertThat(LinkDelaySweep.opsAt(100_000, 10_000)).isEqualTo(LinkDelaySweep.MIN_OPS);
        assertThat(LinkDelaySweep.opsAt(100_000, 100)).isEqualTo(100); // never more than asked
    }

    @Test
    void theReadingSaysWhereAsyncOverSyncReachesTheSeeds100x() {
        List<Sample> samples = new ArrayList<>();
        // zk-1node: sync 2,000 → 200 ops/s as the link grows; async 20,000 throughout.
        for (int round = 0; round < 3; round++) {
            samples.add(sample(LinkSweep.scenario("zk-1node", 0) + "/sync", round, 2_000));
            samples.add(sample(LinkSweep.scenario("zk-1node", 0) + "/async", round, 20_000));
            samples.add(sample(LinkSweep.scenario("zk-1node", 1000) + "/sync", round, 200));
            samples.add(sample(LinkSweep.scenario("zk-1node", 1000) + "/async", round, 20_000));
        }
        GroupResult sweep = new GroupResult(LinkSweep.GROUP, new TreeMap<>(), List.of(), samples, List.of(), List.of());
        List<LinkSweep.Point> points = LinkSweep.points(sweep);
        assertThat(points).hasSize(4).allSatisfy(p -> assertThat(p.rounds()).isEqualTo(3));
        assertThat(LinkSweep.ratio(points, "zk-1node", 1000, "async", "sync"))
                .hasValueSatisfying(r -> assertThat(r).isCloseTo(100.0, org.assertj.core.data.Offset.offset(1e-9)));
        assertThat(LinkDelaySweep.reading(points, java.util.Map.of(1000L, 2_300_000L)))
                .anySatisfy(n -> assertThat(n).contains("zk-1node, links 0 µs each way", "async/sync 10×"))
                .anySatisfy(n -> assertThat(n).contains("links 1000 µs each way (round trip +2 ms, 2.3 ms measured"))
                .anySatisfy(n -> assertThat(n).isEqualTo(
                        "zk-1node: async/sync reaches the seed's 100× at 1000 µs each way (round trip +2 ms)"));
    }

    /** A sample of {@code opsPerSecond}: 1,000 operations in the time that takes. */
    private static Sample sample(String workload, int round, double opsPerSecond) {
        return new Sample(workload, round, 1_000, (long) (1_000 / opsPerSecond * 1e9), new Histogram(3));
    }
}
