package io.github.zkrpcperfgate.zookeeper;

/**
 * What an ensemble runs without, on purpose, once it has formed: followers stopped (the quorum
 * still holds), and optionally one follower that stays up but syncs slower (an injected fault).
 * The leader and the follower the client talks to are never touched; the highest-id other
 * followers are ({@link ServingNodes#withFollowersStopped}).
 *
 * @param followersDown           followers stopped after start-up, fewer than half the ensemble
 * @param slowFollowerFsyncMicros an injected slowdown: every fsync of one follower that stays up
 *                                (not the measured one) returns this many µs late; 0 for none
 */
public record Degradation(int followersDown, long slowFollowerFsyncMicros) {

    public static final Degradation NONE = new Degradation(0, 0);

    public Degradation {
        if (followersDown < 0 || slowFollowerFsyncMicros < 0) {
            throw new IllegalArgumentException("followersDown and slowFollowerFsyncMicros must be >= 0, were "
                    + followersDown + " and " + slowFollowerFsyncMicros);
        }
    }

    /** Whether every server is to be preloaded with the fsync shim, so that one of them can be slowed once chosen. */
    boolean slowsAFollower() {
        return slowFollowerFsyncMicros > 0;
    }

    Degradation withSlowFollower(long micros) {
        return new Degradation(followersDown, micros);
    }
}
