package io.github.zkrpcperfgate.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.zkrpcperfgate.stats.Estimate;
import org.junit.jupiter.api.Test;

class BandPolicyTest {

    @Test
    void aTightRecordingGetsTheMinimumWidth() {
        Band band = BandPolicy.bandFor(new Estimate(10, 9.9, 10.1, 8), 1.5);
        assertThat(band.low()).isCloseTo(10 / 1.5, within(1e-9));
        assertThat(band.high()).isCloseTo(15, within(1e-9));
    }

    @Test
    void aNoisyRecordingIsNeverNarrowerThanTheFarthestReachOfItsInterval() {
        // The interval reaches 2x above the median and 1.25x below: the band is x/2 both ways.
        Band band = BandPolicy.bandFor(new Estimate(10, 8, 20, 12), 1.5);
        assertThat(band.low()).isCloseTo(5, within(1e-9));
        assertThat(band.high()).isCloseTo(20, within(1e-9));
    }

    @Test
    void aPooledRecordingIsCentredOnTheMedianRunAndCoversEveryRunsMedian() {
        // Runs at 9.5, 10 and 14: centred on 10 (the pooled median, 10.5, leans to the odd run); the far run sets the width (x1.4).
        Band band = BandPolicy.bandFor(new Estimate(10.5, 9.6, 12, 24), java.util.List.of(9.5, 10.0, 14.0), 1.3);
        assertThat(BandPolicy.centre(new Estimate(10.5, 9.6, 12, 24), java.util.List.of(9.5, 10.0, 14.0))).isEqualTo(10);
        assertThat(band.low()).isCloseTo(10 / 1.4, within(1e-9));
        assertThat(band.high()).isCloseTo(14, within(1e-9));
        // Runs that agree leave the floor in charge.
        assertThat(BandPolicy.bandFor(new Estimate(10, 9.6, 10.5, 24), java.util.List.of(9.8, 10.0, 10.3), 1.3))
                .isEqualTo(Band.around(10, 1.3));
    }

    @Test
    void fromThreeSittingsOnTheBandHoldsANewSittingsPredictedMedian() {
        // zk-5node syncCostOver1node as recorded on 2c-amd-epyc: 23 runs in five sittings, the
        // farthest run 1.299 from the centre (under the 1.3 floor); the sittings' medians predict
        // a new one within x/1.53, and 2026-12-05's unchanged builds read 3.887 and 4.25.
        java.util.List<Double> sittings = java.util.List.of(3.364, 3.46, 2.714, 2.66, 2.611);
        double reach = BandPolicy.newSittingReach(2.914, sittings);
        assertThat(reach).isCloseTo(1.53, within(0.01));
        Band band = BandPolicy.bandFor(new Estimate(2.95, 2.757, 3.045, 138),
                java.util.List.of(2.485, 3.785, 2.914), sittings, 1.3);
        assertThat(band.high()).isCloseTo(2.914 * reach, within(1e-9)).isGreaterThan(4.25);
        // Sittings that agree leave the floor in charge; two sittings predict nothing.
        assertThat(BandPolicy.newSittingReach(10, java.util.List.of(9.9, 10.0, 10.1, 10.05))).isLessThan(1.05);
        assertThat(BandPolicy.newSittingReach(10, java.util.List.of(5.0, 20.0))).isEqualTo(1);
    }

    @Test
    void studentsTFollowsItsTableAndThenTheNormalsLimit() {
        assertThat(BandPolicy.studentT975(4)).isEqualTo(2.776);
        assertThat(BandPolicy.studentT975(30)).isEqualTo(2.042);
        assertThat(BandPolicy.studentT975(40)).isCloseTo(2.021, within(0.001));
        assertThat(BandPolicy.studentT975(120)).isCloseTo(1.980, within(0.001));
    }

    @Test
    void withoutAnIntervalThereIsNoBandToRecord() {
        assertThatThrownBy(() -> BandPolicy.bandFor(new Estimate(10, Double.NaN, Double.NaN, 3), 1.5))
                .hasMessageContaining("3 rounds")
                .hasMessageContaining("-Dperf.rounds");
    }
}
