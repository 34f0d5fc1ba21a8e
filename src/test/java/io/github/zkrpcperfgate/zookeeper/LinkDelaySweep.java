package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.Measurement;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.gate.Sweep;
import io.github.zkrpcperfgate.measure.EnvironmentFingerprint;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.measure.Round;
import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Trial;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.measure.WorkloadNames;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.LinkSweep;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code -Dperf.zk.linkDelaysUs=0,100,250,500,1000,2000}: the seeds' three write modes on 1 and 5
 * servers with every link (client to server, server to server) delayed by each one-way delay in
 * turn, drawn against the round trip and not gated. It shows where this machine's async/sync
 * reaches the seed's ~100×: a sync create pays a round trip (two on 5 servers: client to
 * follower, follower to leader and back, plus the proposal's) and a commit, while async and
 * multi pipeline, so their throughput barely notices the wire.
 *
 * <p>Each delay runs on servers of its own, both ensembles together with their rounds
 * interleaved, {@value #ROUNDS} measured rounds after one warm-up. A set has fewer creates as
 * the delay grows (10,000 up to 250 µs, 10,000 × 250 / delay beyond, at least {@value #MIN_OPS}),
 * so a 2 ms link's sync set takes seconds, not minutes; throughput is per create either way.
 */
public final class LinkDelaySweep implements Sweep {

    public static final String PROPERTY = "perf.zk.linkDelaysUs";
    static final int ROUNDS = 3;
    static final int MIN_OPS = 500;
    /** No link of one data centre is longer; beyond it a sync set would take minutes. */
    static final long MAX_DELAY_MICROS = 100_000;
    private static final long FULL_SET_UP_TO_MICROS = 250;

    private final String asked;

    /** For {@link io.github.zkrpcperfgate.junit.PerfSweep}: reads {@value #PROPERTY}. */
    public LinkDelaySweep() {
        this(System.getProperty(PROPERTY, ""));
    }

    LinkDelaySweep(String asked) {
        this.asked = asked == null ? "" : asked.trim();
    }

    @Override
    public Optional<String> notAsked() {
        return asked.isEmpty() ? Optional.of("-D" + PROPERTY + "=0,100,250,500,1000,2000 not given: the link-delay sweep"
                + " runs only when asked") : Optional.empty();
    }

    /** The one-way delays asked for, in µs, in increasing order; a malformed list fails before any server starts. */
    static List<Long> delays(String text) {
        List<Long> delays = new ArrayList<>();
        for (String part : text.split(",")) {
            long us;
            try {
                us = Long.parseLong(part.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-D" + PROPERTY + "=" + text + ": \"" + part.trim()
                        + "\" is not a whole number of µs", e);
            }
            if (us < 0 || us > MAX_DELAY_MICROS) {
                throw new IllegalArgumentException("-D" + PROPERTY + "=" + text + ": " + us + " µs is outside 0.."
                        + MAX_DELAY_MICROS);
            }
            if (delays.contains(us)) {
                throw new IllegalArgumentException("-D" + PROPERTY + "=" + text + ": " + us + " µs is named twice");
            }
            delays.add(us);
        }
        return delays.stream().sorted().toList();
    }

    /** Creates per set at a delay: the seed's 10,000 up to 250 µs, then fewer in proportion, never under {@value #MIN_OPS}. */
    static int opsAt(long oneWayMicros, int fullOps) {
        if (oneWayMicros <= FULL_SET_UP_TO_MICROS) {
            return fullOps;
        }
        return (int) Math.max(Math.min(MIN_OPS, fullOps), fullOps * FULL_SET_UP_TO_MICROS / oneWayMicros);
    }

    @Override
    public GroupResult run(PerfSettings settings) throws Exception {
        List<Long> delays = delays(asked);
        if (!System.getProperty("perf.zk.connect", "").isBlank()) {
            throw new IllegalArgumentException("-D" + PROPERTY + " delays links of servers this build starts; an external"
                    + " ensemble (-Dperf.zk.connect) has the links its hosts have");
        }
        List<EnsembleSpec> ensembles = WriteModeScenarios.ensembles("").stream()
                .filter(s -> settings.selects(s.scenario())).toList();
        if (ensembles.isEmpty()) {
            throw new IllegalArgumentException("-D" + PROPERTY + ": -Dperf.scenarios=" + settings.scenarioGlobs()
                    + " selects neither " + WriteModeScenarios.ONE_NODE + " nor " + WriteModeScenarios.FIVE_NODES);
        }
        int fullOps = Integer.getInteger("perf.zk.ops", WriteModeScenarios.DEFAULT_OPS);
        Backend backend = Backend.parse(System.getProperty("perf.zk.backend", "auto"));
        Progress progress = Progress.toStdout();
        TrialPlan plan = new TrialPlan(1, ROUNDS, ROUNDS, ROUNDS, 1, Duration.ZERO);
        List<Sample> samples = new ArrayList<>();
        Map<String, String> facts = new TreeMap<>();
        Map<Long, Integer> opsPerSet = new LinkedHashMap<>();
        Map<Long, Long> measuredRoundTrip = new LinkedHashMap<>();
        for (long us : delays) {
            Duration delay = Duration.ofNanos(us * 1000);
            if (us > 0) {
                measuredRoundTrip.put(us, DelayLineRoundTrip.medianNanos(delay)); // before the servers start: a quiet machine
            }
            List<EnsembleSpec> specs = ensembles.stream()
                    .map(s -> EnsembleSpec.of(LinkSweep.scenario(s.scenario(), us), s.size()).withLinkDelay(delay)).toList();
            WriteModeFamily family = WriteModeFamily.seedFigures(LinkSweep.GROUP, specs.get(0).scenario(),
                    specs.get(specs.size() - 1).scenario(), specs.stream().map(EnsembleSpec::scenario).toList());
            int ops = opsAt(us, fullOps);
            opsPerSet.put(us, ops);
            progress.phase(LinkSweep.GROUP + ": every link " + us + " µs each way, " + ops + " creates a set");
            try (WriteModeDriver driver = new WriteModeDriver(family, specs, backend, "", ops, Injection.none())) {
                driver.start();
                try (Measurement m = driver.measure(false)) {
                    // The write modes only: the probes calibrate gated figures, and the sweep gates none.
                    List<Workload> modes = m.workloads().stream()
                            .filter(w -> specs.stream().anyMatch(s -> s.scenario().equals(WorkloadNames.scenarioOf(w.name()))))
                            .toList();
                    Trial trial = new Trial(modes, plan, progress);
                    trial.warmUp();
                    trial.runRounds(ROUNDS, ROUNDS);
                    trial.rounds().stream().map(Round::samples).forEach(s -> samples.addAll(s.values()));
                    facts.putAll(m.facts());
                }
            }
        }
        // Per delay, not the last delay's: the sweep's own facts below say what each had.
        facts.remove("linkDelayOneWayUs");
        facts.remove("zookeeperOpsPerSet");
        facts.put("linkSweepOneWayUs", delays.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).orElse(""));
        facts.put("linkSweepOpsPerSet", opsPerSet.toString());
        facts.put("linkSweepDelayLineRoundTripUs", measuredRoundTrip.entrySet().stream()
                .map(e -> e.getKey() + ":" + e.getValue() / 1000).reduce((a, b) -> a + "," + b).orElse(""));
        GroupResult group = new GroupResult(LinkSweep.GROUP, EnvironmentFingerprint.capture(facts), List.of(), samples,
                List.of(), List.of());
        List<String> notes = reading(LinkSweep.points(group), measuredRoundTrip);
        notes.forEach(n -> progress.phase(LinkSweep.GROUP + ": " + n));
        for (String note : notes) {
            group = group.withNote(note);
        }
        return group;
    }

    /**
     * One line per ensemble and delay (throughput per mode, async/sync and multi/sync), and where
     * async/sync first reaches the seed's 100×, or how far it got.
     *
     * @param measuredRoundTrip by one-way delay, the median round trip through one delay line, in ns
     */
    static List<String> reading(List<LinkSweep.Point> points, Map<Long, Long> measuredRoundTrip) {
        List<String> notes = new ArrayList<>();
        for (String ensemble : LinkSweep.ensembles(points)) {
            Optional<Long> reached = Optional.empty();
            double highest = 0;
            long highestAt = 0;
            for (long us : LinkSweep.delays(points)) {
                Optional<Double> async = LinkSweep.ratio(points, ensemble, us, WriteMode.ASYNC.label(), WriteMode.SYNC.label());
                Optional<Double> multi = LinkSweep.ratio(points, ensemble, us, WriteMode.MULTI.label(), WriteMode.SYNC.label());
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s, links %d µs each way (round trip +%s ms%s):",
                        ensemble, us, SignificantDigits.format(2 * us / 1000.0),
                        measuredRoundTrip.containsKey(us) ? ", " + SignificantDigits.format(measuredRoundTrip.get(us) / 1e6)
                                + " ms measured through one delay line" : ""));
                for (WriteMode mode : WriteMode.values()) {
                    LinkSweep.point(points, ensemble, us, mode.label()).ifPresent(p -> line.append(' ').append(mode.label()).append(' ')
                                    .append(SignificantDigits.format(p.opsPerSecond())).append(" ops/s"));
                }
                async.ifPresent(r -> line.append("; async/sync ").append(SignificantDigits.format(r)).append('×'));
                multi.ifPresent(r -> line.append(", multi/sync ").append(SignificantDigits.format(r)).append('×'));
                notes.add(line.toString());
                if (async.isPresent() && async.get() > highest) {
                    highest = async.get();
                    highestAt = us;
                }
                if (reached.isEmpty() && async.isPresent() && async.get() >= 100) {
                    reached = Optional.of(us);
                }
            }
            notes.add(reached.isPresent()
                    ? ensemble + ": async/sync reaches the seed's 100× at " + reached.get() + " µs each way (round trip +"
                            + SignificantDigits.format(2 * reached.get() / 1000.0) + " ms)"
                    : ensemble + ": async/sync stays under the seed's 100× at every delay measured (highest "
                            + SignificantDigits.format(highest) + "× at " + highestAt + " µs each way)");
        }
        return notes;
    }
}
