package io.github.zkrpcperfgate.namenode;

import io.github.zkrpcperfgate.calibration.CalibrationProbes;
import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.Measurement;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.stats.MedianInterval;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import io.github.zkrpcperfgate.files.OwnedTempDirs;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.apache.hadoop.util.VersionInfo;

/**
 * The NameNode family's driver: one real NameNode per threading setting, side by side in this JVM
 * (an idle one costs little), so every round samples every operation on every setting. After the
 * reported run Hadoop's own NNThroughputBenchmark creates files on the defaults' NameNode as a
 * cross-check of our client.
 */
public final class NameNodeDriver implements ScenarioDriver {

    /** {@code -Dperf.inject=nn.maxHandlers=N}: NameNodes meant to have more handlers get N. */
    public static final String INJECT_MAX_HANDLERS = "nn.maxHandlers";
    /** {@code -Dperf.inject=nn.editsDirs=N}: the edit log kept in N directories, each synced per batch. */
    public static final String INJECT_EDITS_DIRS = "nn.editsDirs";
    /** {@code -Dperf.inject=nn.asyncLogging=false}: handlers sync the edit log themselves. */
    public static final String INJECT_ASYNC_LOGGING = "nn.asyncLogging";
    /** {@code -Dperf.inject=nn.journalSyncDelayUs=N}: every edit-log sync also waits for a journal acknowledging N µs late. */
    public static final String INJECT_JOURNAL_SYNC_DELAY = "nn.journalSyncDelayUs";

    /** The cross-check's setting: Hadoop's benchmark on the defaults' NameNode, our thread count. */
    static final NnThroughputCrossCheck.Setting CROSS_CHECK =
            new NnThroughputCrossCheck.Setting(NameNodeScenarios.CLIENT_THREADS, 20_000, 100);

    private static final Duration SET_TIMEOUT = Duration.ofMinutes(2);

    private final List<NameNodeScenario> selected;
    private final Injection injection;
    private final boolean crossCheck;
    private final MiniNameNode.EditLog editLog;
    private final List<MiniNameNode> namenodes = new ArrayList<>();
    private final List<NameNodeConnection> connections = new ArrayList<>();
    private final List<NameNodeOpWorkload> workloads = new ArrayList<>();
    private MiniNameNode defaults;

    public NameNodeDriver(List<NameNodeScenario> selected, Injection injection, boolean crossCheck) {
        injection.requireKnown("nn.", Set.of(INJECT_MAX_HANDLERS, INJECT_EDITS_DIRS, INJECT_ASYNC_LOGGING,
                INJECT_JOURNAL_SYNC_DELAY));
        this.selected = List.copyOf(selected);
        this.injection = injection;
        this.crossCheck = crossCheck;
        // A malformed value fails here, before anything starts.
        this.editLog = editLog(injection);
        injected(NameNodeScenarios.H10R1, injection);
    }

    @Override
    public String group() {
        return NameNodeScenarios.GROUP;
    }

    @Override
    public List<GatedFigure> figures() {
        return NameNodeScenarios.figures(selected);
    }

    @Override
    public List<GatedFigure> catalogue() {
        return NameNodeScenarios.figures(NameNodeScenarios.all());
    }

    /**
     * The NameNode lives in this JVM: in six cold builds the first three measured nn-create rounds
     * ran 1.24-2.30x their last three (the first 3.7-6.5 ms above fsync; the runs' medians 2.2-3.6).
     */
    public static final int MIN_WARMUP_ROUNDS = 3;

    @Override
    public int minWarmupRounds() {
        return MIN_WARMUP_ROUNDS;
    }

    @Override
    public String baselineFile() {
        return NameNodeScenarios.BASELINE_FILE;
    }

