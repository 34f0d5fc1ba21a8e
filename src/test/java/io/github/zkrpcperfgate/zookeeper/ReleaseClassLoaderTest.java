package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.measure.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReleaseClassLoaderTest {

    private static Path jarOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The release of the test classpath, in a loader of its own: what every run measures. */
    private static ClassLoader loader() throws Exception {
        return ClientRelease.loader("test", List.of(jarOf(org.apache.zookeeper.ZooKeeper.class),
                jarOf(org.apache.jute.Record.class)));
    }

    @Test
    void theMeasuredClientAndTheCodeThatCallsItAreTheReleases() throws Exception {
        ClassLoader release = loader();
        Class<?> session = Class.forName(ClientRelease.SESSION_CLASS, false, release);
        Class<?> client = Class.forName("org.apache.zookeeper.ZooKeeper", false, release);
        assertThat(session.getClassLoader()).as("the session code, linked against the release").isSameAs(release);
        assertThat(client.getClassLoader()).as("ZooKeeper's client").isSameAs(release);
        assertThat(client).isNotSameAs(org.apache.zookeeper.ZooKeeper.class);
        assertThat(Class.forName("org.apache.jute.Record", false, release).getClassLoader()).isSameAs(release);
    }

    @Test
    void theHarnessTypesAndLoggingAreShared() throws Exception {
        ClassLoader release = loader();
        Class<?> session = Class.forName(ClientRelease.SESSION_CLASS, false, release);
        assertThat(ClientSession.class).as("what crosses to the harness").isAssignableFrom(session);
        assertThat(Class.forName(Workload.class.getName(), false, release)).isSameAs(Workload.class);
        assertThat(Class.forName(WriteMode.class.getName(), false, release)).isSameAs(WriteMode.class);
        assertThat(Class.forName("org.slf4j.LoggerFactory", false, release)).isSameAs(org.slf4j.LoggerFactory.class);
    }

    @Test
    void aReleaseWhoseClientLacksWhatTheSuiteCallsIsNamedNotAStackOfLinkageErrors() {
        ClassLoader noClient = ClientRelease.loader("0.0.1", List.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ClientRelease.open(noClient, "0.0.1", "127.0.0.1:1",
                        java.time.Duration.ofSeconds(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ZooKeeper 0.0.1's client lacks what the suite calls");
    }

    @Test
    void onlyTheReleasesPackagesAreItsOwn() {
        assertThat(ReleaseClassLoader.releaseOwn("org.apache.zookeeper.ZooKeeper")).isTrue();
        assertThat(ReleaseClassLoader.releaseOwn("io.netty.channel.Channel")).isTrue();
        assertThat(ReleaseClassLoader.releaseOwn(ClientRelease.SESSION_CLASS)).isTrue();
        assertThat(ReleaseClassLoader.releaseOwn(ClientSession.class.getName())).isFalse();
        assertThat(ReleaseClassLoader.releaseOwn("org.apache.zookeeperx.Other")).isFalse();
        assertThat(ReleaseClassLoader.releaseOwn("org.slf4j.Logger")).isFalse();
    }
}
