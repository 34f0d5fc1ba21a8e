package io.github.zkrpcperfgate.report.html;

import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.WorkloadNames;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.stats.MedianInterval;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per-workload views of a group's measured (not warm-up) samples. */
final class WorkloadStats {

    private static final String CALIBRATION = "calibration/";
    private static final String CROSS_CHECK = "rpc-crosscheck/";

    private WorkloadStats() {
    }

    /** Workloads of the systems under test (no probes, no cross-check) by scenario, in first-seen order. */
    static Map<String, List<String>> workloadsByScenario(GroupResult group) {
        Map<String, List<String>> byScenario = new LinkedHashMap<>();
        group.samples().stream().filter(s -> s.round() >= 0).map(Sample::workload).distinct()
                .filter(w -> !w.startsWith(CALIBRATION) && !w.startsWith(CROSS_CHECK) && w.contains("/"))
                .forEach(w -> byScenario.computeIfAbsent(WorkloadNames.scenarioOf(w), k -> new java.util.ArrayList<>()).add(w));
        return byScenario;
    }

    static Estimate throughput(GroupResult group, String workload) {
        return MedianInterval.of(measured(group, workload).stream().map(Sample::opsPerSecond).toList());
    }

    /** All measured rounds of {@code workload} as one sample, for their latencies; null if it has none. */
    static Sample pooledRounds(GroupResult group, String workload) {
        List<Sample> measured = measured(group, workload);
        return measured.isEmpty() ? null : Sample.pooled(workload, 0, measured);
    }

    private static List<Sample> measured(GroupResult group, String workload) {
        return group.samples().stream().filter(s -> s.round() >= 0 && s.workload().equals(workload)).toList();
    }
}
