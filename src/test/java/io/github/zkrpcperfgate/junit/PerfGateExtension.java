package io.github.zkrpcperfgate.junit;

import io.github.zkrpcperfgate.compare.ComparedRun;
import io.github.zkrpcperfgate.compare.FamilyComparison;
import io.github.zkrpcperfgate.compare.InjectedSide;
import io.github.zkrpcperfgate.compare.ReleaseComparison;
import io.github.zkrpcperfgate.gate.GateEngine;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.gate.PerfSettings;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.gate.ScenarioFamily;
import io.github.zkrpcperfgate.report.PerfReport;
import io.github.zkrpcperfgate.result.GroupResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * What {@link PerfGate} does: the build's settings and report live in the root store (one per
 * test JVM; the report appends GitHub's job summary when the store closes), each class's driver
 * and result in the class's store. The driver is closed by the engine and, should anything
 * escape it, by the store, which closes its {@link AutoCloseable} values when the class ends.
 */
final class PerfGateExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PerfGateExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Build build = buildOf(context);
        Class<? extends ScenarioFamily> familyClass = AnnotationSupport
                .findAnnotation(context.getRequiredTestClass(), PerfGate.class)
                .orElseThrow(() -> new IllegalStateException(context.getRequiredTestClass() + " lacks @PerfGate"))
                .value();
        ScenarioFamily family = ReflectionSupport.newInstance(familyClass);
        Injection injection = Injection.parse(build.settings().inject());
        Optional<ReleaseComparison> asked = ReleaseComparison.from(System.getProperties());
        InjectedSide side = InjectedSide.from(System.getProperties(), asked.isPresent());
        Optional<ReleaseComparison> compare = asked.filter(c -> family.releaseUnderTest(c.key()).isPresent());
        ScenarioDriver driver = compare.isEmpty()
                ? family.driver(build.settings(), injection)
                : FamilyComparison.candidate(family, build.settings(), compare.get(), injection, side);
        context.getStore(NAMESPACE).put(ScenarioDriver.class, driver);
        Assumptions.assumeFalse(driver.figures().isEmpty(), "no scenario of " + familyClass.getSimpleName()
                + " " + family.scenarioNames() + " matches -Dperf.scenarios=" + build.settings().scenarioGlobs());
        GroupResult result = compare.isPresent()
                ? compared(family, driver, build, compare.get(), injection, side)
                : GateEngine.of(build.settings(), build.settings().gateMode()).run(driver);
        build.report().add(result);
        context.getStore(NAMESPACE).put(GateBuild.class, new GateBuild(build.settings(), build.report(), result));
    }

    /**
     * {@code -Dperf.compare=<version property>=<release>} naming this family's system: the driver
     * (the candidate, the POM's release) measured against the same scenarios on the named release,
     * in the same run, instead of against baselines ({@link FamilyComparison}); with several
     * releases named, a timeline, whose earlier steps go to the report. The judged comparison is returned.
     */
    private static GroupResult compared(ScenarioFamily family, ScenarioDriver candidate, Build build, ReleaseComparison asked,
                                        Injection injection, InjectedSide side) throws Exception {
        ComparedRun run = FamilyComparison.run(family, candidate, build.settings(), asked, injection, side);
        run.earlierSteps().forEach(build.report()::add);
        return run.judged();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == GateBuild.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return build(context);
    }

    /** The class's measured gate, from the nearest store that has one. */
    static GateBuild build(ExtensionContext context) {
        GateBuild build = context.getStore(NAMESPACE).get(GateBuild.class, GateBuild.class);
        if (build == null) {
            throw new IllegalStateException("nothing measured for " + context.getDisplayName() + ": is the class annotated @PerfGate?");
        }
        return build;
    }

    /** The build's settings and report, made at first need: shared by every gate and sweep class of the test JVM. */
    static Build buildOf(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(Build.class, k -> Build.fromSystemProperties(),
                Build.class);
    }

    /** The build's settings, checked once, and its report: one per test JVM, in the root store. */
    record Build(PerfSettings settings, PerfReport report) implements AutoCloseable {

        /**
         * The run's {@code -Dperf.*} switches, checked before any server starts: a scenario glob that
         * matches no scenario of any family would measure nothing and pass.
         */
        static Build fromSystemProperties() {
            PerfSettings settings = PerfSettings.fromSystemProperties();
            List<String> known = new ArrayList<>();
            ServiceLoader.load(ScenarioFamily.class).forEach(f -> known.addAll(f.scenarioNames()));
            settings.requireEveryGlobSelects(known);
            ReleaseComparison.from(System.getProperties()).ifPresent(c -> {
                List<String> comparable = new ArrayList<>();
                // A timeline that puts the POM's release anywhere but last fails here, before any server starts.
                ServiceLoader.load(ScenarioFamily.class).forEach(f -> f.releaseUnderTest(c.key()).map(c::forCandidate)
                        .ifPresent(checked -> comparable.add(f.getClass().getSimpleName())));
                if (comparable.isEmpty()) {
                    throw new IllegalArgumentException("-Dperf.compare=" + c.key() + "=" + c.reference() + ": no scenario family"
                            + " compares releases of \"" + c.key() + "\" (zookeeper.version and hadoop.version are the ones that do)");
                }
            });
            System.out.println("[perf] testbed " + settings.testbed() + ": baselines in "
                    + settings.baselinesDir().resolve(settings.testbed().name()) + " (-Dperf.testbed to choose another)");
            // Each perf class runs in a test JVM of its own (Failsafe, reuseForks=false): they add to one report.
            return new Build(settings, PerfReport.ofBuild(settings.reportDir(), System.getProperty("perf.build.id", "")));
        }

        /** When the test JVM's class is done: the build's summary so far goes to GitHub's job summary, if this is a GitHub job. */
        @Override
        public void close() {
            report.writeStepSummary();
        }
    }
}
