package io.github.zkrpcperfgate.verdict;

import java.util.Arrays;

/** Which way a figure moves when things get better; recorded in the baseline with the figure. */
public enum Direction {
    HIGHER_IS_BETTER("higherIsBetter"),
    LOWER_IS_BETTER("lowerIsBetter");

    private final String jsonName;

    Direction(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The spelling used in baseline and report files. */
    public String jsonName() {
        return jsonName;
    }

    /** Reads the file spelling; the message lists the accepted ones. */
    public static Direction fromJsonName(String name) {
        return Arrays.stream(values())
                .filter(d -> d.jsonName.equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "direction \"" + name + "\" is not one of " + Arrays.stream(values()).map(Direction::jsonName).toList()));
    }

    @Override
    public String toString() {
        return this == HIGHER_IS_BETTER ? "higher is better" : "lower is better";
    }
}
