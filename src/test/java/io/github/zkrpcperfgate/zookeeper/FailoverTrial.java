package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.measure.WorkloadNames;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One leader failover as a sample (the ZooKeeper paper's Figure 8, as one number per round): a
 * paced stream of async creates runs through a follower; the leader is killed without warning;
 * the trial times until the servers left have one leader again ({@value #ELECTION} fact) and the
 * longest time in which no create was acknowledged ({@value #UNAVAILABLE}), then reads every
 * acknowledged znode back: a lost one fails the run, whatever the figures say. Last, the killed
 * server is started again on the data the kill left and the trial times until it serves as a
 * follower with every transaction the leader has ({@value #REJOIN}: process start, election,
 * sync of the creates it missed), so the next trial finds the whole ensemble and kills whichever
 * server leads then. The restart lands inside this sample, so its CPU never lands on another
 * workload's.
 */
final class FailoverTrial implements Workload {

    static final String WORKLOAD = "failover";
    static final String ELECTION = "electionMs";
    static final String UNAVAILABLE = "unavailableMs";
    static final String REJOIN = "rejoinMs";
    /** Creates a second, as intended: a steady write load that a 5-server ensemble here carries with room to spare. */
    static final int RATE = 400;
    /** Writes flowing before the kill, and after the new leader: enough to see both sides of the gap. */
    static final Duration BEFORE = Duration.ofMillis(1500);
    static final Duration AFTER = Duration.ofMillis(2000);
    /** Bound on waiting for a new leader; ZooKeeper here elects in well under a second. */
    static final Duration ELECTION_TIMEOUT = Duration.ofSeconds(60);
    /** Bound on a restarted server's catch-up; it takes a few seconds here, most of them its JVM's start. */
    static final Duration REJOIN_TIMEOUT = Duration.ofSeconds(60);
    private static final long POLL_MILLIS = 10;
    /**
     * A rejoin takes seconds: polled at 50 ms, its death looked for once a second, so the polling
     * (each look at a container's death reads its log) takes little of the CPU the restarting
     * server needs.
     */
    private static final long REJOIN_POLL_MILLIS = 50;
    private static final int REJOIN_POLLS_PER_DEATH_CHECK = 20;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private final String scenario;
    private final ZooKeeperEnsemble ensemble;
    private final String release;
    private final String root;
    private int trials;
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
        int killed;
        Map<String, Double> observed = new HashMap<>();
        // A root per trial: the ensemble outlives the trial, and clearing the last one's creates
        // would cost seconds of deletes.
        String trialRoot = root + "-" + (++trials);
        try (ClientSession session = ClientRelease.open(release, ensemble.clientConnectString(), CONNECT_TIMEOUT)) {
            session.createRoot(trialRoot);
            PacedStream stream = session.startPacedCreates(trialRoot, RATE, latencies);
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
            long missing = session.missing(trialRoot, result.acknowledgedPaths());
            if (missing > 0) {
                throw new IllegalStateException(scenario + ": " + missing + " of " + result.acknowledgedPaths().size()
                        + " acknowledged creates are missing after server " + killed + " (the leader) was killed:"
                        + " ZooKeeper lost writes it had acknowledged");
            }
            observed.putAll(Map.of(ELECTION, electionNanos / 1e6, UNAVAILABLE, result.longestSilenceNanos() / 1e6,
                    "acknowledged", (double) result.acknowledgedPaths().size(), "connectionLosses", (double) result.connectionLosses(),
                    "otherFailures", (double) result.otherFailures(), "killedServer", (double) killed));
        }
        // The session closed: no client writes, so the leader's last zxid is the one to catch up to.
        long target = leaderZxid(ensemble.servingNodes());
        long restartedAt = System.nanoTime();
        NodeEndpoint back = ensemble.restartKilled(killed);
        observed.put(REJOIN, (awaitCaughtUp(scenario, back, target, restartedAt) - restartedAt) / 1e6);
        ensemble.awaitServing();
        facts = Map.copyOf(observed);
    }

    /** The zxid of the last transaction the one leader among {@code serving} has applied. */
    static long leaderZxid(List<NodeEndpoint> serving) {
        for (NodeEndpoint node : serving) {
            var applied = EnsembleReadiness.applied(node);
            if (applied.isPresent() && applied.get().mode().equals("leader")) {
                return applied.get().zxid();
            }
        }
        throw new IllegalStateException("no leader answered srvr with its zxid among servers "
                + serving.stream().map(NodeEndpoint::id).toList() + " after the failover");
    }

    /** When {@code node} first serves as a follower that has applied {@code zxid} or later. */
    static long awaitCaughtUp(String scenario, NodeEndpoint node, long zxid, long since) throws InterruptedException {
        long deadline = since + REJOIN_TIMEOUT.toNanos();
        for (int poll = 1; ; poll++) {
            var applied = EnsembleReadiness.applied(node);
            long now = System.nanoTime();
            if (applied.isPresent() && applied.get().mode().equals("follower") && applied.get().zxid() >= zxid) {
                return now;
            }
            if (poll % REJOIN_POLLS_PER_DEATH_CHECK == 0) {
                var death = node.deathReport(NodeEndpoint.DEATH_LOG_LINES);
                if (death.isPresent()) {
                    throw new IllegalStateException(scenario + ": the killed leader, restarted, died before it caught up: "
                            + death.get());
                }
            }
            if (now > deadline) {
                throw new IllegalStateException(scenario + ": server " + node.id() + ", restarted after the failover, had not caught up with"
                        + " the leader's zxid 0x" + Long.toHexString(zxid) + " within " + REJOIN_TIMEOUT.toSeconds()
                        + " s; last answer: " + applied.map(Object::toString).orElse("not serving") + "; last log lines:\n"
                        + node.logTail().get());
            }
            Thread.sleep(REJOIN_POLL_MILLIS);
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
        // Nothing: the trial leaves the ensemble whole (see the class comment).
    }

    @Override
    public Map<String, Double> lastSetFacts() {
        return facts;
    }
}
