package io.github.zkrpcperfgate.junit;

import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.ParameterDeclarations;

/** The figures {@link PerfGateExtension} measured for the test's class, from the class's store. */
final class GatedFiguresProvider implements ArgumentsProvider {

    @Override
    public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context) {
        return PerfGateExtension.build(context).result().figures().stream().map(f -> Arguments.of(GateAssertions.named(f)));
    }
}
