package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.verdict.Direction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class GatedFigureTest {

    private static final String OP = "nn-mkdirs/h10r1";

    /** A round in which {@code OP} took {@code opMillis} a call and the fsync probe {@code fsyncMillis}. */
    private static Round round(double opMillis, double fsyncMillis) {
        Map<String, Sample> samples = new LinkedHashMap<>();
        samples.put(OP, new Sample(OP, 0, 1, 1_000_000, histogram(opMillis)));
        samples.put(FsyncProbe.NAME, new Sample(FsyncProbe.NAME, 0, 1, 1_000_000, histogram(fsyncMillis)));
        return new Round(0, List.copyOf(samples.keySet()), samples);
    }

    private static Histogram histogram(double ms) {
        Histogram h = new Histogram(3);
        h.recordValue(Math.round(ms * 1e6));
        return h;
    }

    @Test
    void aLatencyAboveAProbeTakesTheProbeOutAndStaysInMilliseconds() {
        GatedFigure f = GatedFigure.latencyAboveProbe("nn-mkdirs", "opP50", OP, 50, FsyncProbe.NAME, "fsync", 2.0);
        assertThat(f.unit()).isEqualTo("ms above fsync");
        assertThat(f.direction()).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(f.workloads()).containsExactly(OP, FsyncProbe.NAME);
        // A slower disk moves the probe and the operation alike: the figure stays where it was.
        assertThat(f.perRound().applyAsDouble(round(0.5, 0.1))).isCloseTo(0.4, within(0.001));
        assertThat(f.perRound().applyAsDouble(round(0.8, 0.4))).isCloseTo(0.4, within(0.001));
    }

    @Test
    void aLatencyNotAboveItsProbeIsAnErrorNotANumber() {
        GatedFigure f = GatedFigure.latencyAboveProbe("nn-mkdirs", "opP50", OP, 50, FsyncProbe.NAME, "fsync", 2.0);
        assertThatThrownBy(() -> f.perRound().applyAsDouble(round(0.1, 0.3)))
                .hasMessageContaining("not above the fsync probe");
    }

    @Test
    void aCostPerThousandOpsInCpuProbesHoldsWhenTheMachineSlowsAndMovesWhenTheWorkDoes() {
        String multi = "zk-1node/multi";
        GatedFigure f = GatedFigure.calibratedTimePerOps("zk-1node", "multiCost", multi, 1_000, Calibration.CPU, 1.5);
        assertThat(f.unit()).isEqualTo("x(cpu) per 1,000 ops");
        assertThat(f.direction()).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(f.workloads()).containsExactly(multi, CpuProbe.NAME);
        // 10,000 creates in 80 ms: 8 ms a thousand, against a CPU probe of 8 ms.
        assertThat(f.perRound().applyAsDouble(setAndCpuProbe(multi, 10_000, 80, 8))).isCloseTo(1.0, within(0.005));
        // A machine half as fast slows both alike.
        assertThat(f.perRound().applyAsDouble(setAndCpuProbe(multi, 10_000, 160, 16))).isCloseTo(1.0, within(0.005));
        // Servers that do twice the work on the same machine.
        assertThat(f.perRound().applyAsDouble(setAndCpuProbe(multi, 10_000, 160, 8))).isCloseTo(2.0, within(0.01));
    }

    private static Round setAndCpuProbe(String workload, long ops, double setMillis, double cpuProbeMillis) {
        Map<String, Sample> samples = new LinkedHashMap<>();
        samples.put(workload, new Sample(workload, 0, ops, Math.round(setMillis * 1e6), histogram(0.01)));
        samples.put(CpuProbe.NAME, new Sample(CpuProbe.NAME, 0, 1, Math.round(cpuProbeMillis * 1e6), histogram(cpuProbeMillis)));
        return new Round(0, List.copyOf(samples.keySet()), samples);
    }
}
