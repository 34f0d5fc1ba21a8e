package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.calibration.CpuProbe;
import io.github.zkrpcperfgate.calibration.ParallelCpuProbe;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Judge;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Which rounds a figure reads when some were disturbed, and what a failing verdict on them becomes. */
class DisturbancePolicyTest {

    private static final GatedFigure LATENCY = GatedFigure.latencyCeiling("s", "p50", "s/w", 50, 1.5);

    /** A round where workload s/w took {@code ms}, the parallel CPU probe ran {@code index}× slow and others used {@code foreign}. */
    private static Round round(int index, double ms, double contention, double foreign) {
        Map<String, Sample> samples = new LinkedHashMap<>();
        samples.put("s/w", new Sample("s/w", index, 1, 1_000_000, histogram(ms)));
        samples.put(CpuProbe.NAME, new Sample(CpuProbe.NAME, index, 1, 1_000_000, histogram(1)));
        samples.put(ParallelCpuProbe.NAME, new Sample(ParallelCpuProbe.NAME, index, 1, 1_000_000,
                histogram(ParallelCpuProbe.TASKS_PER_THREAD * contention), Map.of(ParallelCpuProbe.FOREIGN_CPU_SHARE, foreign)));
        return new Round(index, List.copyOf(samples.keySet()), samples);
    }

    private static Histogram histogram(double ms) {
        Histogram h = new Histogram(3);
        h.recordValue(Math.round(ms * 1e6));
        return h;
    }

    /** {@code quiet} rounds at 1 ms, then {@code busy} rounds at 3 ms beside a neighbour. */
    private static List<Round> rounds(int quiet, int busy, double busyForeignShare) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < quiet + busy; i++) {
            rounds.add(i < quiet ? round(i, 1, 1.0, 0.0) : round(i, 3, 2.0, busyForeignShare));
        }
        return rounds;
    }

    @Test
    void aFigureReadsOnlyItsQuietRoundsWhileEnoughRemainForAnInterval() {
        assertThat(DisturbancePolicy.perRound(LATENCY, rounds(6, 3, 0.5))).hasSize(6)
                .allMatch(ms -> Math.abs(ms - 1) < 0.01, "the quiet rounds' 1 ms (to the histogram's precision)");
        assertThat(DisturbancePolicy.perRound(LATENCY, rounds(5, 3, 0.5))).hasSize(8);
    }

    @Test
    void aFailureThatReadBusyRoundsIsDisturbedAndSaysWhatItWouldHaveBeen() {
        List<Round> rounds = rounds(0, 8, 0.5); // every round 3 ms: wholly above the band
        Verdict failed = Judge.decideAtCap(LATENCY.key(), LATENCY.unit(), LATENCY.direction(), new Band(0.5, 1.5),
                MedianInterval.of(DisturbancePolicy.perRound(LATENCY, rounds)));
        assertThat(failed.kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(DisturbancePolicy.unsettled(failed, LATENCY, rounds)).isTrue();

        Verdict v = DisturbancePolicy.undisturbedOrNot(failed, LATENCY, rounds);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.DISTURBED);
        assertThat(v.reason()).contains("machine busy in 8 of the 8 rounds").contains("It would be Regression");
    }

    @Test
    void aFigureThatOnlyStraddlesItsBandAtTheCapPassesNotSettledBusyOrQuiet() {
        // 2 quiet rounds at 1 ms and 6 busy ones at 3 ms: the interval (min..max) reaches inside
        // a band of [0.5, 2] and its median (3 ms) lies above it.
        List<Round> busy = rounds(2, 6, 0.5);
        Verdict onBusyRounds = Judge.decideAtCap(LATENCY.key(), LATENCY.unit(), LATENCY.direction(), new Band(0.5, 2),
                MedianInterval.of(DisturbancePolicy.perRound(LATENCY, busy)));
        assertThat(onBusyRounds.kind()).as(onBusyRounds.reason()).isEqualTo(Verdict.Kind.PASS);
        assertThat(DisturbancePolicy.undisturbedOrNot(onBusyRounds, LATENCY, busy)).isEqualTo(onBusyRounds);
        FigureResult result = new FigureResult(onBusyRounds, List.of(), List.of("s/w"));
        assertThat(DisturbancePolicy.contentionNote(busy, List.of(result))).hasValueSatisfying(note -> assertThat(note)
                .contains("machine busy").contains("0 figure(s) not judged"));

        List<Round> quiet = new ArrayList<>();
        double[] ms = {0.6, 1.0, 1.1, 0.7, 1.2, 1.0, 1.3, 1.1};
        for (int i = 0; i < ms.length; i++) {
            quiet.add(round(i, ms[i], 1.0, 0.0));
        }
        Verdict onQuietRounds = Judge.decideAtCap(LATENCY.key(), LATENCY.unit(), LATENCY.direction(), new Band(0.5, 0.9),
                MedianInterval.of(DisturbancePolicy.perRound(LATENCY, quiet)));
        assertThat(onQuietRounds.reason()).contains("straddles").contains(Judge.NOT_SETTLED).contains("on its worse side");
        assertThat(DisturbancePolicy.undisturbedOrNot(onQuietRounds, LATENCY, quiet).kind()).isEqualTo(Verdict.Kind.PASS);
    }

    @Test
    void roundsSlowedByTheSystemsOwnWorkAreNoExcuse() {
        List<Round> rounds = rounds(2, 6, 0.01); // the probe lost its CPU to our own processes
        Verdict failed = Judge.decideAtCap(LATENCY.key(), LATENCY.unit(), LATENCY.direction(), new Band(0.5, 0.9),
                MedianInterval.of(DisturbancePolicy.perRound(LATENCY, rounds)));
        assertThat(failed.kind()).isEqualTo(Verdict.Kind.REGRESSION); // 1 to 3 ms: wholly above
        assertThat(DisturbancePolicy.undisturbedOrNot(failed, LATENCY, rounds).kind()).isEqualTo(Verdict.Kind.REGRESSION);
        assertThat(DisturbancePolicy.busyRounds(rounds)).hasValueSatisfying(note -> assertThat(note)
                .contains("the CPU probe ran slow in 6 of 8 rounds").contains("our own processes")
                .doesNotContain("machine busy"));
    }

    @Test
    void aQuietRunHasNoNote() {
        assertThat(DisturbancePolicy.busyRounds(rounds(6, 0, 0))).isEmpty();
        assertThat(DisturbancePolicy.quietRounds(rounds(6, 2, 0.5))).isEqualTo(6);
    }
}
