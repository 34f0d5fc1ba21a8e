package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.Round;
import java.util.List;

/**
 * What a latency is measured against so that a ceiling travels between machines: the same
 * round's probe latencies. A machine with a slower disk or network stack, or slower cores, has
 * slower probes too, so the ratio stays put where milliseconds would not; a machine that is
 * merely busy slows both alike within one round.
 */
public enum Calibration {

    /** Latency made of CPU work (serialising, deserialising, request processing): CPU probe p50. */
    CPU("x(cpu)", List.of(CpuProbe.NAME));

    private final String unit;
    private final List<String> probes;

    Calibration(String unit, List<String> probes) {
        this.unit = unit;
        this.probes = probes;
    }

    /** The unit a calibrated figure is stated in, e.g. {@code x(cpu)}. */
    public String unit() {
        return unit;
    }

    /** The probe workloads this calibration reads. */
    public List<String> probes() {
        return probes;
    }

    /** The calibration's length in this round, in milliseconds: the sum of its probes' medians. */
    public double millis(Round round) {
        return probes.stream().mapToDouble(p -> round.sample(p).latencyMillis(50)).sum();
    }
}
