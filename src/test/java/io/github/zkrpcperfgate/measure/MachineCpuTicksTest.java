package io.github.zkrpcperfgate.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The machine's CPU ticks from /proc/stat, and the stolen share a sample carries. */
class MachineCpuTicksTest {

    /** This machine's own line on 2026-12-07, 9 h after boot: 2,435 ticks stolen of 6.4 million. */
    private static final String XEON = "cpu  2620218 4850 1245501 2018919 185379 0 295056 2435 0 0";

    @Test
    void readsTotalBusyAndStolenTicks() {
        MachineCpuTicks ticks = MachineCpuTicks.parse(XEON).orElseThrow();
        assertThat(ticks.steal()).isEqualTo(2435);
        assertThat(ticks.busy()).isEqualTo(2620218 + 4850 + 1245501 + 0 + 295056 + 2435);
        assertThat(ticks.total()).isEqualTo(ticks.busy() + 2018919 + 185379);
    }

    @Test
    void theStolenShareIsOfAllTicksBetweenTwoReadings() {
        MachineCpuTicks before = new MachineCpuTicks(1_000, 400, 10);
        assertThat(before.stolenShareUntil(new MachineCpuTicks(1_200, 500, 40))).isCloseTo(0.15, within(1e-12));
        assertThat(before.stolenShareUntil(before)).isNaN();
        assertThat(before.stolenShareUntil(new MachineCpuTicks(1_036, 420, 11)))
                .as("one tick stolen of 36: too few ticks to read a share from").isNaN();
    }

    @Test
    void aLineOfAnotherShapeIsNoReading() {
        assertThat(MachineCpuTicks.parse("cpu  1 2 3 4 5 6 7")).isEmpty(); // no steal column
        assertThat(MachineCpuTicks.parse("intr 1 2 3 4 5 6 7 8 9")).isEmpty();
        assertThat(MachineCpuTicks.parse("cpu  1 2 3 x 5 6 7 8")).isEmpty();
    }

    @Test
    void aSampleThatLostCpuToTheHostSaysSoInItsProgressLine() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Progress progress = new Progress(new PrintStream(out, true, StandardCharsets.UTF_8));
        Histogram none = new Histogram(3);
        progress.sample("measure", 0, 4, new Sample("rpc/h1r1", 0, 10, 1_000_000_000L, none,
                Map.of(Trial.STOLEN_CPU_SHARE, 0.032)));
        progress.sample("measure", 0, 4, new Sample("rpc/h1r2", 0, 10, 1_000_000_000L, none,
                Map.of(Trial.STOLEN_CPU_SHARE, 0.0004)));
        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .satisfiesExactly(
                        line -> assertThat(line).endsWith("(10 ops in 1.00 s; 3.2% of CPU stolen by the host)"),
                        line -> assertThat(line).endsWith("(10 ops in 1.00 s)"));
    }
}
