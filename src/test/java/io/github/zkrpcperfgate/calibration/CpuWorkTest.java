package io.github.zkrpcperfgate.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CpuWorkTest {

    @Test
    void aSizeIsAtLeastOneString() {
        assertThatThrownBy(() -> new CpuWork(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("strings must be >= 1, was 0");
        assertThat(new CpuWork(6000).strings()).isEqualTo(6000);
    }
}
