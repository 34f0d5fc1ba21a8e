package io.github.zkrpcperfgate.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class InjectedSideTest {

    private static Properties side(String value) {
        Properties p = new Properties();
        if (value != null) {
            p.setProperty(InjectedSide.PROPERTY, value);
        }
        return p;
    }

    @Test
    void anInjectionSlowsTheCandidateUnlessTheSideSaysOtherwise() {
        assertThat(InjectedSide.from(side(null), true)).isEqualTo(InjectedSide.CANDIDATE);
        assertThat(InjectedSide.from(side(null), false)).isEqualTo(InjectedSide.CANDIDATE);
        assertThat(InjectedSide.from(side("Reference"), true)).satisfies(s -> {
            assertThat(s.reference()).isTrue();
            assertThat(s.candidate()).isFalse();
        });
        assertThat(InjectedSide.from(side("both"), true)).satisfies(s -> {
            assertThat(s.reference()).isTrue();
            assertThat(s.candidate()).isTrue();
        });
    }

    @Test
    void aSideOutsideAComparisonOrAnUnknownOneIsRefusedNamingWhatIsMeant() {
        assertThatThrownBy(() -> InjectedSide.from(side("both"), false))
                .hasMessageContaining("compares nothing").hasMessageContaining("-Dperf.compare=");
        assertThatThrownBy(() -> InjectedSide.from(side("left"), true))
                .hasMessageContaining("candidate, reference or both").hasMessageContaining("\"left\"");
    }
}
