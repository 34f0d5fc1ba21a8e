package io.github.zkrpcperfgate.gate;

import java.util.List;

/**
 * One scenario family as the engine drives it (in the spirit of OpenMessaging Benchmark's
 * {@code BenchmarkDriver}): what it measures and gates, and the start, restart and stop of its
 * servers. The engine ({@link GateEngine}) reads baselines, drives rounds, judges, records and
 * reports; a driver never sees a baseline or a verdict.
 */
public interface ScenarioDriver extends AutoCloseable {

    /** The scenario group, e.g. {@code zookeeper}: one section of every report. */
    String group();

    /** The gated figures of the selected scenarios; empty when none is selected. */
    List<GatedFigure> figures();

    /** Every figure of every scenario the family knows: a baseline entry outside it guards nothing. */
    List<GatedFigure> catalogue();

    /**
     * The baseline file, within the testbed's directory, this driver is judged by. It may depend
     * on where the servers will run: working that out must not start them.
     */
    String baselineFile();

    /**
     * Warm-up rounds this family needs at the least, whatever the plan says: servers that live in
     * this JVM compile their code in the first rounds of a build (a cold JVM's first two or three
     * NameNode write rounds ran ~2x the later ones), and the self-check's warm JVM does not show it.
     */
    default int minWarmupRounds() {
        return 0;
    }

    /** Starts the servers of the selected scenarios. */
    void start() throws Exception;

    /** Stops the servers and starts new ones: each recording run on servers of its own. */
    void restart() throws Exception;

    /**
     * Connects clients and calibration probes to the running servers for one run.
     *
     * @param reported whether this run's result is the one reported (the last of a re-baseline):
     *                 a driver may add a cross-check to it alone
     */
    Measurement measure(boolean reported) throws Exception;

    /**
     * Called after a run failed: the servers of this family found dead now, each named with what
     * was seen (exited with code N, engine unreachable, its last log lines), so an unplanned loss
     * reads as one and not as the client's ConnectionLoss alone. Empty when every server still
     * looks alive, or when the family cannot tell (its servers live in this JVM). Never throws.
     */
    default List<String> deadServers() {
        return List.of();
    }

    /** Stops every server; safe after a failed start and when called twice. */
    @Override
    void close();
}
