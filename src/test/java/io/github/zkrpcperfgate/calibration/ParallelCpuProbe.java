package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The CPU probe's task on every core at once: one operation is {@value #TASKS_PER_THREAD}
 * tasks on each of {@code availableProcessors} threads, timed until the last one ends. On a
 * quiet machine that takes about as long as the same tasks on one thread; with another process
 * burning a core it takes markedly longer (README has the measured ranges), which is how the gate knows
 * a round was disturbed. Slower by whom: our own servers' background work (a JVM's GC after 5.6 MB
 * payloads, followers catching up) slows it too, and the system under test must not pass for
 * a neighbour. So each set also reads, from /proc, how much CPU the whole machine used and how
 * much our own did (this JVM, the servers' processes or containers: {@link OwnCpu}); the rest, as a share of
 * the machine's capacity over the set, is {@link #FOREIGN_CPU_SHARE}.
 */
public final class ParallelCpuProbe implements Probe, AutoCloseable {

    public static final String NAME = "calibration/cpuParallel";
    /** Tasks each thread runs per operation: long enough (~40 ms) for the scheduler to show contention. */
    public static final int TASKS_PER_THREAD = 10;
    static final int OPERATIONS_PER_SET = 4;
    private static final long TIMEOUT_SECONDS = 60;
    /** Sample fact: the share of the machine's CPU (0–1) that processes other than ours used during the set. */
    public static final String FOREIGN_CPU_SHARE = "foreignCpuShare";
    /** USER_HZ of Linux's /proc accounting. */
    private static final double TICKS_PER_SECOND = 100;

    private final int threads = Runtime.getRuntime().availableProcessors();
    private final List<CpuProbe> tasks = new ArrayList<>();
    private final ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
        Thread t = new Thread(r, "calibration-cpu-parallel");
        t.setDaemon(true);
        return t;
    });

    private final OwnCpu ours;
    private Map<String, Double> lastSetFacts = Map.of();

    /** A probe for which only this JVM is ours (the servers under test run in it, or nowhere). */
    public ParallelCpuProbe() {
        this(OwnCpu.none());
    }

    /** @param servers where the servers under test spend CPU, besides this JVM */
    public ParallelCpuProbe(OwnCpu servers) {
        for (int i = 0; i < threads; i++) {
            tasks.add(new CpuProbe());
        }
        this.ours = servers;
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
        long machineBefore = CpuAccounting.machineBusyTicks();
        long oursBefore = ours.ticks();
        long setStart = System.nanoTime();
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
        double seconds = (System.nanoTime() - setStart) / 1e9;
        long machine = CpuAccounting.machineBusyTicks() - machineBefore;
        long own = ours.ticks() - oursBefore;
        lastSetFacts = machineBefore < 0 || oursBefore < 0 ? Map.of()
                : Map.of(FOREIGN_CPU_SHARE, Math.max(0, machine - own) / (TICKS_PER_SECOND * seconds * threads));
    }

    @Override
    public Map<String, Double> lastSetFacts() {
        return lastSetFacts;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
