package io.github.zkrpcperfgate.measure;

/**
 * How a workload is named: {@code <scenario>/<part>}, e.g. {@code zk-1node/sync} or
 * {@code rpc-seed-protobuf/h10r1} (calibration probes are {@code calibration/<probe>}). Built
 * and read back here only, so catalogues and reports agree.
 */
public final class WorkloadNames {

    private WorkloadNames() {
    }

    public static String of(String scenario, String part) {
        return scenario + "/" + part;
    }

    /** {@code zk-1node/sync} → {@code zk-1node}. */
    public static String scenarioOf(String workload) {
        int slash = workload.indexOf('/');
        return slash < 0 ? workload : workload.substring(0, slash);
    }

    /** {@code zk-1node/sync} → {@code sync}. */
    public static String partOf(String workload) {
        return workload.substring(workload.indexOf('/') + 1);
    }
}
