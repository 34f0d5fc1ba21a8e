package io.github.zkrpcperfgate.zookeeper;

import java.util.List;

/**
 * Asynchronous creates sent at a fixed intended rate, whatever the servers do: each create's
 * latency runs from its intended send time (so a stall is charged to every create it delays,
 * not hidden by a sender that waited), and every acknowledgement is kept, to be read back.
 * Made by {@link ClientSession#startPacedCreates}; no ZooKeeper type crosses it.
 */
public interface PacedStream {

    /**
     * Stops sending, waits (bounded) for every create sent to be answered, and says what happened.
     *
     * @throws IllegalStateException when answers are still missing at the bound
     */
    Result finish() throws InterruptedException;

    /** Stops sending at once without waiting for answers (after a failure); harmless after {@link #finish}. */
    void stop();

    /**
     * @param sent                creates sent
     * @param acknowledgedPaths   the znodes the servers acknowledged as created, in order
     * @param connectionLosses    creates answered with ConnectionLoss (their fate unknown to the client)
     * @param otherFailures       creates answered with any other error
     * @param longestSilenceNanos the longest time between two consecutive acknowledgements, or from
     *                            the first send to the first one: the window in which no write succeeded
     */
    record Result(long sent, List<String> acknowledgedPaths, long connectionLosses, long otherFailures,
                  long longestSilenceNanos) {

        public Result {
            acknowledgedPaths = List.copyOf(acknowledgedPaths);
        }

        /**
         * The longest gap in {@code ackNanos} (acknowledgement times in order), counting from
         * {@code firstSendNanos}: the window in which no write succeeded.
         */
        public static long longestSilence(long firstSendNanos, long[] ackNanos) {
            long longest = 0;
            long previous = firstSendNanos;
            for (long t : ackNanos) {
                longest = Math.max(longest, t - previous);
                previous = t;
            }
            return longest;
        }
    }
}
