package io.github.zkrpcperfgate.junit;

import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.report.PerfReport;

/** The one report of this test JVM, which every perf test class adds its group to. */
public final class PerfReports {

    private static PerfReport shared;

    private PerfReports() {
    }

    public static synchronized PerfReport shared(PerfSettings settings) {
        if (shared == null) {
            PerfReport report = new PerfReport(settings.reportDir());
            // Once, when the test JVM ends: after every perf class, whichever ran last.
            Runtime.getRuntime().addShutdownHook(new Thread(report::appendToStepSummary, "perf-step-summary"));
            shared = report;
        }
        return shared;
    }
}
