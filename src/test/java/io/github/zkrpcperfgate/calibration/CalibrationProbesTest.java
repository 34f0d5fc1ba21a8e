package io.github.zkrpcperfgate.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Workload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The probes on this machine: each set is one bounded sample, and closing leaves nothing behind. */
class CalibrationProbesTest {

    @Test
    void eachProbeMeasuresOneSetAndTheCalibrationAddsItsProbesMedians() throws Exception {
        Map<String, Sample> samples = new LinkedHashMap<>();
        try (CalibrationProbes probes = new CalibrationProbes()) {
            for (Workload probe : probes.workloads()) {
                assertThat(probe.oneSetPerSample()).isTrue();
                Histogram h = new Histogram(3);
                long start = System.nanoTime();
                probe.runSet(h::recordValue);
                samples.put(probe.name(), new Sample(probe.name(), 0, probe.operationsPerSet(), System.nanoTime() - start, h));
                probe.resetAfterSet();
                assertThat(h.getTotalCount()).isEqualTo(probe.operationsPerSet());
            }
        }
        Round round = new Round(0, List.copyOf(samples.keySet()), samples);
        assertThat(Calibration.CPU.millis(round)).isCloseTo(samples.get(CpuProbe.NAME).latencyMillis(50),
                org.assertj.core.api.Assertions.within(1e-9)).isPositive();
        assertThat(CalibrationProbes.medians(List.copyOf(samples.values())))
                .containsKeys("calibration.loopbackRttP50Ms", "calibration.fsyncP50Ms", "calibration.cpuP50Ms");
    }

    @Test
    void theSlowestRecordingRunIsTheLargestOfTheRunsFsyncMedians() {
        // zookeeper-lan-docker.json's five runs: fsync medians 0.095, 0.09, 0.088, 0.094, 0.106 ms.
        List<Map<String, List<Double>>> runs = List.of(
                Map.of(FsyncProbe.NAME, List.of(0.09, 0.095, 0.1), CpuProbe.NAME, List.of(4.0)),
                Map.of(FsyncProbe.NAME, List.of(0.2, 0.106, 0.1)),
                Map.of(CpuProbe.NAME, List.of(4.0)));
        assertThat(CalibrationProbes.slowestFsyncRun(runs)).containsExactly(Map.entry(CalibrationProbes.FSYNC_SLOWEST_RUN, "0.106"));
        assertThat(CalibrationProbes.slowestFsyncRun(List.of(Map.of(CpuProbe.NAME, List.of(4.0))))).isEmpty();
    }

    @Test
    void theWakeUpProbeRunsOnlyBesideSleepingServersAndASleepsOverrunIsWhatItTookBeyondIt() throws Exception {
        assertThat(new CalibrationProbes().workloadsWithTimerWakeup()).extracting(w -> w.name()).endsWith(TimerWakeupProbe.NAME);
        assertThat(new CalibrationProbes().workloads()).extracting(w -> w.name()).doesNotContain(TimerWakeupProbe.NAME);
        // Bounded below by 1 ns (a histogram records no zero), and a real sleep overruns by less than a second.
        assertThat(TimerWakeupProbe.overrun(java.time.Duration.ofMillis(1))).isBetween(1L, 1_000_000_000L);
    }

    @Test
    void theLongestRecordedDiskTailIsTheLargestOfTheRunsFsyncP99MediansAndRunsWithoutOneAreSkipped() {
        List<List<Double>> runs = List.of(List.of(0.25, 0.19, 0.27), List.of(), List.of(0.3, 0.172, 0.18, 0.9));
        assertThat(CalibrationProbes.slowestFsyncTail(runs)).containsExactly(Map.entry(CalibrationProbes.FSYNC_TAIL_SLOWEST_RUN, "0.25"));
        assertThat(CalibrationProbes.slowestFsyncTail(List.of(List.of(), List.of()))).isEmpty();
    }
}
