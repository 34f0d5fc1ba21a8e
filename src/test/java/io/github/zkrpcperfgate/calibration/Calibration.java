package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.stats.MedianInterval;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

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

    /**
     * {@link #millis} as work spread over every core feels it: in a round another process
     * disturbed ({@link CpuContention#busy}), times the round's contention index (the same tasks
     * on every core at once over on one), else as read. A probe on one thread sees one free core
     * where a shell loop burns the other, so it barely moves (×1.17 beside self-check 9's hog),
     * while a NameNode serving 10 client threads lost half the machine (its write p50s read
     * 1.6× slower and the index 2.0–2.1). CPU our own processes took is never counted: a round
     * the system under test slowed itself is not busy, so its slowdown stays in the figure.
     */
    public double millisLeftToUs(Round round) {
        return CpuContention.busy(round) ? millis(round) * CpuContention.index(round) : millis(round);
    }

    /** The median of {@link #millisLeftToUs} over {@code rounds}: the calibration's length in a whole run. */
    public double medianMillisLeftToUs(List<Round> rounds) {
        return MedianInterval.of(rounds.stream().map(this::millisLeftToUs).toList()).median();
    }

    /**
     * The calibration's length where a baseline was recorded, from the probe medians its
     * environment fingerprint keeps (see {@link CalibrationProbes#medians}); empty when one is
     * missing or unreadable (a file recorded before the probe existed).
     */
    public OptionalDouble recordedMillis(Map<String, String> environment) {
        double sum = 0;
        for (String probe : probes) {
            OptionalDouble ms = millisIn(environment, CalibrationProbes.factKey(probe));
            if (ms.isEmpty()) {
                return OptionalDouble.empty();
            }
            sum += ms.getAsDouble();
        }
        return OptionalDouble.of(sum);
    }

    /** A positive, finite number of milliseconds an environment keeps under {@code key}; empty when missing or unreadable. */
    public static OptionalDouble millisIn(Map<String, String> environment, String key) {
        try {
            double ms = Double.parseDouble(environment.getOrDefault(key, ""));
            return Double.isFinite(ms) && ms > 0 ? OptionalDouble.of(ms) : OptionalDouble.empty();
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }
}
