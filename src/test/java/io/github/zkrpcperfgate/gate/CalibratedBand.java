package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.calibration.Calibration;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.verdict.Band;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The band a figure is held to in one run. A figure in milliseconds of CPU work (a Hadoop RPC
 * call above its handler's sleep, a NameNode operation) follows the machine's speed, and on this
 * shared machine kind that speed moves between builds of one day: the CPU probe's median read
 * 5.5–9.4 ms in the fresh-clone builds of 2026-11-30, and an unchanged `rpc-seed-protobuf
 * callP50` 16.8–59.5 ms with it. So its recorded band is scaled by the calibration's median over
 * the rounds the figure is judged on, over the same median at recording (kept in the baseline's
 * environment): the same as stating the figure in calibration units, but the figure stays in ms a
 * reader can hold against the latency curves. One factor per run, not per round: dividing each
 * round by its own probe adds the probe's round-to-round noise (README, "How the gate decides").
 * A throughput ratio of CPU-bound work over sleep-bound work (10 writable handlers busy with
 * payloads over 1 that sleeps) falls as the machine slows: its band moves by the inverse factor.
 *
 * @param band the band to judge against
 * @param note how it was derived from the recorded band, for the verdict's reason; empty when as recorded
 */
record CalibratedBand(Band band, Optional<String> note) {

    /** {@code recorded}, moved as {@code figure} asks for the rounds it is judged on. */
    static CalibratedBand of(GatedFigure figure, Band recorded, Map<String, String> recordedIn, List<Round> rounds) {
        if (figure.bandFollows().isEmpty() || rounds.isEmpty()) {
            return new CalibratedBand(recorded, Optional.empty());
        }
        GatedFigure.BandFollowing following = figure.bandFollows().get();
        Calibration calibration = following.calibration();
        boolean inversely = following.inversely();
        OptionalDouble atRecording = calibration.recordedMillis(recordedIn);
        if (atRecording.isEmpty()) {
            return new CalibratedBand(recorded, Optional.of("band as recorded: its baseline keeps no median of "
                    + String.join(" + ", calibration.probes()) + " to scale it by; re-record to let it follow the machine's speed"));
        }
        double now = calibration.medianMillis(rounds);
        double factor = inversely ? atRecording.getAsDouble() / now : now / atRecording.getAsDouble();
        Band scaled = new Band(recorded.low() * factor, recorded.high() * factor);
        return new CalibratedBand(scaled, Optional.of("band " + recorded + " as recorded, ×"
                + SignificantDigits.format(factor) + " for the machine's speed" + (inversely ? " (inversely)" : "") + ": " + String.join(" + ", calibration.probes()) + " read "
                + SignificantDigits.format(now) + " ms in these rounds against "
                + SignificantDigits.format(atRecording.getAsDouble()) + " ms at recording"));
    }
}
