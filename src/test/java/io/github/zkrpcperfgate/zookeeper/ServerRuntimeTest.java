package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.measure.MavenRuntime;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ServerRuntimeTest {

    private static List<Path> jars(String... names) {
        return Stream.of(names).map(n -> Path.of("lib", n)).toList();
    }

    private static final String[] RUNTIME_3_8_6 = {"zookeeper-3.8.6.jar", "zookeeper-jute-3.8.6.jar",
            "netty-handler-4.1.130.Final.jar", "slf4j-api-2.0.13.jar", "logback-classic-1.3.15.jar", "logback-core-1.3.15.jar",
            "metrics-core-4.1.12.1.jar", "snappy-java-1.1.10.5.jar", "audience-annotations-0.12.0.jar"};

    @Test
    void theServersFollowTheReleaseOfTheClientUnderTest() {
        assertThat(ServerRuntime.versionUnderTest())
                .as("the servers run the release this JVM's client is (the POM's zookeeper.version)")
                .isEqualTo(System.getProperty("zookeeper.version", ServerRuntime.versionUnderTest()))
                .isEqualTo(ServerRuntime.release(org.apache.zookeeper.Version.getFullVersion()));
        assertThat(ServerRuntime.release("3.8.6-ab12cd34, built on 2025-10-01 09:00 UTC")).isEqualTo("3.8.6");
    }

    @Test
    void theRuntimeIsWhatThatReleasesOwnPomDeclares() throws Exception {
        String pom = ServerRuntime.pom("3.8.6");
        assertThat(pom).doesNotContain("@ZOOKEEPER_VERSION@")
                .contains("<artifactId>parent</artifactId>\n        <version>3.8.6</version>\n        <type>pom</type>\n        <scope>import</scope>")
                .contains("<artifactId>zookeeper</artifactId>\n      <version>3.8.6</version>")
                .contains("<artifactId>logback-classic</artifactId>", "<artifactId>metrics-core</artifactId>",
                        "<artifactId>snappy-java</artifactId>");
        // versions of what ZooKeeper leaves to the user come from its own BOM, none from ours
        assertThat(pom.split("<version>", -1)).hasSize(4);
        assertThatThrownBy(() -> ServerRuntime.pom("3.8; rm -rf /")).hasMessageContaining("not a ZooKeeper release");
    }

    @Test
    void aResolvedRuntimeOfTheRightReleaseIsAccepted() {
        assertThat(ServerRuntime.select(jars(RUNTIME_3_8_6), "3.8.6")).hasSize(RUNTIME_3_8_6.length);
        assertThat(ServerRuntime.describe("3.8.6", jars(RUNTIME_3_8_6)))
                .isEqualTo("3.8.6 as its POM declares (9 jars: slf4j-api-2.0.13, logback-classic-1.3.15, netty-handler-4.1.130.Final)");
    }

    @Test
    void anotherReleasesJarsOrAMissingLoggerAreRefusedNamingThem() {
        assertThatThrownBy(() -> ServerRuntime.select(jars(RUNTIME_3_8_6), "3.9.5"))
                .hasMessageContaining("ZooKeeper 3.9.5")
                .hasMessageContaining("no zookeeper-3.9.5.jar")
                .hasMessageContaining("another release's zookeeper-3.8.6.jar")
                .hasMessageContaining("delete");
        assertThatThrownBy(() -> ServerRuntime.select(jars("zookeeper-3.8.6.jar", "zookeeper-jute-3.8.6.jar",
                "slf4j-api-2.0.13.jar", "metrics-core-4.1.12.1.jar", "snappy-java-1.1.10.5.jar"), "3.8.6"))
                .hasMessageContaining("no logback-classic-*.jar");
    }

    @Test
    void mavenIsTheBuildsOwnAndOfflineWhenTheBuildIs() {
        String offline = System.getProperty("perf.maven.offline");
        try {
            System.setProperty("perf.maven.offline", "offline=true");
            List<String> command = MavenRuntime.mavenCommand(Path.of("w", "pom.xml"), Path.of("w", "lib"));
            assertThat(command).contains("-o", "-B", MavenRuntime.COPY_GOAL, "-DincludeScope=runtime",
                    "-DoutputDirectory=" + Path.of("w", "lib"));
            System.setProperty("perf.maven.offline", "offline=false");
            assertThat(MavenRuntime.mavenCommand(Path.of("pom.xml"), Path.of("lib"))).doesNotContain("-o");
        } finally {
            if (offline == null) {
                System.clearProperty("perf.maven.offline");
            } else {
                System.setProperty("perf.maven.offline", offline);
            }
        }
    }
}
