package io.github.zkrpcperfgate.baseline;

import static io.github.zkrpcperfgate.baseline.BaselineStoreTest.ratio;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.verdict.FigureKey;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class BaselineUpdateTest {

    private static final Path FILE = Path.of("baselines/zookeeper.json");

    @Test
    void aFirstRecordingMarksEveryFigureNew() {
        var result = BaselineUpdate.apply(Baselines.empty(FILE),
                Map.of(new FigureKey("zk-1node", "asyncOverSync"), ratio(5)), Map.of("zk-1node", env("docker")));
        assertThat(result.changes()).singleElement().extracting(BaselineUpdate.Change::describe).asString()
                .startsWith("zk-1node / asyncOverSync: (new) -> 5 ratio band");
        assertThat(result.updated().scenarios().get("zk-1node").environment()).containsEntry("backend", "docker");
    }

    @Test
    void reRecordingShowsOldToNewAndKeepsWhatWasNotMeasured() {
        Baselines before = BaselineUpdate.apply(Baselines.empty(FILE), Map.of(
                new FigureKey("zk-1node", "asyncOverSync"), ratio(5),
                new FigureKey("zk-1node", "multiOverSync"), ratio(80),
                new FigureKey("zk-5node", "asyncOverSync"), ratio(8)), Map.of()).updated();

        Map<FigureKey, BaselineFigure> fresh = new LinkedHashMap<>();
        fresh.put(new FigureKey("zk-1node", "asyncOverSync"), ratio(6));
        var result = BaselineUpdate.apply(before, fresh, Map.of("zk-1node", env("process")));

        assertThat(result.changes()).singleElement().extracting(BaselineUpdate.Change::describe).asString()
                .contains("zk-1node / asyncOverSync: 5 ratio", "-> 6 ratio", "(+20.0%)");
        assertThat(result.updated().figure(new FigureKey("zk-1node", "multiOverSync")).expected()).isEqualTo(80);
        assertThat(result.updated().figure(new FigureKey("zk-5node", "asyncOverSync")).expected()).isEqualTo(8);
        assertThat(result.updated().scenarios().get("zk-1node").environment()).containsEntry("backend", "process");
    }

    private static SortedMap<String, String> env(String backend) {
        return new TreeMap<>(Map.of("backend", backend));
    }
}
