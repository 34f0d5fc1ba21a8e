package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DelayLineRoundTripTest {

    @Test
    void aRoundTripThroughADelayLineTakesAtLeastTwiceItsDelay() throws Exception {
        long median = DelayLineRoundTrip.medianNanos(Duration.ofMillis(1));
        // The delay is a floor, never a race; the ceiling leaves room for a shared machine's scheduling.
        assertThat(median).isBetween(2_000_000L, 100_000_000L);
    }
}
