package io.github.zkrpcperfgate.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * The arguments of a parameterised test in a {@link PerfGate} class: every figure its run gated,
 * one invocation each, named "zk-1node / asyncOverSync (ratio, higher is better)".
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ArgumentsSource(GatedFiguresProvider.class)
public @interface GatedFigures {
}
