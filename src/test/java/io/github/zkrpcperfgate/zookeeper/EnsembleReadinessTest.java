package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EnsembleReadinessTest {

    @Test
    void readsTheModeFromASrvrAnswer() {
        String answer = "Zookeeper version: 3.9.5\nLatency min/avg/max: 0/0.0/0\nMode: follower\nNode count: 5\n";
        assertThat(EnsembleReadiness.modeOf(answer)).contains("follower");
        assertThat(EnsembleReadiness.modeOf("This ZooKeeper instance is not currently serving requests")).isEmpty();
    }

    @Test
    void readsTheLastAppliedZxidWithTheModeAndNothingFromANodeThatDoesNotServe() {
        String answer = "Zookeeper version: 3.9.5\nLatency min/avg/max: 0/0.0/0\nReceived: 12\nSent: 11\n"
                + "Connections: 1\nOutstanding: 0\nZxid: 0x300000578\nMode: follower\nNode count: 1405\n";
        assertThat(EnsembleReadiness.appliedOf(answer)).contains(new EnsembleReadiness.Applied("follower", 0x300000578L));
        assertThat(EnsembleReadiness.appliedOf("This ZooKeeper instance is not currently serving requests")).isEmpty();
    }

    @Test
    void aDeadServerFailsAtOnceWithItsLogNotAfterTheTimeout() {
        // Port 9 on loopback: nothing answers, and the node reports itself dead.
        NodeEndpoint dead = new NodeEndpoint(1, "127.0.0.1", 9, () -> "Thread[main] died\nNoClassDefFoundError: x",
                () -> Optional.of("exited with code 1"));
        long start = System.nanoTime();
        assertThatThrownBy(() -> EnsembleReadiness.await("zk-1node", List.of(dead), Duration.ofSeconds(60)))
                .hasMessageContaining("zk-1node: server 1 died during start-up (exited with code 1)")
                .hasMessageContaining("NoClassDefFoundError");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aTimeoutShowsEveryNodesLastAnswerAndLog() {
        NodeEndpoint silent = new NodeEndpoint(2, "127.0.0.1", 9, () -> "last line of server 2");
        assertThatThrownBy(() -> EnsembleReadiness.await("zk-5node", List.of(silent), Duration.ofMillis(300)))
                .hasMessageContaining("zk-5node: the quorum did not form within 0 s")
                .hasMessageContaining("server 2 at 127.0.0.1:9: no answer")
                .hasMessageContaining("last line of server 2");
    }
}
