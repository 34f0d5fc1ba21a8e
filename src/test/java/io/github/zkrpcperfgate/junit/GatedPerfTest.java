package io.github.zkrpcperfgate.junit;

import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.report.FigureResult;
import io.github.zkrpcperfgate.report.GroupResult;
import java.util.stream.Stream;
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

    /** The run's {@code -Dperf.*} switches. */
    protected static final PerfSettings SETTINGS = PerfSettings.fromSystemProperties();

    private GroupResult result;

    /** Measures and judges (or re-baselines) this class's group; called once, before the figure tests. */
    protected abstract GroupResult measure() throws Exception;

    @BeforeAll
    void measureOnce() throws Exception {
        result = measure();
        PerfReports.shared(SETTINGS).add(result);
    }

    Stream<Named<FigureResult>> gatedFigures() {
        return result.figures().stream().map(GateAssertions::named);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gatedFigures")
    @DisplayName("stays within its baseline band")
    void staysWithinItsBaselineBand(FigureResult figure) {
        GateAssertions.assertWithinBaseline(figure);
    }
}
