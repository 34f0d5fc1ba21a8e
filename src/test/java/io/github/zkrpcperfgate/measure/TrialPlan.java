package io.github.zkrpcperfgate.measure;

import java.time.Duration;

/**
 * How much to measure.
 *
 * @param warmupRounds      rounds run first and discarded (JIT, connections, log pre-allocation)
 * @param minRounds         measured rounds before the first verdict
 * @param maxRounds         cap on measured rounds while verdicts are inconclusive
 * @param recordRounds      measured rounds of each recording run when re-baselining
 * @param recordRuns        independent runs (each on servers of its own) one re-baseline pools
 * @param minSampleDuration a sample repeats its operation set until this much timed work is done
 */
public record TrialPlan(int warmupRounds, int minRounds, int maxRounds, int recordRounds, int recordRuns,
                        Duration minSampleDuration) {

    /** Operation sets one sample may repeat at the most, whatever their speed. */
    public static final int MAX_SETS_PER_SAMPLE = 1_000;

    public TrialPlan {
        if (warmupRounds < 0 || minRounds < 1 || maxRounds < minRounds || recordRounds < 1 || recordRuns < 1) {
            throw new IllegalArgumentException("need warmupRounds >= 0, 1 <= minRounds <= maxRounds, recordRounds >= 1,"
                    + " recordRuns >= 1; was " + warmupRounds + ", " + minRounds + ", " + maxRounds + ", " + recordRounds
                    + ", " + recordRuns);
        }
        if (minSampleDuration.isNegative()) {
            throw new IllegalArgumentException("minSampleDuration must not be negative, was " + minSampleDuration);
        }
    }

    /** The plan with {@code rounds} measured rounds for verdicts and for each recording run, and a cap of twice that. */
    public TrialPlan withRounds(int rounds) {
        return new TrialPlan(warmupRounds, rounds, Math.max(rounds, 2 * rounds), rounds, recordRuns, minSampleDuration);
    }

    /** The plan with at least {@code rounds} warm-up rounds. */
    public TrialPlan withWarmupAtLeast(int rounds) {
        return new TrialPlan(Math.max(warmupRounds, rounds), minRounds, maxRounds, recordRounds, recordRuns,
                minSampleDuration);
    }

    /** The plan with {@code runs} recording runs. */
    public TrialPlan withRecordRuns(int runs) {
        return new TrialPlan(warmupRounds, minRounds, maxRounds, recordRounds, runs, minSampleDuration);
    }
}