    @Override
    public void start() throws Exception {
        if (selected.isEmpty()) {
            return;
        }
        OwnedTempDirs.sweepDeadOwners();
        try {
            for (NameNodeSpec spec : NameNodeScenarios.SPECS) {
                MiniNameNode nn = MiniNameNode.start(spec.label(), injected(spec, injection), editLog);
                namenodes.add(nn);
                if (spec.equals(NameNodeScenarios.H10R1)) {
                    defaults = nn;
                }
                List<NameNodeConnection> perThread = new ArrayList<>();
                for (int t = 0; t < NameNodeScenarios.CLIENT_THREADS; t++) {
                    perThread.add(connect(nn, "perfgate-nn-" + t));
                }
                for (NameNodeScenario s : selected) {
                    workloads.add(NameNodeOpWorkload.prepared(s.workloadName(spec), s.op(), perThread,
                            "/" + s.name() + "/" + spec.label(), NameNodeScenarios.OPS_PER_THREAD, SET_TIMEOUT));
                    if (s.op() == NameNodeOp.CREATE && spec.equals(NameNodeScenarios.H10R1)) {
                        // The same creates with every thread on one connection (one server reader),
                        // as NNThroughputBenchmark's threads share one: the cross-check's counterpart.
                        NameNodeConnection shared = connect(nn, "perfgate-nn-shared");
                        workloads.add(NameNodeOpWorkload.prepared(s.sharedConnectionWorkloadName(spec), s.op(),
                                Collections.nCopies(NameNodeScenarios.CLIENT_THREADS, shared),
                                "/" + s.name() + "/" + spec.label() + "-shared", NameNodeScenarios.OPS_PER_THREAD,
                                SET_TIMEOUT));
                    }
                }
            }
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    private NameNodeConnection connect(MiniNameNode nn, String user) throws IOException, InterruptedException {
        NameNodeConnection c = NameNodeConnection.open(nn.uri(), nn.clientConfiguration(), user);
        connections.add(c);
        return c;
    }

    @Override
    public void restart() throws Exception {
        close();
        start();
    }

    @Override
    public void close() {
        workloads.forEach(NameNodeOpWorkload::close);
        workloads.clear();
        for (NameNodeConnection c : connections) {
            try {
                c.close();
            } catch (IOException e) {
                System.out.println("[perf] closing a NameNode client: " + e);
            }
        }
        connections.clear();
        for (MiniNameNode nn : namenodes) {
            try {
                nn.close();
            } catch (IOException | RuntimeException e) {
                System.out.println("[perf] stopping a NameNode: " + e);
            }
        }
        namenodes.clear();
        defaults = null;
    }

    @Override
    public Measurement measure(boolean reported) throws Exception {
        CalibrationProbes probes = new CalibrationProbes();
        List<Workload> measured = new ArrayList<>(probes.workloads());
        measured.addAll(workloads);
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("hadoopVersion", VersionInfo.getVersion());
        facts.put("namenode", "MiniDFSCluster in-JVM, 127.0.0.1, no DataNodes, permissions off");
        facts.put("editLog", editLog.describe() + ", fsync probe " + probes.fsyncWhere());
        facts.put("clientThreads", NameNodeScenarios.CLIENT_THREADS + ", a connection (user) each");
        if (!injection.isEmpty()) {
            facts.put("injected", injection.toString());
        }
        boolean withCrossCheck = crossCheck && reported && defaults != null
                && selected.stream().anyMatch(s -> s.op() == NameNodeOp.CREATE);
        MiniNameNode target = defaults;
        return Measurement.of(measured, facts,
                samples -> withCrossCheck ? List.of(crossCheckNote(target, samples)) : List.of(), probes);
    }

    /** The NameNode the injection makes of {@code spec}; its workloads keep the names the baseline knows. */
    static NameNodeSpec injected(NameNodeSpec spec, Injection injection) {
        int handlers = injection.positiveInt(INJECT_MAX_HANDLERS)
                .map(max -> Math.min(max, spec.handlers())).orElse(spec.handlers());
        return new NameNodeSpec(handlers, spec.readers());
    }

    static MiniNameNode.EditLog editLog(Injection injection) {
        int dirs = injection.positiveInt(INJECT_EDITS_DIRS).orElse(MiniNameNode.EditLog.DEFAULT.directories());
        boolean async = injection.bool(INJECT_ASYNC_LOGGING).orElse(MiniNameNode.EditLog.DEFAULT.asyncLogging());
        int slowJournalUs = injection.positiveInt(INJECT_JOURNAL_SYNC_DELAY).orElse(0);
        return new MiniNameNode.EditLog(dirs, async, slowJournalUs);
    }

    private static String crossCheckNote(MiniNameNode target, List<Sample> samples) throws Exception {
        String ourWorkload = NameNodeScenario.of(NameNodeOp.CREATE).sharedConnectionWorkloadName(NameNodeScenarios.H10R1);
        double ours = MedianInterval.of(samples.stream()
                .filter(s -> s.workload().equals(ourWorkload) && s.round() >= 0)
                .map(Sample::opsPerSecond).toList()).median();
        OptionalDouble theirs = NnThroughputCrossCheck.opsPerSecond(target.uri(), CROSS_CHECK);
        String setting = NnThroughputCrossCheck.describe(CROSS_CHECK) + ", on the h10r1 (Hadoop's defaults) NameNode";
        String note = theirs.isPresent()
                ? "Cross-check (" + setting + "): Hadoop's NNThroughputBenchmark " + SignificantDigits.format(theirs.getAsDouble())
                + " creates/s, this suite's client on one shared connection (" + ourWorkload + ") "
                + SignificantDigits.format(ours) + " creates/s (ratio " + SignificantDigits.format(ours / theirs.getAsDouble()) + ")"
                : "Cross-check (" + setting + "): Hadoop's NNThroughputBenchmark gave no result (see the log); this suite's client "
                + SignificantDigits.format(ours) + " creates/s";
        System.out.println("[perf] " + note);
        return note;
    }
}
