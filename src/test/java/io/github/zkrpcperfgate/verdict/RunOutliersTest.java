package io.github.zkrpcperfgate.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunOutliersTest {

    @Test
    void aRunFarFromTheOthersThatAloneWidensTheBandIsAnOutlier() {
        assertThat(RunOutliers.find(List.of(10.0, 10.2, 9.9, 10.1, 16.0), 1.3)).containsExactly(4);
        assertThat(RunOutliers.find(List.of(6.0, 10.0, 10.2, 9.9, 10.1), 1.3)).containsExactly(0);
    }

    @Test
    void aFarRunInsideTheFloorOrAmongSpreadRunsIsNot() {
        // 12 is many MADs away but within the x1.3 floor: it does not set the band's width.
        assertThat(RunOutliers.find(List.of(10.0, 10.2, 9.9, 10.1, 12.0), 1.3)).isEmpty();
        // The runs of zk-5node multiOverSync recorded on 2026-11-30 (floor 1.5).
        assertThat(RunOutliers.find(List.of(112.1, 123.9, 115.9, 117.4, 107.9), 1.5)).isEmpty();
        // Widely spread runs: the far one is not far by their own spread.
        assertThat(RunOutliers.find(List.of(8.0, 10.0, 12.5, 15.0, 18.0), 1.3)).isEmpty();
    }

    @Test
    void tooFewRunsSayNothing() {
        assertThat(RunOutliers.find(List.of(10.0, 10.1, 30.0), 1.3)).isEmpty();
    }
}
