package io.github.zkrpcperfgate.hadooprpc;

import java.time.Duration;

/**
 * One RPC server configuration: engine, handler and reader threads, and how long each handler
 * sleeps per call (the seed's {@code durationPerRPC}).
 *
 * @param queueSizePerHandler call-queue slots per handler (Hadoop's default is 100)
 * @param handlerWorkStrings  CPU work each handler does per call besides its sleep, as the size of a
 *                            {@link io.github.zkrpcperfgate.calibration.CpuWork}; 0 (none) unless injected
 */
public record RpcServerSpec(RpcEngineKind engine, int handlers, int readers, Duration handlerSleep,
                            int queueSizePerHandler, int handlerWorkStrings) {

    public RpcServerSpec {
        if (handlers < 1 || readers < 1 || queueSizePerHandler < 1) {
            throw new IllegalArgumentException("handlers, readers and queueSizePerHandler must be >= 1, were "
                    + handlers + ", " + readers + ", " + queueSizePerHandler);
        }
        if (handlerWorkStrings < 0) {
            throw new IllegalArgumentException("handlerWorkStrings must not be negative, was " + handlerWorkStrings);
        }
        if (handlerSleep.isNegative()) {
            throw new IllegalArgumentException("handlerSleep must not be negative, was " + handlerSleep);
        }
    }

    public static RpcServerSpec of(RpcEngineKind engine, int handlers, int readers, Duration handlerSleep) {
        return new RpcServerSpec(engine, handlers, readers, handlerSleep, 100, 0);
    }

    /** "h10r1": how configurations are named in workloads and figures. */
    public String label() {
        return "h" + handlers + "r" + readers;
    }
}
