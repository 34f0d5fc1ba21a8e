package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The probes a trial measures in every round beside its workloads, so that calibrated figures
 * divide by a calibration taken seconds apart, not minutes.
 */
public final class CalibrationProbes implements AutoCloseable {

    private final LoopbackRoundTripProbe roundTrip = new LoopbackRoundTripProbe();
    private final FsyncProbe fsync;
    private final CpuProbe cpu = new CpuProbe();
    private final ParallelCpuProbe cpuParallel;
    private final TimerWakeupProbe wakeup = new TimerWakeupProbe();

    /** Probes whose fsync runs in this machine's temporary directory, for servers in this JVM. */
    public CalibrationProbes() {
        this(FsyncProbe.inTempDirectory(), OwnCpu.none());
    }

    /**
     * @param fsync           the fsync probe, e.g. on the servers' data filesystem; closed with the others
     * @param servers where the servers under test outside this JVM spend CPU: it is the system's
     *                own, not a neighbour's
     */
    public CalibrationProbes(FsyncProbe fsync, OwnCpu servers) {
        this.fsync = fsync;
        this.cpuParallel = new ParallelCpuProbe(servers);
    }

    /** Where the fsync probe runs, for the report. */
    public String fsyncWhere() {
        return fsync.where();
    }

    public List<Workload> workloads() {
        return List.of(roundTrip, fsync, cpu, cpuParallel);
    }

    /**
     * {@link #workloads} and the {@link TimerWakeupProbe}, for servers whose calls sleep: it idles
     * the machine for 0.2 s a round, so it runs only beside them.
     */
    public List<Workload> workloadsWithTimerWakeup() {
        return List.of(roundTrip, fsync, cpu, cpuParallel, wakeup);
    }

    /**
     * Each probe's median p50 over the group's measured rounds, for the baseline's and the
     * report's environment, e.g. {@code calibration.loopbackRttP50Ms=0.031}.
     */
    public static Map<String, String> medians(List<Sample> samples) {
        return mediansOf(p50sPerRound(samples));
    }

    /** Each probe's p50 (ms) in each measured round of {@code samples}, in round order; probes that did not run are absent. */
    public static Map<String, List<Double>> p50sPerRound(List<Sample> samples) {
        Map<String, List<Double>> p50s = new LinkedHashMap<>();
        for (String probe : List.of(LoopbackRoundTripProbe.NAME, FsyncProbe.NAME, CpuProbe.NAME, ParallelCpuProbe.NAME,
                TimerWakeupProbe.NAME)) {
            List<Double> values = samples.stream()
                    .filter(s -> s.workload().equals(probe) && s.round() >= 0)
                    .map(s -> s.latencyMillis(50)).toList();
            if (!values.isEmpty()) {
                p50s.put(probe, values);
            }
        }
        return p50s;
    }

    /**
     * The fsync probe's p99 (ms) in each measured round of {@code samples}, in round order; empty
     * when it did not run. The disk's own tail, which a forced write's p99 follows and the p50 does not.
     */
    public static List<Double> fsyncP99sPerRound(List<Sample> samples) {
        return samples.stream().filter(s -> s.workload().equals(FsyncProbe.NAME) && s.round() >= 0)
                .map(s -> s.latencyMillis(99)).toList();
    }

    /** {@link #medians} of per-round p50s gathered elsewhere (e.g. several recording runs'). */
    public static Map<String, String> mediansOf(Map<String, List<Double>> p50sPerRound) {
        Map<String, String> medians = new LinkedHashMap<>();
        p50sPerRound.forEach((probe, values) -> {
            if (!values.isEmpty()) {
                medians.put(factKey(probe), SignificantDigits.format(MedianInterval.of(values).median()));
            }
        });
        return medians;
    }

    /**
     * The baseline environment's key for the slowest recording run's median fsync p50: how slow
     * a disk the bands were recorded on (figures with a forced write in them are judged on a slower
     * one against a widened band).
     */
    public static final String FSYNC_SLOWEST_RUN = "calibration.fsyncSlowestRunP50Ms";

    /**
     * {@link #FSYNC_SLOWEST_RUN} over the recording runs' per-round probe p50s ({@link #p50sPerRound}
     * of each run): the largest of the runs' fsync medians; empty when no run measured the probe.
     */
    public static Map<String, String> slowestFsyncRun(List<Map<String, List<Double>>> runs) {
        return slowestRunsMedian(FSYNC_SLOWEST_RUN, runs.stream().map(r -> r.getOrDefault(FsyncProbe.NAME, List.of())).toList());
    }

    /**
     * The baseline environment's key for the slowest recording run's median fsync p99: how long a
     * disk tail the bands of tails with a forced write in them were recorded with.
     */
    public static final String FSYNC_TAIL_SLOWEST_RUN = "calibration.fsyncSlowestRunP99Ms";

    /**
     * {@link #FSYNC_TAIL_SLOWEST_RUN} over the recording runs' per-round fsync p99s
     * ({@link #fsyncP99sPerRound} of each run): the largest of the runs' medians; empty when no run
     * kept them (runs recorded before 2026-12-05 did not).
     */
    public static Map<String, String> slowestFsyncTail(List<List<Double>> runs) {
        return slowestRunsMedian(FSYNC_TAIL_SLOWEST_RUN, runs);
    }

    /** {@code key} → the largest of the runs' medians of their per-round values; empty when no run has any. */
    private static Map<String, String> slowestRunsMedian(String key, List<List<Double>> perRoundOfEachRun) {
        return perRoundOfEachRun.stream().filter(values -> !values.isEmpty())
                .mapToDouble(values -> MedianInterval.of(values).median()).max()
                .stream().boxed().collect(java.util.stream.Collectors.toMap(m -> key, SignificantDigits::format));
    }

    /** {@code calibration/fsync} → {@code calibration.fsyncP50Ms}. */
    public static String factKey(String probe) {
        return probe.replace('/', '.') + "P50Ms";
    }

    @Override
    public void close() throws IOException {
        try (roundTrip; fsync; cpuParallel) {
            // each closed, even if another throws
        }
    }
}
