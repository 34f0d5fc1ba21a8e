package io.github.zkrpcperfgate.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.verdict.FigureKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger of recording runs kept beside a baseline: where it lives, its round trip, what may pool. */
class RecordingLedgerTest {

    @TempDir
    Path dir;

    private static final FigureKey KEY = new FigureKey("zk-1node", "asyncOverSync");

    private RecordingLedger ledger(Path file) {
        TreeMap<String, String> env = new TreeMap<>(Map.of("cores", "2", "calibration.fsyncP50Ms", "0.13"));
        return new RecordingLedger(file, Map.of(KEY, "ratio (sync less fsync)"), List.of(
                new RecordingLedger.Run("2026-12-01T11:50:00Z", 6, env, Map.of(KEY, List.of(5.123456, 6.0)),
                        Map.of("calibration/fsync", List.of(0.1311111, 0.14)), List.of(0.2522222, 0.3))));
    }

    @Test
    void itLivesInRecordingsBesideItsBaselineUnderTheSameName() {
        assertThat(RecordingLedger.beside(Path.of("baselines", "2c-amd-epyc", "zookeeper-docker.json")))
                .isEqualTo(Path.of("baselines", "2c-amd-epyc", "recordings", "zookeeper-docker.json").toAbsolutePath());
    }

    @Test
    void aWrittenLedgerReadsBackWithFourSignificantDigitsAndSortedKeys() throws Exception {
        Path file = dir.resolve("recordings").resolve("b.json");
        ledger(file).write();
        RecordingLedger read = RecordingLedger.read(file);
        assertThat(read.units()).containsEntry(KEY, "ratio (sync less fsync)");
        assertThat(read.runs()).singleElement().satisfies(run -> {
            assertThat(run.perRound().get(KEY)).containsExactly(5.123, 6.0);
            assertThat(run.probeP50s().get("calibration/fsync")).containsExactly(0.1311, 0.14);
            assertThat(run.fsyncP99s()).containsExactly(0.2522, 0.3);
            assertThat(run.rounds()).isEqualTo(6);
        });
        assertThat(read.sittings()).containsExactly("2026-12-01T11:50:00Z");
        assertThat(read.render()).isEqualTo(Files.readString(file));
    }

    @Test
    void aMissingOrMalformedLedgerSaysHowToRecordAFirstSitting() throws Exception {
        assertThatThrownBy(() -> RecordingLedger.read(dir.resolve("none.json"))).isInstanceOf(BaselineException.class)
                .hasMessageContaining("none.json does not exist").hasMessageContaining("without -Dperf.baselines.addSitting");
        Files.writeString(dir.resolve("bad.json"), "{\"schemaVersion\": 7, \"runs\": []}");
        assertThatThrownBy(() -> RecordingLedger.read(dir.resolve("bad.json"))).isInstanceOf(BaselineException.class)
                .hasMessageContaining("bad.json is not a recording ledger").hasMessageContaining("schemaVersion 7");
    }

    @Test
    void onlyTheProbesMediansMayDifferBetweenSittings() {
        RecordingLedger ledger = ledger(dir.resolve("b.json"));
        TreeMap<String, String> slowerDisk = new TreeMap<>(Map.of("cores", "2", "calibration.fsyncP50Ms", "0.30"));
        assertThat(ledger.environmentDifferences(slowerDisk)).isEmpty();
        TreeMap<String, String> moreCores = new TreeMap<>(Map.of("cores", "4", "calibration.fsyncP50Ms", "0.13"));
        assertThat(ledger.environmentDifferences(moreCores)).containsExactly("cores \"2\" -> \"4\"");
    }
}
