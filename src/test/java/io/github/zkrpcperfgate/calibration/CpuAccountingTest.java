package io.github.zkrpcperfgate.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuAccountingTest {

    @Test
    void aControlGroupsCpuIsReadFromCgroupV1AndV2AndAGoneGroupCountsNothing(@TempDir Path dir) throws Exception {
        Path v1 = Files.createDirectories(dir.resolve("v1"));
        Files.writeString(v1.resolve("cpuacct.usage"), "14590832145\n");
        Path v2 = Files.createDirectories(dir.resolve("v2"));
        Files.writeString(v2.resolve("cpu.stat"), "usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n");

        assertThat(CpuAccounting.cgroupNanos(v1)).isEqualTo(14_590_832_145L);
        assertThat(CpuAccounting.cgroupNanos(v2)).isEqualTo(2_500_000_000L);
        assertThat(CpuAccounting.cgroupNanos(dir.resolve("stopped"))).isEqualTo(-1);
        // 14.59 s + 2.5 s in ticks of 10 ms; a stopped container's group adds nothing.
        assertThat(CpuAccounting.cgroupTicks(List.of(v1, v2, dir.resolve("stopped")))).isEqualTo(1709);
    }

    @Test
    void ourOwnCpuAlwaysCountsThisJvm() {
        // Spin until this thread has used 300 ms of CPU (not of wall time: the machine is shared),
        // bounded in wall time; /proc must then show at least 200 ms of it for this JVM.
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long before = OwnCpu.none().ticks();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long giveUp = System.nanoTime() + 30_000_000_000L;
        double x = 0;
        while (threads.getCurrentThreadCpuTime() - cpuStart < 300_000_000L && System.nanoTime() < giveUp) {
            x += Math.sqrt(x + 1);
        }
        assertThat(x).isPositive();
        assertThat(OwnCpu.none().ticks() - before).as("ticks of 10 ms this JVM used spinning 300 ms of CPU")
                .isGreaterThanOrEqualTo(20);
    }
}
