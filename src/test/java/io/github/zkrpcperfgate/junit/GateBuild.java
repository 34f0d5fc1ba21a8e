package io.github.zkrpcperfgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.report.PerfReport;
import io.github.zkrpcperfgate.report.html.BrowserCheck;
import io.github.zkrpcperfgate.report.html.HtmlReport;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * One {@link PerfGate} class's measured group within the build: what its tests assert with. A
 * test method takes it as a parameter.
 */
public final class GateBuild {

    private final PerfSettings settings;
    private final PerfReport report;
    private final GroupResult result;

    GateBuild(PerfSettings settings, PerfReport report, GroupResult result) {
        this.settings = settings;
        this.report = report;
        this.result = result;
    }

    /** The class's group as measured. */
    public GroupResult result() {
        return result;
    }

    /** The figure stays within its band, as the profile judges with every figure of the build so far. */
    public void assertWithinBaseline(FigureResult figure) {
        long disturbedInBuild = report.groups().stream()
                .flatMap(g -> g.figures().stream()).filter(FigureResult::disturbed).count();
        GateAssertions.assertWithinBaseline(figure, settings.profile(), disturbedInBuild);
    }

    /**
     * Opens the report as it stands in headless Chromium, as a reviewer would, and fails if a chart
     * is not drawn, a script errs or the page is blank; the screenshot is index.png. Skipped, with
     * the reason, where no Chromium is installed. Runs after the class measured, so the browser
     * never shares the machine with a measurement.
     */
    public void assertReportRendersInABrowser() throws Exception {
        Optional<Path> chromium = BrowserCheck.findChromium();
        Assumptions.assumeTrue(chromium.isPresent(),
                "index.html not checked in a browser: no Chromium (PERF_CHROMIUM, chromium or google-chrome on the PATH)");
        Path dir = settings.reportDir();
        BrowserCheck.Result seen = BrowserCheck.check(chromium.get(), dir.resolve(HtmlReport.FILE), dir.resolve("index.png"),
                Duration.ofSeconds(60));
        assertThat(seen.problems()).as("%s in headless Chromium (screenshot %s)", dir.resolve(HtmlReport.FILE),
                dir.resolve("index.png")).isEmpty();
    }
}
