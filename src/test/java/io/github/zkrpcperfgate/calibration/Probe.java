package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.Workload;

/**
 * A calibration probe as a workload: one set is a whole sample (it sizes its set itself and
 * should not cost a second a round), and it leaves nothing behind to reset.
 */
interface Probe extends Workload {

    @Override
    default void resetAfterSet() {
    }

    @Override
    default boolean oneSetPerSample() {
        return true;
    }
}
