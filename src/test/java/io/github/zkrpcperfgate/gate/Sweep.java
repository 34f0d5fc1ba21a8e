package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.result.GroupResult;
import java.util.Optional;

/**
 * A measurement drawn for readers, not gated: a curve across a setting (e.g. ZooKeeper's write
 * modes against the links' delay). It runs only when asked for, adds its group to the build's
 * reports, and passes or fails on nothing but whether it could measure. Implementations have a
 * public no-argument constructor.
 */
public interface Sweep {

    /** Why this build does not run the sweep (it was not asked for); empty when it runs. */
    Optional<String> notAsked();

    /** Measures every point, each on servers of its own, and returns the group for the reports. */
    GroupResult run(PerfSettings settings) throws Exception;
}
