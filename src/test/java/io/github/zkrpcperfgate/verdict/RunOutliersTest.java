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
    void aSittingInAnotherStateOfTheHostIsHeldAgainstItsOwnRuns() {
        // zk-1node multiOverSync, the run medians of zookeeper-docker.json's ledger: two slow
        // sittings of 2026-12-01, then five runs of a faster hour on 2026-12-02 (CPU probe ~4.2 ms).
        // Held against all fifteen, the last run is "far"; against its own sitting it is not.
        List<Double> medians = List.of(43.43, 42.32, 44.73, 39.61, 37.25, 41.76, 40.08, 39.77, 40.56, 40.06,
                59.87, 58.14, 53.66, 65.02, 67.17);
        List<String> sittings = List.of("a", "a", "a", "a", "a", "b", "b", "b", "b", "b", "c", "c", "c", "c", "c");
        assertThat(RunOutliers.find(medians, 1.5)).containsExactly(14);
        assertThat(RunOutliers.findWithinSittings(medians, sittings, 1.5)).isEmpty();
        // An odd start inside a sitting is still named, by its index among all runs.
        List<Double> odd = List.of(10.0, 10.2, 9.9, 10.1, 10.0, 10.3, 9.8, 10.1, 16.0);
        List<String> two = List.of("a", "a", "a", "a", "b", "b", "b", "b", "b");
        assertThat(RunOutliers.findWithinSittings(odd, two, 1.3)).containsExactly(8);
    }

    @Test
    void aSittingTooSmallToJudgeItselfIsHeldAgainstAllRuns() {
        List<Double> medians = List.of(10.0, 10.2, 9.9, 10.1, 10.0, 16.0);
        List<String> sittings = List.of("a", "a", "a", "a", "a", "b");
        assertThat(RunOutliers.findWithinSittings(medians, sittings, 1.3)).containsExactly(5);
    }

    @Test
    void tooFewRunsSayNothing() {
        assertThat(RunOutliers.find(List.of(10.0, 10.1, 30.0), 1.3)).isEmpty();
    }
}
