package io.github.zkrpcperfgate.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestbedTest {

    @Test
    void aTestbedIsNamedForItsCoresAndCpuModel() {
        assertThat(Testbed.of(2, "AMD EPYC").name()).isEqualTo("2c-amd-epyc");
        assertThat(Testbed.of(2, "Intel(R) Xeon(R) Processor").name()).isEqualTo("2c-intel-xeon");
        assertThat(Testbed.of(4, "AMD EPYC 7763 64-Core Processor").name()).isEqualTo("4c-amd-epyc-7763");
        assertThat(Testbed.of(8, "Intel(R) Xeon(R) CPU E5420 @ 2.50GHz").name()).isEqualTo("8c-intel-xeon-e5420");
        assertThat(Testbed.of(2, "unknown").name()).isEqualTo("2c-unknown");
        assertThat(Testbed.of(2, "(R)").name()).isEqualTo("2c-unknown-cpu");
        assertThat(Testbed.of(2, "x".repeat(100)).name()).hasSize(64);
    }

    @Test
    void aNameThatIsNoPlainDirectoryIsRefused() {
        assertThatThrownBy(() -> new Testbed("../x")).hasMessageContaining("-Dperf.testbed");
        assertThatThrownBy(() -> new Testbed("A-B")).hasMessageContaining("lower-case");
        assertThat(new Testbed("gha-ubuntu-4c").name()).isEqualTo("gha-ubuntu-4c");
    }
}
