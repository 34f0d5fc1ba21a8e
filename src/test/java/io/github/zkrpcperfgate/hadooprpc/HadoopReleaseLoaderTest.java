package io.github.zkrpcperfgate.hadooprpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.hadooprpc.release.HadoopRpc;
import io.github.zkrpcperfgate.measure.LatencyRecorder;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class HadoopReleaseLoaderTest {

    /**
     * The test classpath's jars as if they were a release's runtime: the same Hadoop, in a loader
     * of its own. Surefire's JVM may see only its booter jar on {@code java.class.path}.
     */
    private static List<Path> testClasspathJars() {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Stream.of(classpath.split(File.pathSeparator))
                .filter(e -> e.endsWith(".jar")).map(Path::of).toList();
    }

    @Test
    void theReleasesHadoopAndTheCodeThatDrivesItAreItsOwnTheHarnessTypesShared() throws Exception {
        RpcRelease release = RpcReleases.load(HadoopRuntime.versionUnderTest(), testClasspathJars());
        ClassLoader loader = release.getClass().getClassLoader();
        assertThat(loader).isInstanceOf(HadoopReleaseLoader.class);
        assertThat(release.getClass()).as("the driving code, linked against the release").isNotSameAs(HadoopRpc.class);
        assertThat(Class.forName("org.apache.hadoop.ipc.RPC", false, loader)).isNotSameAs(org.apache.hadoop.ipc.RPC.class);
        assertThat(Class.forName(RpcServerSpec.class.getName(), false, loader)).isSameAs(RpcServerSpec.class);
        assertThat(Class.forName(LatencyRecorder.class.getName(), false, loader)).isSameAs(LatencyRecorder.class);
        assertThat(Class.forName("org.slf4j.LoggerFactory", false, loader)).isSameAs(org.slf4j.LoggerFactory.class);
        assertThat(Class.forName("java.lang.String", false, loader)).isSameAs(String.class);
        assertThat(loader.getResource("core-default.xml").toString()).as("Hadoop's defaults are the release's")
                .contains("hadoop-common");
    }

    @Test
    void aServerAndClientOfTheReleaseAnswerRealCallsOnLoopback() throws Exception {
        RpcRelease release = RpcReleases.load(HadoopRuntime.versionUnderTest(), testClasspathJars());
        RpcServerSpec spec = RpcServerSpec.of(RpcEngineKind.PROTOBUF, 2, 1, Duration.ZERO);
        try (RpcEndpoint endpoint = release.start(spec, new RpcLoadSpec(20, 2, 10, 8, false), Map.of(), Duration.ofSeconds(30))) {
            AtomicInteger calls = new AtomicInteger();
            endpoint.runCalls(nanos -> calls.incrementAndGet());
            assertThat(calls).hasValue(20);
        }
    }

    @Test
    void onlyTheHarnessOwnTypesAndLoggingAreShared() {
        assertThat(HadoopReleaseLoader.shared(RpcRelease.class.getName())).isTrue();
        assertThat(HadoopReleaseLoader.shared(HadoopRpc.class.getName())).isFalse();
        assertThat(HadoopReleaseLoader.shared("org.apache.hadoop.ipc.Server")).isFalse();
        assertThat(HadoopReleaseLoader.shared("org.apache.hadoop.thirdparty.protobuf.Message")).isFalse();
        assertThat(HadoopReleaseLoader.shared("org.slf4j.Logger")).isTrue();
    }
}
