package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.measure.WorkloadNames;
import java.time.Duration;
import java.util.List;

/**
 * One RPC scenario: an engine, a client load and a handler delay, measured on each of several
 * server configurations (handlers × readers) in the same paired rounds.
 */
public record RpcScenario(String name, RpcEngineKind engine, RpcLoadSpec load, Duration handlerSleep,
                          List<RpcServerSpec> servers) {

    public RpcScenario {
        servers = List.copyOf(servers);
    }

    /** The scenario on the given {@code (handlers, readers)} pairs. */
    public static RpcScenario of(String name, RpcEngineKind engine, RpcLoadSpec load, Duration handlerSleep,
                                 int[]... handlersReaders) {
        List<RpcServerSpec> servers = java.util.Arrays.stream(handlersReaders)
                .map(hr -> RpcServerSpec.of(engine, hr[0], hr[1], handlerSleep))
                .toList();
        return new RpcScenario(name, engine, load, handlerSleep, servers);
    }

    /**
     * The load one configuration gets. A single handler that sleeps serves one call per
     * (sleep + work) whatever the count, so it runs {@link RpcScenarios#SINGLE_HANDLER_CALLS}
     * calls, not the seed's 100: the same rate, measured in a fifth of the time.
     */
    public RpcLoadSpec loadFor(RpcServerSpec server) {
        if (server.handlers() == 1 && !handlerSleep.isZero() && load.calls() > RpcScenarios.SINGLE_HANDLER_CALLS) {
            return load.withCalls(RpcScenarios.SINGLE_HANDLER_CALLS);
        }
        return load;
    }

    /** The same scenario, its sets of {@code calls} calls (a sleeping single handler's stay at most its own). */
    public RpcScenario withCalls(int calls) {
        return new RpcScenario(name, engine, load.withCalls(calls), handlerSleep, servers);
    }

    /** The same scenario on {@code servers} only. */
    public RpcScenario onServers(List<RpcServerSpec> servers) {
        return new RpcScenario(name, engine, load, handlerSleep, servers);
    }

    public String workloadName(RpcServerSpec server) {
        return WorkloadNames.of(name, server.label());
    }

    public String workloadName(int handlers, int readers) {
        return name + "/h" + handlers + "r" + readers;
    }
}
