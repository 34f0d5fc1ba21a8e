package io.github.zkrpcperfgate.baseline;

/** A baseline file that is missing, malformed or incomplete; the message names file, entry and fix. */
public final class BaselineException extends RuntimeException {

    /** How to record baselines; every message that asks for a re-baseline says it the same way. */
    public static final String UPDATE_COMMAND = "./mvnw verify -Dperf.baselines.update=true";

    /** The command that re-records the given scenarios' baselines, e.g. {@code zk-1node} or {@code zk-1node,rpc-*}. */
    public static String updateCommand(String scenarios) {
        return UPDATE_COMMAND + " -Dperf.scenarios=" + scenarios;
    }

    /** {@link #updateCommand(String)} for a list of scenarios. */
    public static String updateCommand(java.util.List<String> scenarios) {
        return updateCommand(String.join(",", scenarios));
    }

    public BaselineException(String message) {
        super(message);
    }

    public BaselineException(String message, Throwable cause) {
        super(message, cause);
    }
}
