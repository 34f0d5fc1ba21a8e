package io.github.zkrpcperfgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.hadooprpc.RpcScenarios;
import io.github.zkrpcperfgate.report.FigureResult;
import io.github.zkrpcperfgate.report.GroupResult;
import io.github.zkrpcperfgate.report.html.BrowserCheck;
import io.github.zkrpcperfgate.report.html.HtmlReport;
import io.github.zkrpcperfgate.zookeeper.WriteModeScenarios;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Base of every perf IT: a subclass measures its scenario group once, and each gated figure
 * then becomes one parameterised test, so a failed check names exactly the figure that moved.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class GatedPerfTest {

    /**
     * The run's {@code -Dperf.*} switches, checked when the first perf class loads, before any
     * server starts: a selection that matches no scenario would measure nothing and pass.
     */
    protected static final PerfSettings SETTINGS = checkedSettings();

    private GroupResult result;

    private static PerfSettings checkedSettings() {
        PerfSettings settings = PerfSettings.fromSystemProperties();
        List<String> known = new ArrayList<>(WriteModeScenarios.names());
        RpcScenarios.all().forEach(s -> known.add(s.name()));
        settings.requireEveryGlobSelects(known);
        System.out.println("[perf] testbed " + settings.testbed() + ": baselines in "
                + settings.baselinesDir().resolve(settings.testbed().name()) + " (-Dperf.testbed to choose another)");
        return settings;
    }

    /** Measures and judges (or re-baselines) this class's group; called once, before the figure tests. */
    protected abstract GroupResult measure() throws Exception;

    @BeforeAll
    void measureOnce() throws Exception {
        result = measure();
        PerfReports.shared(SETTINGS).add(result);
    }

    /**
     * Opens the report as it stands in headless Chromium, as a reviewer would, and fails if a
     * chart is not drawn, a script errs or the page is blank; the screenshot is index.png. Runs
     * after this class measured, so the browser never shares the machine with a measurement.
     */
    @AfterAll
    void theReportRendersInABrowser() throws Exception {
        Optional<Path> chromium = BrowserCheck.findChromium();
        if (chromium.isEmpty() || result == null) {
            System.out.println("[perf] index.html not checked in a browser: "
                    + (result == null ? "nothing measured" : "no Chromium (PERF_CHROMIUM, chromium or google-chrome on the PATH)"));
            return;
        }
        Path dir = SETTINGS.reportDir();
        BrowserCheck.Result seen = BrowserCheck.check(chromium.get(), dir.resolve(HtmlReport.FILE), dir.resolve("index.png"),
                Duration.ofSeconds(60));
        assertThat(seen.problems()).as("%s in headless Chromium (screenshot %s)", dir.resolve(HtmlReport.FILE),
                dir.resolve("index.png")).isEmpty();
    }

    Stream<Named<FigureResult>> gatedFigures() {
        return result.figures().stream().map(GateAssertions::named);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gatedFigures")
    @DisplayName("stays within its baseline band")
    void staysWithinItsBaselineBand(FigureResult figure) {
        long disturbedInBuild = PerfReports.shared(SETTINGS).groups().stream()
                .flatMap(g -> g.figures().stream()).filter(FigureResult::disturbed).count();
        GateAssertions.assertWithinBaseline(figure, SETTINGS.profile(), disturbedInBuild);
    }
}
