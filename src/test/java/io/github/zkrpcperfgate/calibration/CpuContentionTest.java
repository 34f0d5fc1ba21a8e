package io.github.zkrpcperfgate.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A slow parallel probe is a disturbance only when the CPU it lost went to a process not ours. */
class CpuContentionTest {

    /** A round whose parallel probe took {@code index} times the serial tasks, others using {@code foreign} of the CPU. */
    private static Round round(double index, Map<String, Double> facts) {
        Histogram serial = new Histogram(3);
        serial.recordValue(1_000_000);
        Histogram parallel = new Histogram(3);
        parallel.recordValue(Math.round(1_000_000 * ParallelCpuProbe.TASKS_PER_THREAD * index));
        Map<String, Sample> samples = new LinkedHashMap<>();
        samples.put(CpuProbe.NAME, new Sample(CpuProbe.NAME, 0, 1, 1_000_000, serial));
        samples.put(ParallelCpuProbe.NAME, new Sample(ParallelCpuProbe.NAME, 0, 1, 10_000_000, parallel, facts));
        return new Round(0, List.copyOf(samples.keySet()), samples);
    }

    @Test
    void aSlowProbeWhoseCpuWentToANeighbourIsBusy() {
        Round r = round(1.6, Map.of(ParallelCpuProbe.FOREIGN_CPU_SHARE, 0.48));
        assertThat(CpuContention.busy(r)).isTrue();
        assertThat(CpuContention.slowedByOwnWork(r)).isFalse();
    }

    @Test
    void aSlowProbeWhoseCpuWentToOurOwnProcessesIsTheSystemsOwnWork() {
        Round r = round(1.6, Map.of(ParallelCpuProbe.FOREIGN_CPU_SHARE, 0.02));
        assertThat(CpuContention.busy(r)).isFalse();
        assertThat(CpuContention.slowedByOwnWork(r)).isTrue();
    }

    @Test
    void aQuickProbeIsQuietAndWithoutAccountingTheIndexDecidesAlone() {
        assertThat(CpuContention.busy(round(1.02, Map.of(ParallelCpuProbe.FOREIGN_CPU_SHARE, 0.9)))).isFalse();
        assertThat(CpuContention.busy(round(1.6, Map.of()))).isTrue();
    }

    @Test
    void theProbeAttributesTheCpuOnThisMachine() throws Exception {
        try (ParallelCpuProbe probe = new ParallelCpuProbe()) {
            probe.runSet(nanos -> { });
            // On Linux: a share between 0 and 1 (this JVM's own work is never foreign); elsewhere nothing.
            probe.lastSetFacts().values().forEach(share -> assertThat(share).isBetween(0.0, 1.0));
        }
    }
}
