package io.github.zkrpcperfgate.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentFingerprintTest {

    @Test
    void capturesTheMachineAndTheExtraFacts() {
        var env = EnvironmentFingerprint.capture(Map.of("backend", "docker"));
        assertThat(env).containsKeys("cores", "cpu", "jvm", "jvm.heap", "os").containsEntry("backend", "docker");
    }

    @Test
    void namesTheHeapAndCollectorFlagsOnlyAndDefaultWithoutThem() {
        assertThat(EnvironmentFingerprint.heapSettings(java.util.List.of("-Dfoo=bar", "-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch",
                "-XX:G1HeapRegionSize=16m", "-XX:+HeapDumpOnOutOfMemoryError", "-XX:+UseG1GC")))
                .isEqualTo("-Xms4g -Xmx4g -XX:+AlwaysPreTouch -XX:G1HeapRegionSize=16m -XX:+UseG1GC");
        assertThat(EnvironmentFingerprint.heapSettings(java.util.List.of("-Dfoo=bar", "-ea"))).isEqualTo("default");
    }

    @Test
    void anotherHeapThanTheRecordingsIsADifference() {
        assertThat(EnvironmentFingerprint.differences(Map.of("jvm.heap", "-Xms4g -Xmx4g"), Map.of("jvm.heap", "default")))
                .containsExactly("jvm.heap \"-Xms4g -Xmx4g\" -> \"default\"");
    }

    @Test
    void sameMachineAndCalibrationWithinTwiceIsNoDifference() {
        var recorded = Map.of("cores", "2", "calibration.fsyncP50Ms", "0.13", "calibration.loopbackRttP50Ms", "0.05", "injected", "none");
        var now = Map.of("cores", "2", "calibration.fsyncP50Ms", "0.25", "calibration.loopbackRttP50Ms", "0.015", "injected", "{zk.cpus=0.5}", "new", "x");
        assertThat(EnvironmentFingerprint.differences(recorded, now)).isEmpty();
    }

    @Test
    void namesEachMachineFactThatChangedAndACalibrationThatMovedFar() {
        var recorded = Map.of("cores", "2", "cpu", "AMD EPYC", "calibration.fsyncP50Ms", "0.13");
        var now = Map.of("cores", "4", "cpu", "AMD EPYC", "calibration.fsyncP50Ms", "0.05");
        assertThat(EnvironmentFingerprint.differences(recorded, now))
                .containsExactly("calibration.fsyncP50Ms 0.13 -> 0.05", "cores \"2\" -> \"4\"");
    }
}
