package io.github.zkrpcperfgate.selfcheck;

import io.github.zkrpcperfgate.verdict.FigureKey;
import java.util.List;

/**
 * One entry of the self-check's catalogue: a real slowdown, the scenarios it runs on, and the
 * figures that must catch it, or, for a change of the environment (the disk, for probes and
 * servers alike), the figures it would move if a rule mistook it for the system's.
 *
 * @param inject      the {@code -Dperf.inject} text that realises it
 * @param scenarios   the scenarios its targets live in; it runs when one of them is selected, on
 *                    every selected scenario of its group (as the unchanged runs it is compared with)
 * @param targets     the figures meant to catch it; each that slows by 1.5× or more must fail.
 *                    For an environment change: the figures to watch, none of which may fail
 * @param environment whether this is a change of the environment, which must fail no figure
 */
public record InjectionCase(String name, String inject, String description, List<String> scenarios,
                            List<FigureKey> targets, boolean environment) {

    /** A slowdown of the system under test: its targets must catch it. */
    public static InjectionCase regression(String name, String inject, String description, List<String> scenarios,
                                           List<FigureKey> targets) {
        return new InjectionCase(name, inject, description, scenarios, targets, false);
    }

    /** A slower environment for probes and servers alike: no figure of the run may fail. */
    public static InjectionCase environment(String name, String inject, String description, List<String> scenarios,
                                            List<FigureKey> watched) {
        return new InjectionCase(name, inject, description, scenarios, watched, true);
    }

    public InjectionCase {
        scenarios = List.copyOf(scenarios);
        targets = List.copyOf(targets);
        if (targets.isEmpty()) {
            throw new IllegalArgumentException(name + ": an injection targets at least one figure");
        }
        if (groupOf(inject, scenarios).isEmpty()) {
            throw new IllegalArgumentException(name + ": \"" + inject + "\" is no key of a scenario group (zk., env., rpc., nn.)");
        }
    }

    /** How the name of the k-th run of a case injected more than once ends: " #k". */
    static final String RUN_MARK = " #";

    /**
     * The {@code k}-th of several runs of this case (k from 1): the same injection under the name
     * "name #k", so that each run is tallied, logged and resumed as a case of its own.
     */
    public InjectionCase run(int k) {
        return new InjectionCase(baseName() + RUN_MARK + k, inject, description, scenarios, targets, environment);
    }

    /** The name without the run's mark: what the runs of one case share. */
    public String baseName() {
        int mark = name.lastIndexOf(RUN_MARK);
        return mark < 0 ? name : name.substring(0, mark);
    }

    /**
     * The scenario group it runs in, by its key's prefix: zk. and env. ZooKeeper (on LAN-like links
     * when its scenarios are the {@code -lan} ones, with followers down when they are the
     * {@code -down} ones and their {@code -all-up} reference, a leader killed when they are
     * {@code -failover} ones), rpc. Hadoop RPC, nn. NameNode.
     */
    public String group() {
        return groupOf(inject, scenarios).orElseThrow();
    }

    private static java.util.Optional<String> groupOf(String inject, List<String> scenarios) {
        if (inject.startsWith("zk.") || inject.startsWith("env.")) {
            if (!scenarios.isEmpty() && scenarios.stream().allMatch(s -> s.endsWith("-lan"))) {
                return java.util.Optional.of("zookeeper-lan");
            }
            if (!scenarios.isEmpty() && scenarios.stream().allMatch(s -> s.endsWith("-failover"))) {
                return java.util.Optional.of("zookeeper-failover");
            }
            boolean degraded = !scenarios.isEmpty() && scenarios.stream().allMatch(s -> s.endsWith("-down") || s.endsWith("-all-up"));
            return java.util.Optional.of(degraded ? "zookeeper-degraded" : "zookeeper");
        }
        if (inject.startsWith("rpc.")) {
            return java.util.Optional.of("hadoop-rpc");
        }
        if (inject.startsWith("nn.")) {
            return java.util.Optional.of("namenode");
        }
        return java.util.Optional.empty();
    }
}
