package io.github.zkrpcperfgate.namenode;

import io.github.zkrpcperfgate.measure.WorkloadNames;

/** One namespace operation, measured on each NameNode threading setting in the same paired rounds. */
public record NameNodeScenario(String name, NameNodeOp op) {

    static NameNodeScenario of(NameNodeOp op) {
        return new NameNodeScenario("nn-" + op.label(), op);
    }

    /** The workload of this operation on {@code spec}, client threads on connections of their own. */
    public String workloadName(NameNodeSpec spec) {
        return WorkloadNames.of(name, spec.label());
    }

    /** The workload of this operation on {@code spec}, every client thread on one shared connection. */
    public String sharedConnectionWorkloadName(NameNodeSpec spec) {
        return WorkloadNames.of(name, spec.label() + "-shared");
    }
}
