package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.baseline.BaselineException;
import io.github.zkrpcperfgate.baseline.BaselineFigure;
import io.github.zkrpcperfgate.baseline.BaselineStore;
import io.github.zkrpcperfgate.baseline.BaselineUpdate;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.hadooprpc.RpcScenarios;
import io.github.zkrpcperfgate.namenode.NameNodeScenarios;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.zookeeper.FollowersDownScenarios;
import io.github.zkrpcperfgate.zookeeper.LeaderFailoverScenarios;
import io.github.zkrpcperfgate.zookeeper.SlowLinkScenarios;
import io.github.zkrpcperfgate.zookeeper.WriteModeScenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class BaselineConsistencyTest {

    private static final GatedFigure A = GatedFigure.throughputRatio("s", "aOverB", "s/a", "s/b", 1.3);
    private static final GatedFigure C = GatedFigure.throughputRatio("s", "cOverB", "s/c", "s/b", 1.3);

    /** As the band policy records it: expected 10, interval 9..11, runs 9.5..10.5, floor 1.3. */
    private static BaselineFigure recorded(Band band) {
        return new BaselineFigure("ratio", Direction.HIGHER_IS_BETTER, 10, band, 9, 11, 30, List.of(9.5, 10.0, 10.5, 10.0, 10.0));
    }

    private static Baselines file(Map<FigureKey, BaselineFigure> figures) {
        return BaselineUpdate.apply(Baselines.empty(Path.of("baselines/t/x.json")), figures, Map.of()).updated();
    }

    @Test
    void aFileThatHoldsExactlyTheCatalogueWithPolicyBandsIsConsistent() {
        Baselines b = file(Map.of(A.key(), recorded(Band.around(10, 1.3))));
        assertThat(BaselineConsistency.problems(b, List.of(A), List.of(A))).isEmpty();
    }

    @Test
    void aMeasuredFigureMissingFromTheFileAndAnEntryNoLongerMeasuredAreBothNamed() {
        Baselines b = file(Map.of(new FigureKey("s", "gone"), recorded(Band.around(10, 1.3)),
                A.key(), recorded(Band.around(10, 1.3))));
        assertThatThrownBy(() -> BaselineConsistency.require(b, List.of(A, C), List.of(A, C)))
                .isInstanceOf(BaselineException.class)
                .hasMessageContaining("2 problem(s)")
                .hasMessageContaining("measured but not recorded")
                .hasMessageContaining("has no band for \"cOverB\"")
                .hasMessageContaining("recorded but no longer measured: s / gone (the catalogue gates [aOverB, cOverB] for \"s\")")
                .hasMessageContaining("-Dperf.baselines.update=true");
    }

    @Test
    void aBandWidenedByHandIsRefusedAndOneTheRunsWidenedIsNot() {
        Baselines widened = file(Map.of(A.key(), recorded(Band.around(10, 1.5))));
        assertThat(BaselineConsistency.problems(widened, List.of(A), List.of(A)))
                .singleElement().asString().contains("wider than the x/1.3").contains("widened by hand");
        // A run at 14 reaches x1.4 from the centre: the policy itself gives x1.4.
        BaselineFigure spread = new BaselineFigure("ratio", Direction.HIGHER_IS_BETTER, 10, Band.around(10, 1.4), 9, 11, 30,
                List.of(9.5, 10.0, 14.0, 10.0, 10.0));
        assertThat(BaselineConsistency.problems(file(Map.of(A.key(), spread)), List.of(A), List.of(A))).isEmpty();
    }

    @Test
    void aFileWithADuplicateKeyIsRefused() {
        String text = """
                {"schemaVersion": 1, "scenarios": {"s": {"figures": {}}, "s": {"figures": {}}}}
                """;
        assertThatThrownBy(() -> BaselineStore.parse(Path.of("x.json"), text))
                .isInstanceOf(BaselineException.class).hasMessageContaining("Duplicate field 's'");
    }

    /** The checked-in files must pass the same check a run makes before its servers start. */
    @Test
    void everyCheckedInBaselineMatchesItsCatalogue() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Path.of("baselines"))) {
            // recordings/ holds the ledgers of recording runs beside each baseline, not baselines
            files = walk.filter(p -> p.toString().endsWith(".json") && !p.getParent().endsWith("recordings")).toList();
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            Baselines b = BaselineStore.read(file);
            String name = file.getFileName().toString();
            List<GatedFigure> catalogue = name.equals(RpcScenarios.BASELINE_FILE) ? RpcScenarios.figures(RpcScenarios.all())
                    : name.equals(NameNodeScenarios.BASELINE_FILE) ? NameNodeScenarios.figures(NameNodeScenarios.all())
                    : name.startsWith(SlowLinkScenarios.GROUP + "-") ? SlowLinkScenarios.catalogue()
                    : name.startsWith(FollowersDownScenarios.GROUP + "-") ? FollowersDownScenarios.catalogue()
                    : name.startsWith(LeaderFailoverScenarios.GROUP + "-") ? LeaderFailoverScenarios.catalogue()
                    : WriteModeScenarios.catalogue(name.contains("external") ? "h:1" : null);
            List<GatedFigure> measured = catalogue.stream().filter(f -> b.scenarios().containsKey(f.key().scenario())).toList();
            assertThat(BaselineConsistency.problems(b, measured, catalogue)).as(file.toString()).isEmpty();
        }
    }
}
