package io.github.zkrpcperfgate.gate;

/**
 * What a run does with its measurements: judge them, or record baselines from them, and how.
 *
 * @param records        record baselines instead of judging
 * @param acceptOutliers keep a recording run whose median lies far from the others'
 *                       ({@code -Dperf.baselines.acceptOutliers=true}); without it such a recording is refused
 * @param addSitting     pool this sitting's recording runs with those of earlier sittings, kept beside
 *                       the baseline ({@code -Dperf.baselines.addSitting=true}, see {@link RecordingLedger})
 * @param rederives      write every baseline anew from the recording runs in its ledger, measuring nothing
 *                       and starting no server ({@code -Dperf.baselines.rederive=true}): what a change of
 *                       the band policy does to the bands of the same recorded runs
 */
public record GateMode(boolean records, boolean acceptOutliers, boolean addSitting, boolean rederives) {

    public GateMode(boolean records, boolean acceptOutliers, boolean addSitting) {
        this(records, acceptOutliers, addSitting, false);
    }

    /** Re-derive every baseline from its ledger (its runs are the earlier sittings', loaded as for a new one). */
    public static final GateMode REDERIVE = new GateMode(true, true, true, true);

    /** Hold every figure to its baseline band. */
    public static final GateMode JUDGE = new GateMode(false, false, false);
    /** Record baselines from this sitting's runs; a recording run whose median lies far from the others is refused. */
    public static final GateMode RECORD = new GateMode(true, false, false);
    /** Record baselines, keeping a far-off recording run. */
    public static final GateMode RECORD_ACCEPTING_OUTLIERS = new GateMode(true, true, false);

    public GateMode {
        if (rederives && !(records && addSitting)) {
            throw new IllegalArgumentException("a re-derivation records from the ledger's sittings: records and addSitting");
        }
        if (!records && (acceptOutliers || addSitting)) {
            throw new IllegalArgumentException("-Dperf.baselines.acceptOutliers and -Dperf.baselines.addSitting go with"
                    + " -Dperf.baselines.update=true (a judged run records nothing)");
        }
    }

    /** The same, its runs pooled with the earlier sittings' ones. */
    public GateMode addingSitting() {
        return new GateMode(records, acceptOutliers, true, rederives);
    }
}
