package io.github.zkrpcperfgate.junit;

import io.github.zkrpcperfgate.gate.Sweep;
import io.github.zkrpcperfgate.result.GroupResult;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.ReflectionSupport;

/** What {@link PerfSweep} does, with the build's settings and report that {@link PerfGate} classes share. */
final class PerfSweepExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PerfSweepExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Class<? extends Sweep> type = AnnotationSupport.findAnnotation(context.getRequiredTestClass(), PerfSweep.class)
                .orElseThrow(() -> new IllegalStateException(context.getRequiredTestClass() + " lacks @PerfSweep"))
                .value();
        Sweep sweep = ReflectionSupport.newInstance(type);
        Optional<String> notAsked = sweep.notAsked();
        Assumptions.assumeTrue(notAsked.isEmpty(), () -> notAsked.orElse(""));
        PerfGateExtension.Build build = PerfGateExtension.buildOf(context);
        GroupResult result = sweep.run(build.settings());
        build.report().add(result);
        context.getStore(NAMESPACE).put(GateBuild.class, new GateBuild(build.settings(), build.report(), result));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == GateBuild.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        GateBuild build = context.getStore(NAMESPACE).get(GateBuild.class, GateBuild.class);
        if (build == null) {
            throw new IllegalStateException("nothing measured for " + context.getDisplayName() + ": is the class annotated @PerfSweep?");
        }
        return build;
    }
}
