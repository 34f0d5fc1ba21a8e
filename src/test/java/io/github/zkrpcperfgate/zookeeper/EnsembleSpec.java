package io.github.zkrpcperfgate.zookeeper;

import java.time.Duration;
import java.util.List;

/**
 * What ensemble to run: immutable, kept apart from the backend that runs it.
 *
 * @param scenario       the scenario name this ensemble serves, e.g. {@code zk-5node}
 * @param size           number of servers, 1 (standalone) or an odd quorum size
 * @param readyTimeout   how long start-up may take until every node serves and one leads
 * @param serverJvmFlags extra flags for every server JVM (e.g. an injected slowdown)
 * @param serverFsyncDelayMicros an injected slowdown: every fsync of every server returns this many
 *                       µs late (an LD_PRELOAD shim); 0 for none
 * @param release        the ZooKeeper release its servers run, e.g. {@code 3.9.5} ({@link ServerRuntime})
 * @param clientLinkDelay one-way delay of the client's link to its server ({@link DelayingProxy}), as
 *                       between hosts of a LAN; zero for the bare loopback or bridge
 * @param peerLinkDelay  one-way delay of every server-to-server link ({@link PeerLinks}); zero for none
 * @param degradation    followers stopped once the ensemble has formed, and an injected slow follower
 */
public record EnsembleSpec(String scenario, int size, Duration readyTimeout, List<String> serverJvmFlags,
                           long serverFsyncDelayMicros, String release, Duration clientLinkDelay, Duration peerLinkDelay,
                           Degradation degradation) {

    public EnsembleSpec {
        if (size < 1 || (size > 1 && size % 2 == 0)) {
            throw new IllegalArgumentException(scenario + ": ensemble size must be 1 or odd, was " + size);
        }
        if (readyTimeout.isNegative() || readyTimeout.isZero()) {
            throw new IllegalArgumentException(scenario + ": readyTimeout must be positive, was " + readyTimeout);
        }
        serverJvmFlags = List.copyOf(serverJvmFlags);
        if (serverFsyncDelayMicros < 0) {
            throw new IllegalArgumentException(scenario + ": serverFsyncDelayMicros must be >= 0, was " + serverFsyncDelayMicros);
        }
        if (release == null || release.isBlank()) {
            throw new IllegalArgumentException(scenario + ": a release to run is needed");
        }
        if (clientLinkDelay.isNegative() || peerLinkDelay.isNegative()) {
            throw new IllegalArgumentException(scenario + ": link delays must be >= 0, were " + clientLinkDelay + " and "
                    + peerLinkDelay);
        }
        if (degradation.followersDown() > 0 && 2 * degradation.followersDown() >= size) {
            throw new IllegalArgumentException(scenario + ": stopping " + degradation.followersDown() + " of " + size
                    + " servers leaves no quorum");
        }
        if (degradation.slowsAFollower() && size - degradation.followersDown() < 3) {
            throw new IllegalArgumentException(scenario + ": a slow follower needs one up besides the leader and the measured one");
        }
    }

    /** An ensemble of the release under test (the client's: {@link ServerRuntime#versionUnderTest()}). */
    public static EnsembleSpec of(String scenario, int size) {
        return new EnsembleSpec(scenario, size, Duration.ofSeconds(90), List.of(), 0, ServerRuntime.versionUnderTest(),
                Duration.ZERO, Duration.ZERO, Degradation.NONE);
    }

    public EnsembleSpec withServerJvmFlags(List<String> flags) {
        return new EnsembleSpec(scenario, size, readyTimeout, flags, serverFsyncDelayMicros, release, clientLinkDelay, peerLinkDelay, degradation);
    }

    public EnsembleSpec withServerFsyncDelayMicros(long micros) {
        return new EnsembleSpec(scenario, size, readyTimeout, serverJvmFlags, micros, release, clientLinkDelay, peerLinkDelay, degradation);
    }

    /** The same ensemble running another ZooKeeper release (one side of a comparison). */
    public EnsembleSpec withRelease(String other) {
        return new EnsembleSpec(scenario, size, readyTimeout, serverJvmFlags, serverFsyncDelayMicros, other, clientLinkDelay, peerLinkDelay, degradation);
    }

    /** The same ensemble with every link, the client's and the servers', {@code oneWay} long each way. */
    public EnsembleSpec withLinkDelay(Duration oneWay) {
        return new EnsembleSpec(scenario, size, readyTimeout, serverJvmFlags, serverFsyncDelayMicros, release, oneWay, oneWay, degradation);
    }

    /** The same ensemble with its server-to-server links {@code more} longer each way (the client's as they were). */
    public EnsembleSpec withSlowerPeerLinks(Duration more) {
        return new EnsembleSpec(scenario, size, readyTimeout, serverJvmFlags, serverFsyncDelayMicros, release, clientLinkDelay,
                peerLinkDelay.plus(more), degradation);
    }

    /** The same ensemble with {@code count} followers stopped once it has formed. */
    public EnsembleSpec withFollowersDown(int count) {
        return withDegradation(new Degradation(count, degradation.slowFollowerFsyncMicros()));
    }

    /** The same ensemble with one follower that stays up syncing {@code micros} µs slower (0: none). */
    public EnsembleSpec withSlowFollower(long micros) {
        return withDegradation(degradation.withSlowFollower(micros));
    }

    private EnsembleSpec withDegradation(Degradation d) {
        return new EnsembleSpec(scenario, size, readyTimeout, serverJvmFlags, serverFsyncDelayMicros, release, clientLinkDelay,
                peerLinkDelay, d);
    }

    /** Whether the servers run with the fsync shim preloaded: a slower sync injected now, or for one follower later. */
    public boolean fsyncShimmed() {
        return serverFsyncDelayMicros > 0 || degradation.slowsAFollower();
    }

    public boolean standalone() {
        return size == 1;
    }
}
