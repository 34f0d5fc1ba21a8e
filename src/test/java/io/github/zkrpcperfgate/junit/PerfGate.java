package io.github.zkrpcperfgate.junit;

import io.github.zkrpcperfgate.gate.ScenarioFamily;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Makes a test class a perf gate for one scenario family: before its tests, the family's
 * selected scenarios are measured and judged (or re-baselined) once, and added to the build's
 * report. Its tests come from {@link PerfGateTests}: one per gated figure (the {@link GatedFigures}
 * arguments) and the report in a browser, each taking the {@link GateBuild} this extension
 * resolves. Nothing to inherit:
 *
 * <pre>{@code
 * @PerfGate(WriteModeScenarios.class)
 * class ZooKeeperWriteModesPerfIT implements PerfGateTests {
 * }
 * }</pre>
 *
 * A class none of whose scenarios is selected by {@code -Dperf.scenarios} is skipped, saying so.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(PerfGateExtension.class)
public @interface PerfGate {

    /** The family's catalogue, which builds its driver (public, with a no-argument constructor). */
    Class<? extends ScenarioFamily> value();
}
