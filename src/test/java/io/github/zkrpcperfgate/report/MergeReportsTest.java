package io.github.zkrpcperfgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.github.zkrpcperfgate.report.html.BrowserCheck;
import io.github.zkrpcperfgate.report.html.HtmlReport;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.ResultFixtures;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shards of one run (a CI job per scenario group) merge into the report one run of them all
 * writes: every file equal, byte for byte, and checked against golden files in
 * src/test/resources/golden/merged-report, trend files too (rewrite them with -Dgolden.update=true after a
 * deliberate change of the report, and read the diff).
 */
class MergeReportsTest {

    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "merged-report");
    /** The files compared with the golden ones; index.html is compared with the unsharded run's. */
    private static final List<String> GOLDEN_FILES = List.of("results.json", "summary.md", TrendFiles.BIGGER_IS_BETTER,
            TrendFiles.SMALLER_IS_BETTER, TrendFiles.BENCHER);

    private static PerfReport report(Path dir, List<GroupResult> groups) throws IOException {
        Files.createDirectories(dir);
        PerfReport report = new PerfReport(dir);
        groups.forEach(report::add);
        return report;
    }

    private static Path mergedShards(Path dir) throws IOException {
        Path zk = report(dir.resolve("shard-zk"), List.of(ResultFixtures.zooKeeper())).directory();
        Path rpc = report(dir.resolve("shard-rpc"), List.of(ResultFixtures.hadoopRpc())).directory();
        // Given in the other order than the groups sort: the order of the shards must not matter.
        return MergeReports.write(dir.resolve("merged"), MergeReports.read(List.of(zk, rpc))).directory();
    }

    @Test
    void twoShardsMergeIntoExactlyTheReportOneRunOfBothWrites(@TempDir Path dir) throws IOException {
        Path whole = report(dir.resolve("whole"), ResultFixtures.bothHalves()).directory();
        Path merged = mergedShards(dir);

        List<String> files;
        try (Stream<Path> listing = Files.list(whole)) {
            files = listing.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(files).contains("results.json", "summary.md", "index.html", "bencher-metrics.json");
        for (String file : files) {
            assertThat(merged.resolve(file)).as(file).hasSameBinaryContentAs(whole.resolve(file));
        }
        for (String file : GOLDEN_FILES) {
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(GOLDEN);
                Files.copy(merged.resolve(file), GOLDEN.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            assertThat(merged.resolve(file)).as("%s against the golden file (rewrite with -Dgolden.update=true)", file)
                    .hasSameTextualContentAs(GOLDEN.resolve(file));
        }
    }

    @Test
    void aGroupInTwoShardsOrAShardWithoutResultsIsRefusedNamingThem(@TempDir Path dir) throws IOException {
        Path a = report(dir.resolve("a"), List.of(ResultFixtures.zooKeeper())).directory();
        Path b = report(dir.resolve("b"), List.of(ResultFixtures.zooKeeper())).directory();
        assertThatThrownBy(() -> MergeReports.read(List.of(a, b)))
                .hasMessageContaining("\"zookeeper\" is in two shards, " + a + " and " + b);
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> MergeReports.read(List.of(a, empty)))
                .hasMessageContaining("shard " + empty + " has no results.json");
    }

    @Test
    void aMergedReportLooksTheSameInChromiumAsAnUnshardedOne(@TempDir Path dir) throws Exception {
        Optional<Path> chromium = BrowserCheck.findChromium();
        Assumptions.assumeTrue(chromium.isPresent(),
                "no Chromium (set PERF_CHROMIUM, or apt-get install chromium): the merged report is not checked in a browser");
        Path whole = report(dir.resolve("whole"), ResultFixtures.bothHalves()).directory();
        Path merged = mergedShards(dir);
        Path shots = Files.createDirectories(Path.of("target", "html-report-check"));

        BrowserCheck.Result unsharded = BrowserCheck.check(chromium.get(), whole.resolve(HtmlReport.FILE),
                shots.resolve("unsharded.png"), Duration.ofSeconds(60));
        BrowserCheck.Result sharded = BrowserCheck.check(chromium.get(), merged.resolve(HtmlReport.FILE),
                shots.resolve("merged.png"), Duration.ofSeconds(60));

        assertThat(sharded.problems()).as("what headless Chromium showed of the merged report").isEmpty();
        assertThat(sharded.body()).isEqualTo(unsharded.body());
        assertThat(pixels(shots.resolve("merged.png"))).as("the merged report's screenshot, pixel by pixel")
                .isEqualTo(pixels(shots.resolve("unsharded.png")));
    }

    private static int[] pixels(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }
}
