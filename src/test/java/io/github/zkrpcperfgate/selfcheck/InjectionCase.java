package io.github.zkrpcperfgate.selfcheck;

import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.List;

/**
 * One entry of the self-check's catalogue: a real slowdown, the scenarios it runs on, and the
 * figures that must catch it.
 *
 * @param inject    the {@code -Dperf.inject} text that realises it
 * @param scenarios the scenarios measured (only those its targets live in, to keep it short)
 * @param targets   the figures meant to catch it; each that slows by 1.5× or more must fail
 */
public record InjectionCase(String name, String inject, String description, List<String> scenarios,
                            List<FigureKey> targets) {

    public InjectionCase {
        scenarios = List.copyOf(scenarios);
        targets = List.copyOf(targets);
        if (targets.isEmpty()) {
            throw new IllegalArgumentException(name + ": an injection targets at least one figure");
        }
    }

    public boolean zooKeeper() {
        return inject.startsWith("zk.");
    }
}
