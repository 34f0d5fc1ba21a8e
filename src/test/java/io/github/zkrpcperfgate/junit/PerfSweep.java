package io.github.zkrpcperfgate.junit;

import io.github.zkrpcperfgate.gate.Sweep;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Makes a test class run one {@link Sweep} when it is asked for: before the class's tests it is
 * measured once and added to the build's report, beside the gated groups; a test method may take
 * the {@link GateBuild} (e.g. to check the report in a browser). Skipped, saying why, when not asked.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(PerfSweepExtension.class)
public @interface PerfSweep {

    /** The sweep (public, with a no-argument constructor). */
    Class<? extends Sweep> value();
}
