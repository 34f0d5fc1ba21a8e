package io.github.zkrpcperfgate.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Latencies recorded above a workload's floor: what the histogram resolves, and what it refuses. */
class LatencyFloorTest {

    private static final TrialPlan PLAN = new TrialPlan(0, 1, 1, 1, 1, Duration.ZERO);
    private static final Progress QUIET = new Progress(new PrintStream(OutputStream.nullOutputStream()));
    private static final long SLEEP = Duration.ofMillis(100).toNanos();

    /** One operation a set, each taking the next of {@code latencies}, recorded above {@code floor}. */
    private static Workload calls(long floor, long... latencies) {
        return new Workload() {
            @Override
            public String name() {
                return "rpc/h10r1";
            }

            @Override
            public int operationsPerSet() {
                return latencies.length;
            }

            @Override
            public void runSet(LatencyRecorder recorder) {
                for (long nanos : latencies) {
                    recorder.recordNanos(nanos);
                }
            }

            @Override
            public void resetAfterSet() {
            }

            @Override
            public boolean oneSetPerSample() {
                return true;
            }

            @Override
            public long latencyFloorNanos() {
                return floor;
            }
        };
    }

    private static Sample sampleOf(Workload workload) throws Exception {
        long[] clock = {0};
        Trial trial = new Trial(List.of(workload), PLAN, QUIET, () -> clock[0] += 1_000_000);
        trial.runRounds(1, 1);
        return trial.rounds().get(0).sample(workload.name());
    }

    @Test
    void aCallAboveItsHandlersSleepReadsToTheMicrosecondWhereFromZeroItReadInSteps() throws Exception {
        long call = SLEEP + 926_000;   // 0.926 ms above a 100 ms sleep, just past a bucket's top (0.9254)

        Sample floored = sampleOf(calls(SLEEP, call));
        Sample fromZero = sampleOf(calls(0, call));

        assertThat(floored.latencyMillis(50) - 100).isCloseTo(0.926, within(0.001));
        // 3 significant digits resolve 65.5 µs at 100 ms: from zero, the part above the sleep
        // reads as the next bucket's top, 0.991, 7% high.
        assertThat(fromZero.latencyMillis(50) - 100).isCloseTo(0.926, within(0.066))
                .isNotCloseTo(0.926, within(0.05));
        assertThat(floored.maxLatencyMillis()).isCloseTo(100.926, within(0.001));
        assertThat(floored.latencyFloorNanos()).isEqualTo(SLEEP);
    }

    @Test
    void aCallSoonerThanTheFloorIsCountedOutOfRangeAndReadAtTheFloor() throws Exception {
        Sample sample = sampleOf(calls(SLEEP, SLEEP - 5_000, SLEEP + 500_000));

        assertThat(sample.facts()).containsEntry(Trial.OUT_OF_RANGE, 1.0);
        assertThat(sample.latencyMillis(0)).isCloseTo(100.0, within(0.001));
    }

    @Test
    void samplesPoolOnlyWhenRecordedAboveOneFloor() throws Exception {
        Sample a = sampleOf(calls(SLEEP, SLEEP + 400_000));
        Sample b = sampleOf(calls(SLEEP, SLEEP + 800_000));

        Sample both = Sample.pooled("rpc/h10r1", 0, List.of(a, b));

        assertThat(both.operations()).isEqualTo(2);
        assertThat(both.maxLatencyMillis()).isCloseTo(100.8, within(0.001));
        assertThatThrownBy(() -> Sample.pooled("rpc/h10r1", 0, List.of(a, sampleOf(calls(0, SLEEP)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("recorded above 100000000 ns and above 0 ns");
    }
}
