package io.github.zkrpcperfgate.gate;

/** What a run does with its measurements: judge them, or record baselines from them. */
public enum GateMode {

    /** Hold every figure to its baseline band. */
    JUDGE,
    /** Record baselines; a recording run whose median lies far from the others is refused. */
    RECORD,
    /** Record baselines, keeping a far-off recording run ({@code -Dperf.baselines.acceptOutliers=true}). */
    RECORD_ACCEPTING_OUTLIERS;

    public boolean records() {
        return this != JUDGE;
    }
}
