package io.github.zkrpcperfgate.zookeeper;

import java.time.Duration;
import java.util.List;

/**
 * What ensemble to run: immutable, kept apart from the backend that runs it.
 *
 * @param scenario       the scenario name this ensemble serves, e.g. {@code zk-5node}
 * @param size           number of servers, 1 (standalone) or an odd quorum size
 * @param readyTimeout   how long start-up may take until every node serves and one leads
 * @param serverJvmFlags extra flags for every server JVM (e.g. an injected slowdown)
 */
public record EnsembleSpec(String scenario, int size, Duration readyTimeout, List<String> serverJvmFlags) {

    public EnsembleSpec {
        if (size < 1 || (size > 1 && size % 2 == 0)) {
            throw new IllegalArgumentException(scenario + ": ensemble size must be 1 or odd, was " + size);
        }
        if (readyTimeout.isNegative() || readyTimeout.isZero()) {
            throw new IllegalArgumentException(scenario + ": readyTimeout must be positive, was " + readyTimeout);
        }
        serverJvmFlags = List.copyOf(serverJvmFlags);
    }

    public static EnsembleSpec of(String scenario, int size) {
        return new EnsembleSpec(scenario, size, Duration.ofSeconds(90), List.of());
    }

    public EnsembleSpec withServerJvmFlags(List<String> flags) {
        return new EnsembleSpec(scenario, size, readyTimeout, flags);
    }

    public boolean standalone() {
        return size == 1;
    }
}
