package io.github.zkrpcperfgate.calibration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the system under test spends CPU on this machine, besides this JVM (always ours): child
 * processes, read from {@code /proc/<pid>/stat}, and control groups, read whole. A server in a
 * container is its cgroup, not its JVM's process: a helper it forks, or a thread of work that
 * outlasts a sample, is the system's own CPU too.
 */
public record OwnCpu(List<Long> processIds, List<Path> cgroups) {

    public OwnCpu {
        processIds = List.copyOf(processIds);
        cgroups = List.copyOf(cgroups);
    }

    /** Only this JVM is ours (the servers under test run in it, or elsewhere). */
    public static OwnCpu none() {
        return new OwnCpu(List.of(), List.of());
    }

    public static OwnCpu processes(List<Long> pids) {
        return new OwnCpu(pids, List.of());
    }

    /**
     * The control group of the process {@code pid} (e.g. a container's first process), or the
     * process alone where its cgroup's CPU accounting cannot be read.
     */
    public static OwnCpu groupOf(long pid) {
        Optional<Path> group = CpuAccounting.cgroupOf(pid);
        return group.map(g -> new OwnCpu(List.of(), List.of(g))).orElseGet(() -> processes(List.of(pid)));
    }

    public OwnCpu plus(OwnCpu other) {
        List<Long> pids = new ArrayList<>(processIds);
        pids.addAll(other.processIds);
        List<Path> groups = new ArrayList<>(cgroups);
        groups.addAll(other.cgroups);
        return new OwnCpu(pids, groups);
    }

    /** CPU ticks (USER_HZ) used so far by this JVM and everything listed; -1 where /proc cannot be read. */
    long ticks() {
        List<Long> pids = new ArrayList<>(processIds);
        pids.add(ProcessHandle.current().pid());
        long processes = CpuAccounting.processTicks(pids);
        return processes < 0 ? -1 : processes + CpuAccounting.cgroupTicks(cgroups);
    }
}
