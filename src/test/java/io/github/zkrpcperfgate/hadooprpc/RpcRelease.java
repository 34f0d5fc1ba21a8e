package io.github.zkrpcperfgate.hadooprpc;

import java.time.Duration;
import java.util.Map;

/**
 * One Hadoop release's RPC as the harness drives it: servers of a spec on 127.0.0.1, each with a
 * client making the load's calls. Implemented once ({@code release.HadoopRpc}), compiled against
 * the POM's Hadoop and linked against whichever release loads it ({@link RpcReleases}), so the
 * driver and the trial see this interface, its specs and the latency recorder only, whichever
 * Hadoop runs underneath.
 */
public interface RpcRelease {

    /** The Hadoop release the servers and clients run, as that release reports itself. */
    String version();

    /**
     * A started server of {@code spec} and a connected client of {@code load} to it.
     *
     * @param settings   Hadoop configuration keys set on both sides on top of the suite's own
     * @param setTimeout bounds one set of the load's calls
     */
    RpcEndpoint start(RpcServerSpec spec, RpcLoadSpec load, Map<String, String> settings, Duration setTimeout)
            throws Exception;
}
