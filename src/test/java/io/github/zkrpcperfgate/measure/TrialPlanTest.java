package io.github.zkrpcperfgate.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TrialPlanTest {

    private static final TrialPlan SECOND_SAMPLES = new TrialPlan(1, 6, 12, 6, 5, Duration.ofSeconds(1));

    @Test
    void aFamilysEnoughSampleShortensLongerSamplesAndNeverLengthensShorterOnes() {
        assertThat(SECOND_SAMPLES.withSamplesNoLongerThan(Duration.ofMillis(500)))
                .isEqualTo(new TrialPlan(1, 6, 12, 6, 5, Duration.ofMillis(500)));
        TrialPlan untimed = new TrialPlan(1, 6, 12, 6, 5, Duration.ZERO);
        assertThat(untimed.withSamplesNoLongerThan(Duration.ofMillis(500))).isEqualTo(untimed);
        assertThat(SECOND_SAMPLES.withSamplesNoLongerThan(Duration.ofSeconds(2))).isEqualTo(SECOND_SAMPLES);
    }
}
