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
            shared = new PerfReport(settings.reportDir());
        }
        return shared;
    }
}
