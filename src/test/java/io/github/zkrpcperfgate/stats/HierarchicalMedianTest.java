package io.github.zkrpcperfgate.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HierarchicalMedianTest {

    private static List<Double> start(double centre, double... offsets) {
        List<Double> values = new ArrayList<>();
        for (double o : offsets) {
            values.add(centre + o);
        }
        return values;
    }

    @Test
    void aStartThatSitsApartWidensTheIntervalWhereRoundsPooledAsIndependentWouldNot() {
        double[] noise = {-0.01, 0.0, 0.01, -0.005, 0.005, 0.002};
        List<List<Double>> starts = List.of(start(1.0, noise), start(1.0, noise), start(1.3, noise));
        Estimate hierarchical = HierarchicalMedian.of(starts, 1);
        Estimate pooled = MedianInterval.of(starts.stream().flatMap(List::stream).toList());
        assertThat(hierarchical.sampleCount()).isEqualTo(18);
        assertThat(hierarchical.median()).isEqualTo(pooled.median());
        assertThat(hierarchical.high()).as("one start in three read 1.3: the interval must reach it")
                .isGreaterThan(1.25).isGreaterThan(pooled.high());
    }

    @Test
    void startsThatAgreeGiveANarrowInterval() {
        double[] noise = {-0.02, 0.0, 0.02, -0.01, 0.01, 0.0};
        Estimate e = HierarchicalMedian.of(List.of(start(1.0, noise), start(1.0, noise), start(1.0, noise)), 7);
        assertThat(e.low()).isBetween(0.97, 1.0);
        assertThat(e.high()).isBetween(1.0, 1.03);
    }

    @Test
    void sameValuesAndSeedGiveTheSameInterval() {
        List<List<Double>> starts = List.of(start(1.0, 0.1, -0.2, 0.05), start(1.1, 0.0, 0.3, -0.1), start(0.9, 0.2, 0.1, 0.0));
        assertThat(HierarchicalMedian.of(starts, 42)).isEqualTo(HierarchicalMedian.of(starts, 42));
    }

    @Test
    void oneStartHasNoIntervalOverStarts() {
        Estimate e = HierarchicalMedian.of(List.of(start(1.0, 0, 0.1, 0.2, 0.3, 0.4, 0.5)), 1);
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.median()).isEqualTo(1.25);
    }
}
