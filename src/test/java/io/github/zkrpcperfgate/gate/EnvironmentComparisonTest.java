package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.baseline.BaselineFigure;
import io.github.zkrpcperfgate.baseline.BaselineUpdate;
import io.github.zkrpcperfgate.baseline.Baselines;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A warning per scenario recorded elsewhere, none where the environment matches. */
class EnvironmentComparisonTest {

    private static final GatedFigure FIGURE = GatedFigure.throughputRatio("zk-1node", "asyncOverSync", "a", "b", 1.5);

    private static Baselines recordedWith(SortedMap<String, String> environment) {
        BaselineFigure f = new BaselineFigure("ratio", Direction.HIGHER_IS_BETTER, 6, new Band(4, 9), 5.5, 6.5, 6);
        return BaselineUpdate.apply(Baselines.empty(Path.of("zookeeper-docker.json")), Map.of(new FigureKey("zk-1node",
                "asyncOverSync"), f), Map.of("zk-1node", environment)).updated();
    }

    @Test
    void anotherCpuIsNamedWithTheCommandToReBaseline() {
        Baselines b = recordedWith(new TreeMap<>(Map.of("cores", "2", "cpu", "AMD EPYC")));
        List<String> warnings = EnvironmentComparison.warnings(b, List.of(FIGURE),
                new TreeMap<>(Map.of("cores", "2", "cpu", "Intel Xeon")));
        assertThat(warnings).singleElement().asString()
                .contains("zk-1node").contains("zookeeper-docker.json").contains("AMD EPYC").contains("Intel Xeon")
                .contains("-Dperf.baselines.update=true");
    }

    @Test
    void theSameMachineIsNoNews() {
        SortedMap<String, String> env = new TreeMap<>(Map.of("cores", "2", "cpu", "Intel Xeon"));
        assertThat(EnvironmentComparison.warnings(recordedWith(env), List.of(FIGURE), env)).isEmpty();
    }
}
