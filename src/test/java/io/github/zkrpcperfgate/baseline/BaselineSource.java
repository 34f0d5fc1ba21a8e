package io.github.zkrpcperfgate.baseline;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where one scenario group's baseline lives and what its absence means: the file lies in the
 * directory of a testbed (a machine class), and a testbed without it is measured and reported
 * but not judged, unless the run requires baselines (main's CI).
 *
 * @param file     e.g. {@code baselines/2c-amd-epyc/hadoop-rpc.json}
 * @param testbed  the machine class, e.g. {@code 2c-amd-epyc}
 * @param required whether a missing file fails the run ({@code -Dperf.testbed.required=true})
 */
public record BaselineSource(Path file, String testbed, boolean required) {

    /** The one command that records this testbed's baselines. */
    public String recordCommand() {
        return BaselineException.UPDATE_COMMAND + " -Dperf.testbed=" + testbed;
    }

    public boolean exists() {
        return Files.exists(file);
    }

    /** What every report says at the top when the file is missing. */
    public String missingNote() {
        return "no baselines for testbed " + testbed + " (" + file + " does not exist): "
                + (required ? "-Dperf.testbed.required=true fails the run before any server starts"
                        : "every figure is measured and reported, none is judged")
                + ". To record this machine class's baselines: " + recordCommand();
    }
}
