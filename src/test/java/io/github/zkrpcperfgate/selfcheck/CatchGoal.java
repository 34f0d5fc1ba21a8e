package io.github.zkrpcperfgate.selfcheck;

/**
 * What the self-check demands of an injected slowdown: one of at least {@code mustCatch} on a
 * targeted figure fails the build in at least {@code share} of the runs it was injected in.
 *
 * @param mustCatch the smallest slowdown that must be caught (1.5: 50% slower)
 * @param share     of its runs, how many must catch it (1.0 every one; 0.9 nine of ten)
 */
public record CatchGoal(double mustCatch, double share) {

    /**
     * Against baselines recorded at another time: every slowdown of 1.5× or more, every run. Its
     * floor is the measured drift between starts of unchanged servers (up to 1.55×, DESIGN.md).
     */
    public static final CatchGoal AGAINST_BASELINES = new CatchGoal(SelfCheckCatalogue.MUST_CATCH_SLOWDOWN, 1.0);

    /** A same-run comparison (issue 11): a slowdown of 1.2× on the candidate alone, in 9 of 10 runs. */
    public static final CatchGoal SAME_RUN = new CatchGoal(1.2, 0.9);

    public CatchGoal {
        if (!(mustCatch > 1) || !(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("a catch goal needs a slowdown above 1 and a share in (0, 1], was "
                    + mustCatch + ", " + share);
        }
    }

    /** Whether {@code caught} of {@code runs} meets the share. */
    public boolean met(int caught, int runs) {
        return caught >= Math.ceil(share * runs - 1e-9);
    }

    /** "every run" or "9 of 10 runs", as reports say it. */
    public String describeShare() {
        return share >= 1 ? "every run" : Math.round(share * 10) + " of 10 runs";
    }
}
