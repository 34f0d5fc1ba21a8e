package io.github.zkrpcperfgate.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import io.github.zkrpcperfgate.result.ResultFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The report in a real browser: headless Chromium renders it, every chart must be drawn, no
 * script may fail, and the screenshot (kept in target/html-report-check/ to look at) is not
 * blank. Skipped, saying why, where no Chromium is installed; CI installs Debian's.
 */
class HtmlReportInBrowserTest {

    @Test
    void aPersonWouldSeeEveryChartAndNoError() throws Exception {
        Optional<Path> chromium = BrowserCheck.findChromium();
        Assumptions.assumeTrue(chromium.isPresent(),
                "no Chromium (set PERF_CHROMIUM, or apt-get install chromium): the HTML report is not checked in a browser");
        Path dir = Files.createDirectories(Path.of("target", "html-report-check"));
        Path html = dir.resolve(HtmlReport.FILE);
        Files.writeString(html, HtmlReport.render(ResultFixtures.bothHalves()));

        BrowserCheck.Result seen = BrowserCheck.check(chromium.get(), html, dir.resolve("index.png"), Duration.ofSeconds(60));

        assertThat(seen.problems()).as("what headless Chromium showed of %s", html).isEmpty();
        assertThat(Integer.parseInt(seen.body().get("data-charts"))).isEqualTo(1 + 2 + 2 + 1);
        assertThat(seen.screenshotWidth()).isGreaterThan(800);
    }
}
