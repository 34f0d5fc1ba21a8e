package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.measure.WorkloadNames;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One leader failover as a sample (the ZooKeeper paper's Figure 8, as one number per round): a
 * paced stream of async creates runs through a follower; the leader is killed without warning;
 * the trial times until the servers left have one leader again ({@value #ELECTION} fact) and the
 * longest time in which no create was acknowledged ({@value #UNAVAILABLE}), then reads every
 * acknowledged znode back: a lost one fails the run, whatever the figures say. Each trial after
 * the first starts a whole new ensemble, inside its sample, so the CPU of starting servers never
 * lands on another workload's sample.
 */
final class FailoverTrial implements Workload {

    static final String WORKLOAD = "failover";
    static final String ELECTION = "electionMs";
    static final String UNAVAILABLE = "unavailableMs";
    /** Creates a second, as intended: a steady write load that a 5-server ensemble here carries with room to spare. */
    static final int RATE = 400;
    /** Writes flowing before the kill, and after the new leader: enough to see both sides of the gap. */
    static final Duration BEFORE = Duration.ofMillis(1500);
    static final Duration AFTER = Duration.ofMillis(2000);
    /** Bound on waiting for a new leader; ZooKeeper here elects in well under a second. */
    static final Duration ELECTION_TIMEOUT = Duration.ofSeconds(60);
    private static final long POLL_MILLIS = 10;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private final String scenario;
    private final ZooKeeperEnsemble ensemble;
    private final String release;
    private final String root;
    private boolean used;
    private Map<String, Double> facts = Map.of();

    FailoverTrial(String scenario, ZooKeeperEnsemble ensemble, String release, String root) {
        this.scenario = scenario;
        this.ensemble = ensemble;
        this.release = release;
        this.root = root;
    }

    static String workloadName(String scenario) {
        return WorkloadNames.of(scenario, WORKLOAD);
    }

    @Override
    public String name() {
        return workloadName(scenario);
    }

    /** Nominal: throughput is not what this workload is for. */
    @Override
    public int operationsPerSet() {
        return (int) (RATE * (BEFORE.plus(AFTER).toMillis()) / 1000);
    }

    @Override
    public boolean oneSetPerSample() {
        return true;
    }

    @Override
    public void runSet(LatencyRecorder latencies) throws Exception {
        if (used) {
            ensemble.stop(); // the last trial's ensemble lost its leader: a whole new one
            ensemble.start();
        }
        used = true;
        try (ClientSession session = ClientRelease.open(release, ensemble.clientConnectString(), CONNECT_TIMEOUT)) {
            session.createRoot(root);
            PacedStream stream = session.startPacedCreates(root, RATE, latencies);
            int killed;
            long electionNanos;
            PacedStream.Result result;
            try {
                Thread.sleep(BEFORE.toMillis());
                killed = ensemble.killLeader();
                long killedAt = System.nanoTime();
                electionNanos = awaitOneLeader(ensemble.servingNodes(), killedAt) - killedAt;
                Thread.sleep(AFTER.toMillis());
                result = stream.finish();
            } finally {
                stream.stop(); // after a failure too: no sender left writing into a closed session
            }
            long missing = session.missing(root, result.acknowledgedPaths());
            if (missing > 0) {
                throw new IllegalStateException(scenario + ": " + missing + " of " + result.acknowledgedPaths().size()
                        + " acknowledged creates are missing after server " + killed + " (the leader) was killed:"
                        + " ZooKeeper lost writes it had acknowledged");
            }
            facts = Map.of(ELECTION, electionNanos / 1e6, UNAVAILABLE, result.longestSilenceNanos() / 1e6,
                    "acknowledged", (double) result.acknowledgedPaths().size(), "connectionLosses", (double) result.connectionLosses(),
                    "otherFailures", (double) result.otherFailures(), "killedServer", (double) killed);
        }
    }

    /** When the servers left first all answer {@code srvr}, exactly one of them as leader. */
    static long awaitOneLeader(List<NodeEndpoint> left, long since) throws InterruptedException {
        long deadline = since + ELECTION_TIMEOUT.toNanos();
        while (true) {
            List<String> modes = left.stream().map(EnsembleReadiness::probe).toList();
            long now = System.nanoTime();
            if (modes.stream().filter("leader"::equals).count() == 1
                    && modes.stream().allMatch(m -> m.equals("leader") || m.equals("follower"))) {
                return now;
            }
            if (now > deadline) {
                throw new IllegalStateException("no new leader among servers " + left.stream().map(NodeEndpoint::id).toList()
                        + " within " + ELECTION_TIMEOUT.toSeconds() + " s of the kill; last answers to srvr: " + modes);
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    @Override
    public void resetAfterSet() {
        // Nothing: the next trial starts a new ensemble itself (see the class comment).
    }

    @Override
    public Map<String, Double> lastSetFacts() {
        return facts;
    }
}
