package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import java.time.Duration;

/**
 * How late a thread that slept while the machine idled gets the CPU back: the time a
 * {@code Thread.sleep} of {@link #SLEEP} overruns it, while nothing else of ours runs. The CPU and
 * loopback probes keep a core busy and never see it; a call that sleeps in its handler pays it on
 * every call (a vCPU that halted while every thread slept has to be scheduled again by the host).
 * <p>
 * Why, measured on 2c-intel-xeon 2026-12-07 (README, "How the gate decides"): unchanged code read
 * {@code rpc-small-protobuf} 1.6–2.9 ms above its 100 ms sleep (p50, 10 handlers) in sittings
 * where it had read 0.8–1.0, and one handler serving its queue one call after another spent 1.8–2.4
 * ms a call above the sleep instead of 0.5–0.9, while the CPU probe (4.7–5.9 ms) and the loopback
 * round trip (0.006–0.08 ms) read the same in both.
 */
public final class TimerWakeupProbe implements Probe {

    public static final String NAME = "calibration/wakeup";
    /** Long enough for an idle guest to halt its vCPUs (halt polling gives up within ~0.2 ms). */
    static final Duration SLEEP = Duration.ofMillis(20);
    static final int OPERATIONS_PER_SET = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int operationsPerSet() {
        return OPERATIONS_PER_SET;
    }

    @Override
    public void runSet(LatencyRecorder latencies) throws InterruptedException {
        for (int op = 0; op < OPERATIONS_PER_SET; op++) {
            latencies.recordNanos(overrun(SLEEP));
        }
    }

    /** Nanoseconds a sleep of {@code sleep} took beyond it; at least 1 (a histogram records no zero). */
    static long overrun(Duration sleep) throws InterruptedException {
        long start = System.nanoTime();
        Thread.sleep(sleep.toMillis());
        return Math.max(1, System.nanoTime() - start - sleep.toNanos());
    }
}
