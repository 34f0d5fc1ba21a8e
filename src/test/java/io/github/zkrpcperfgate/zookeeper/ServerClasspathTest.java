package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerClasspathTest {

    @TempDir
    Path dir;

    private List<Path> jars(String... names) throws IOException {
        return Stream.of(names).map(dir::resolve).peek(p -> {
            try {
                Files.createFile(p);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).toList();
    }

    @Test
    void keepsTheServerRuntimeAndDropsTheTestTooling() throws IOException {
        List<Path> classpath = jars("zookeeper-3.9.5.jar", "zookeeper-jute-3.9.5.jar", "netty-handler-4.1.130.Final.jar",
                "metrics-core-4.1.12.1.jar", "snappy-java-1.1.10.5.jar", "logback-classic-1.3.15.jar",
                "testcontainers-2.0.5.jar", "junit-jupiter-api-5.14.4.jar", "hadoop-common-3.5.0.jar");
        assertThat(ServerClasspath.select(classpath)).extracting(p -> p.getFileName().toString())
                .contains("zookeeper-3.9.5.jar", "netty-handler-4.1.130.Final.jar", "metrics-core-4.1.12.1.jar")
                .doesNotContain("testcontainers-2.0.5.jar", "junit-jupiter-api-5.14.4.jar", "hadoop-common-3.5.0.jar");
    }

    @Test
    void aMissingServerJarIsNamedWithTheFix() throws IOException {
        List<Path> classpath = jars("zookeeper-3.9.5.jar", "zookeeper-jute-3.9.5.jar", "logback-classic-1.3.15.jar",
                "snappy-java-1.1.10.5.jar");
        assertThatThrownBy(() -> ServerClasspath.select(classpath))
                .hasMessageContaining("metrics-core-*.jar")
                .hasMessageContaining("pom.xml");
    }
}
