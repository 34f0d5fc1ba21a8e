package io.github.zkrpcperfgate.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MedianIntervalTest {

    @Test
    void oddCountTakesTheMiddleValue() {
        assertThat(MedianInterval.of(new double[] {5, 1, 3}).median()).isEqualTo(3);
    }

    @Test
    void evenCountAveragesTheMiddlePair() {
        assertThat(MedianInterval.of(new double[] {4, 1, 3, 2}).median()).isEqualTo(2.5);
    }

    @Test
    void fewerThanSixValuesHaveNoNinetyFivePercentInterval() {
        Estimate e = MedianInterval.of(new double[] {1, 2, 3, 4, 5});
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.low()).isNaN();
        assertThat(e.median()).isEqualTo(3);
    }

    @Test
    void noValuesGiveNaNNotZero() {
        Estimate e = MedianInterval.of(new double[0]);
        assertThat(e.median()).isNaN();
        assertThat(e.sampleCount()).isZero();
    }

    @Test
    void sixValuesSpanMinToMax() {
        Estimate e = MedianInterval.of(new double[] {6, 2, 4, 1, 5, 3});
        assertThat(e.low()).isEqualTo(1);
        assertThat(e.high()).isEqualTo(6);
        assertThat(e.median()).isEqualTo(3.5);
    }

    /** Known order-statistic indices for the median's 95% interval (e.g. n=9: x(2)..x(8)). */
    @ParameterizedTest(name = "n={0} -> k={1}")
    @CsvSource({"5,0", "6,1", "8,1", "9,2", "12,3", "20,6", "100,40"})
    void lowerOrderIndexMatchesBinomialTables(int n, int k) {
        assertThat(MedianInterval.lowerOrderIndex(n)).isEqualTo(k);
    }

    @Test
    void oneOutlierDoesNotMoveTheIntervalOfTwelveRounds() {
        double[] values = {5.0, 5.1, 4.9, 5.2, 4.8, 5.0, 5.1, 4.9, 5.0, 5.05, 4.95, 50.0};
        Estimate e = MedianInterval.of(values);
        assertThat(e.high()).isLessThan(6);
        assertThat(e.median()).isCloseTo(5.0, within(0.05));
    }

    @Test
    void nonFiniteValuesAreRejectedWithTheValue() {
        assertThatThrownBy(() -> MedianInterval.of(new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
    }
}
