package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import java.time.Duration;

/**
 * How late a thread that slept while the machine idled gets the CPU back: the time a
 * {@code Thread.sleep} of {@link #SLEEP} overruns it, while nothing else of ours runs. The CPU and
 * loopback probes keep a core busy and never see it. Kept in the Hadoop RPC group's environment
 * ({@code calibration.wakeupP50Ms}), which its handlers' sleeps make the place to watch it; no
 * band follows it.
 * <p>
 * Why not, measured on 2c-intel-xeon 2026-12-07 (README, "How the gate decides"): in the slow
 * sittings that read {@code rpc-small-protobuf callP50} 2-3x its usual ~1 ms above the sleep, it
 * read 1.25-1.6x its usual 0.12 ms; and a timer slack of 0.5 ms on every thread (an LD_PRELOAD
 * {@code prctl(PR_SET_TIMERSLACK)}) moved it 4.3x and that figure 1.3x. It does not follow what
 * moves the figure; it tells a slow sitting's readers that timer wake-ups are not the cause.
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
