package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class NodeEndpointTest {

    private static final String LOG = IntStream.rangeClosed(1, 30).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));

    @Test
    void aLiveServerHasNoDeathReport() {
        NodeEndpoint alive = new NodeEndpoint(1, "127.0.0.1", 2181, () -> LOG, Optional::empty);
        assertThat(alive.deathReport(10)).isEmpty();
        assertThat(ZooKeeperEnsemble.deadServers("zk-1node", List.of(alive))).isEmpty();
    }

    @Test
    void aDeadServerIsNamedWithWhatWasSeenAndItsLastLogLines() {
        NodeEndpoint dead = new NodeEndpoint(3, "127.0.0.1", 32771, () -> LOG,
                () -> Optional.of("child JVM (pid 4242) died, exit code 137"));
        NodeEndpoint alive = new NodeEndpoint(1, "127.0.0.1", 32770, () -> LOG, Optional::empty);
        assertThat(ZooKeeperEnsemble.deadServers("zk-5node", List.of(alive, dead))).singleElement().asString()
                .startsWith("zk-5node server 3 (127.0.0.1:32771): child JVM (pid 4242) died, exit code 137; last log lines:\nline 21\n")
                .endsWith("line 30")
                .doesNotContain("line 20\n");
    }

    @Test
    void aStateThatCannotBeReadIsReportedNotThrown() {
        NodeEndpoint unknown = new NodeEndpoint(2, "127.0.0.1", 2182, () -> LOG, () -> {
            throw new IllegalStateException("engine gone");
        });
        assertThat(unknown.deathReport(10)).hasValueSatisfying(r -> assertThat(r)
                .startsWith("server 2 (127.0.0.1:2182): its state could not be read").contains("engine gone"));
    }

    @Test
    void aCriticalThreadThatRanOutOfHeapIsADeathWithItsCauseThoughTheProcessLives() {
        String log = "14:28:45.071 WARN  [myid:1] o.a.z.s.ServerCnxnFactory - maxCnxns is not configured\n"
                + "14:29:55.829 ERROR [myid:] o.a.z.s.ZooKeeperCriticalThread - Severe unrecoverable error, from thread : ProcessThread(sid:0 cport:2181):\n"
                + "java.lang.OutOfMemoryError: Java heap space\n"
                + "\tat org.apache.zookeeper.server.ZooKeeperServer$ChangeRecord.duplicate(ZooKeeperServer.java:1065)\n"
                + "line after\n".repeat(60);
        assertThat(NodeEndpoint.fatalLine(log)).hasValueSatisfying(l -> assertThat(l)
                .contains("Severe unrecoverable error, from thread : ProcessThread").endsWith("java.lang.OutOfMemoryError: Java heap space"));
        assertThat(NodeEndpoint.fatalLine("14:28:45 INFO started\njava.lang.OutOfMemoryError: Metaspace")).contains("java.lang.OutOfMemoryError: Metaspace");
        assertThat(NodeEndpoint.fatalLine(LOG)).isEmpty();
    }
}
