package io.github.zkrpcperfgate.hadooprpc;

/**
 * The client side of the seed's benchmark: {@code threads} threads make {@code calls} calls in
 * total, each carrying {@code arraySize} strings of {@code stringBytes} bytes.
 *
 * @param connectionPerThread false: all threads share one connection (Hadoop's default, as
 *                            connections are keyed by user); true: each thread its own
 */
public record RpcLoadSpec(int calls, int threads, int arraySize, int stringBytes, boolean connectionPerThread) {

    public RpcLoadSpec {
        if (calls < 1 || threads < 1 || arraySize < 0 || stringBytes < 0) {
            throw new IllegalArgumentException("need calls >= 1, threads >= 1, arraySize >= 0, stringBytes >= 0; were "
                    + calls + ", " + threads + ", " + arraySize + ", " + stringBytes);
        }
    }

    /** The same load in sets of {@code calls} calls. */
    public RpcLoadSpec withCalls(int calls) {
        return new RpcLoadSpec(calls, threads, arraySize, stringBytes, connectionPerThread);
    }
}
