package io.github.zkrpcperfgate.hadooprpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.measure.MavenRuntime;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class HadoopRuntimeTest {

    private static List<Path> jars(String... names) {
        return Stream.of(names).map(n -> Path.of("lib", n)).toList();
    }

    private static final String[] RUNTIME_3_4_2 = {"hadoop-common-3.4.2.jar", "hadoop-common-3.4.2-tests.jar",
            "hadoop-auth-3.4.2.jar", "hadoop-annotations-3.4.2.jar", "hadoop-shaded-protobuf_3_25-1.4.0.jar",
            "hadoop-shaded-guava-1.4.0.jar", "commons-configuration2-2.10.1.jar"};

    @Test
    void theComparedReleaseOfHadoopIsThePomsWhereTheBuildIsOneSideOfTheComparison() {
        assertThat(HadoopRuntime.versionUnderTest())
                .as("the candidate of -Dperf.compare=hadoop.version=... is the POM's hadoop.version")
                .isEqualTo(System.getProperty("hadoop.version", HadoopRuntime.versionUnderTest()));
        assertThat(new RpcScenarios().releaseUnderTest("hadoop.version")).contains(HadoopRuntime.versionUnderTest());
        assertThat(new RpcScenarios().releaseUnderTest("zookeeper.version")).isEmpty();
    }

    @Test
    void theOneReleasePomNamesHadoopCommonAndItsTestsJarAtTheRelease() throws Exception {
        String pom = MavenRuntime.pom(HadoopRuntime.POM_TEMPLATE, "Hadoop", "3.4.2");
        assertThat(pom).contains("<artifactId>hadoop-common</artifactId>", "<version>3.4.2</version>", "<type>test-jar</type>")
                .doesNotContain("@VERSION@");
        assertThatThrownBy(() -> MavenRuntime.pom(HadoopRuntime.POM_TEMPLATE, "Hadoop", "3.4; rm -rf /"))
                .hasMessageContaining("not a Hadoop release");
    }

    @Test
    void aRuntimeIsTheReleasesOwnHadoopCommonTestsJarAndAuth() {
        assertThat(HadoopRuntime.select(jars(RUNTIME_3_4_2), "3.4.2")).hasSize(RUNTIME_3_4_2.length);
    }

    @Test
    void anotherReleasesJarsOrAMissingTestsJarAreRefusedNamingThem() {
        assertThatThrownBy(() -> HadoopRuntime.select(jars(RUNTIME_3_4_2), "3.5.0"))
                .hasMessageContaining("no hadoop-common-3.5.0.jar")
                .hasMessageContaining("another release's hadoop-common-3.4.2.jar");
        assertThatThrownBy(() -> HadoopRuntime.select(jars("hadoop-common-3.4.2.jar", "hadoop-auth-3.4.2.jar"), "3.4.2"))
                .hasMessageContaining("no hadoop-common-3.4.2-tests.jar");
    }
}
