package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The CPU probe's task on every core at once: one operation is {@value #TASKS_PER_THREAD}
 * tasks on each of {@code availableProcessors} threads, timed until the last one ends. On a
 * quiet machine that takes as long as the same tasks on one thread (measured here: 1.00–1.07×);
 * with another process burning a core it takes 1.35–1.78× as long, which is how the gate knows
 * a round was disturbed. The probe runs while our own servers sit idle between samples, so a
 * slower system under test cannot look like a neighbour.
 */
public final class ParallelCpuProbe implements Workload, AutoCloseable {

    public static final String NAME = "calibration/cpuParallel";
    /** Tasks each thread runs per operation: long enough (~40 ms) for the scheduler to show contention. */
    public static final int TASKS_PER_THREAD = 10;
    static final int OPERATIONS_PER_SET = 4;
    private static final long TIMEOUT_SECONDS = 60;

    private final int threads = Runtime.getRuntime().availableProcessors();
    private final List<CpuProbe> tasks = new ArrayList<>();
    private final ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
        Thread t = new Thread(r, "calibration-cpu-parallel");
        t.setDaemon(true);
        return t;
    });

    public ParallelCpuProbe() {
        for (int i = 0; i < threads; i++) {
            tasks.add(new CpuProbe());
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int operationsPerSet() {
        return OPERATIONS_PER_SET;
    }

    @Override
    public void runSet(LatencyRecorder latencies) throws Exception {
        for (int op = 0; op < OPERATIONS_PER_SET; op++) {
            long start = System.nanoTime();
            List<Future<?>> running = new ArrayList<>();
            for (CpuProbe task : tasks) {
                running.add(pool.submit(() -> {
                    for (int i = 0; i < TASKS_PER_THREAD; i++) {
                        task.runOnce();
                    }
                }));
            }
            for (Future<?> f : running) {
                f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
            latencies.recordNanos(System.nanoTime() - start);
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
    public void close() {
        pool.shutdownNow();
    }
}
