package io.github.zkrpcperfgate.junit;

import io.github.zkrpcperfgate.result.FigureResult;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The tests every {@link PerfGate} class runs (a JUnit test interface: its default methods are
 * the class's tests): one per gated figure, named by {@link GateAssertions#named}, and the
 * report in a browser.
 */
public interface PerfGateTests {

    @ParameterizedTest(name = "{0}")
    @GatedFigures
    @DisplayName("stays within its baseline band")
    default void staysWithinItsBaselineBand(FigureResult figure, GateBuild build) {
        build.assertWithinBaseline(figure);
    }

    @Test
    @DisplayName("the report renders in a browser")
    default void theReportRendersInABrowser(GateBuild build) throws Exception {
        build.assertReportRendersInABrowser();
    }
}
