package io.github.zkrpcperfgate.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineStoreTest {

    @TempDir
    Path dir;

    static BaselineFigure ratio(double expected) {
        return new BaselineFigure("ratio", Direction.HIGHER_IS_BETTER, expected, Band.around(expected, 1.5),
                expected * 0.9, expected * 1.1, 8);
    }

    private Baselines sample(Path file) {
        return sample(file, ratio(75.41234));
    }

    private Baselines sample(Path file, BaselineFigure multiOverSync) {
        TreeMap<String, BaselineFigure> figures = new TreeMap<>();
        figures.put("multiOverSync", multiOverSync);
        figures.put("asyncOverSync", ratio(5.084));
        TreeMap<String, String> env = new TreeMap<>();
        env.put("cores", "2");
        env.put("backend", "docker");
        TreeMap<String, ScenarioBaseline> scenarios = new TreeMap<>();
        scenarios.put("zk-1node", new ScenarioBaseline(env, figures));
        return new Baselines(file, Baselines.SCHEMA_VERSION, scenarios);
    }

    @Test
    void writeThenReadGivesTheSameFiguresRoundedToFourDigits() {
        Path file = dir.resolve("zookeeper.json");
        BaselineStore.write(sample(file));
        Baselines read = BaselineStore.read(file);
        BaselineFigure f = read.figure(new FigureKey("zk-1node", "multiOverSync"));
        assertThat(f.expected()).isEqualTo(75.41);
        assertThat(f.direction()).isEqualTo(Direction.HIGHER_IS_BETTER);
        assertThat(f.rounds()).isEqualTo(8);
        assertThat(read.scenarios().get("zk-1node").environment()).containsEntry("backend", "docker");
    }

    @Test
    void renderingIsStableSortedAndEndsWithANewline() {
        String once = BaselineStore.render(sample(dir.resolve("a.json")));
        String twice = BaselineStore.render(BaselineStore.parse(dir.resolve("a.json"), once));
        assertThat(twice).isEqualTo(once);
        assertThat(once).endsWith("}\n").doesNotContain("\r");
        assertThat(once.indexOf("asyncOverSync")).isLessThan(once.indexOf("multiOverSync"));
    }

    @Test
    void aRewrittenFileKeepsItsPermissionsAndANewOneIsWorldReadable() throws IOException {
        Path file = dir.resolve("zookeeper.json");
        BaselineStore.write(sample(file));
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-r--r--");
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--"));
        BaselineStore.write(sample(file));
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-rw-r--");
    }

    @Test
    void aMissingFileSaysHowToRecordOne() {
        assertThatThrownBy(() -> BaselineStore.read(dir.resolve("zookeeper.json")))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining("zookeeper.json")
                .hasMessageContaining("no such baseline file")
                .hasMessageContaining(BaselineException.UPDATE_COMMAND);
    }

    @Test
    void malformedJsonNamesFileAndPosition() {
        assertThatThrownBy(() -> BaselineStore.parse(Path.of("baselines/zookeeper.json"), "{\"schemaVersion\": 1,,}"))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining("baselines/zookeeper.json")
                .hasMessageContaining("line 1");
    }

    @Test
    void aWrongSchemaVersionIsRefused() {
        assertThatThrownBy(() -> BaselineStore.parse(Path.of("b.json"), "{\"schemaVersion\": 2, \"scenarios\": {}}"))
                .hasMessageContaining("\"schemaVersion\" must be 1");
    }

    @Test
    void anIncompleteFigureNamesFileScenarioFigureAndField() {
        String text = """
                {"schemaVersion": 1, "scenarios": {"zk-5node": {"figures": {"multiOverSync":
                  {"unit": "ratio", "direction": "higherIsBetter", "expected": 100, "interval": [90, 110], "rounds": 8}}}}}
                """;
        assertThatThrownBy(() -> BaselineStore.parse(Path.of("baselines/zookeeper.json"), text))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining("baselines/zookeeper.json: scenario \"zk-5node\", figure \"multiOverSync\"")
                .hasMessageContaining("\"band\" must be [low, high]");
    }

    @Test
    void anExpectedValueOutsideItsOwnBandIsRefused() {
        String text = """
                {"schemaVersion": 1, "scenarios": {"zk-1node": {"figures": {"syncP50Ms":
                  {"unit": "ms", "direction": "lowerIsBetter", "expected": 9, "band": [1, 2], "interval": [1, 2], "rounds": 8}}}}}
                """;
        assertThatThrownBy(() -> BaselineStore.parse(Path.of("b.json"), text))
                .hasMessageContaining("outside its own band");
    }

    @Test
    void eachRecordingRunsMedianIsKeptAndAFileWithoutThemStillReads() {
        Path file = dir.resolve("zookeeper.json");
        BaselineFigure f = ratio(75.41234);
        BaselineStore.write(sample(file, new BaselineFigure(f.unit(), f.direction(), f.expected(), f.band(),
                f.intervalLow(), f.intervalHigh(), 24, java.util.List.of(70.123, 75.41234, 80.0))));
        Baselines read = BaselineStore.read(file);
        assertThat(read.figure(new FigureKey("zk-1node", "multiOverSync")).runMedians()).containsExactly(70.12, 75.41, 80.0);
        assertThat(read.figure(new FigureKey("zk-1node", "asyncOverSync")).runMedians()).isEmpty();
        assertThat(BaselineStore.render(read)).containsOnlyOnce("runMedians");
    }

    @Test
    void eachSittingsMedianIsKeptBesideTheRunsOnes() {
        Path file = dir.resolve("zookeeper.json");
        BaselineFigure f = ratio(75.41234);
        BaselineStore.write(sample(file, new BaselineFigure(f.unit(), f.direction(), f.expected(), f.band(),
                f.intervalLow(), f.intervalHigh(), 24, java.util.List.of(70.123, 75.41234, 80.0),
                java.util.List.of(72.0, 80.0))));
        Baselines read = BaselineStore.read(file);
        assertThat(read.figure(new FigureKey("zk-1node", "multiOverSync")).sittingMedians()).containsExactly(72.0, 80.0);
        assertThat(read.figure(new FigureKey("zk-1node", "asyncOverSync")).sittingMedians()).isEmpty();
        assertThat(BaselineStore.render(read)).containsOnlyOnce("sittingMedians");
    }

    @Test
    void runMediansThatAreNotNumbersAreRefused() {
        String text = """
                {"schemaVersion": 1, "scenarios": {"zk-1node": {"figures": {"syncP50Ms":
                  {"unit": "ms", "direction": "lowerIsBetter", "expected": 1, "band": [0.5, 2], "interval": [1, 1],
                   "rounds": 24, "runMedians": [1, "fast"]}}}}}
                """;
        assertThatThrownBy(() -> BaselineStore.parse(Path.of("b.json"), text))
                .hasMessageContaining("figure \"syncP50Ms\"")
                .hasMessageContaining("\"runMedians\" must be an array of numbers");
    }

    @Test
    void anUnknownDirectionListsTheKnownOnes() {
        String text = """
                {"schemaVersion": 1, "scenarios": {"zk-1node": {"figures": {"syncP50Ms":
                  {"unit": "ms", "direction": "up", "expected": 1, "band": [0.5, 2], "interval": [1, 1], "rounds": 8}}}}}
                """;
        assertThatThrownBy(() -> BaselineStore.parse(Path.of("b.json"), text))
                .hasMessageContaining("\"up\"")
                .hasMessageContaining("higherIsBetter");
    }

    @Test
    void aFigureMissingFromTheFileNamesItAndTheFix() {
        Baselines b = sample(Path.of("baselines/zookeeper.json"));
        assertThatThrownBy(() -> b.figure(new FigureKey("zk-5node", "multiOverSync")))
                .hasMessage("baselines/zookeeper.json: has no scenario \"zk-5node\"; run "
                        + BaselineException.UPDATE_COMMAND + " to record one");
        assertThatThrownBy(() -> b.figure(new FigureKey("zk-1node", "syncP99Ms")))
                .hasMessageContaining("scenario \"zk-1node\" has no band for \"syncP99Ms\"");
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTempFile() throws IOException {
        Path file = dir.resolve("zookeeper.json");
        BaselineStore.write(sample(file));
        String before = Files.readString(file);
        Path blocked = dir.resolve("blocked");
        Files.createDirectories(blocked.resolve("zookeeper.json")); // a directory where the file should go
        assertThatThrownBy(() -> BaselineStore.write(sample(blocked.resolve("zookeeper.json"))))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining("old file is unchanged");
        assertThat(Files.readString(file)).isEqualTo(before);
        try (var listing = Files.list(blocked)) {
            assertThat(listing.map(p -> p.getFileName().toString())).containsExactly("zookeeper.json");
        }
    }
}
