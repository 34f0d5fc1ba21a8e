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
    void aNoisyRecordingIsNeverNarrowerThanItsOwnSpread() {
        Band band = BandPolicy.bandFor(new Estimate(10, 5, 20, 8), 1.5);
        assertThat(band.low()).isCloseTo(10 / 4.0, within(1e-9));
        assertThat(band.high()).isCloseTo(40, within(1e-9));
    }

    @Test
    void withoutAnIntervalThereIsNoBandToRecord() {
        assertThatThrownBy(() -> BandPolicy.bandFor(new Estimate(10, Double.NaN, Double.NaN, 3), 1.5))
                .hasMessageContaining("3 rounds")
                .hasMessageContaining("-Dperf.rounds");
    }
}
