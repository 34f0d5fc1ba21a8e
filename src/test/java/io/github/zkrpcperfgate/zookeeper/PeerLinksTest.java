package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Each server's view of its peers, on real loopback sockets. */
class PeerLinksTest {

    private static final List<PeerAddress> THREE = List.of(new PeerAddress(1, "127.0.0.1", 40001, 40002),
            new PeerAddress(2, "127.0.0.1", 40011, 40012), new PeerAddress(3, "127.0.0.1", 40021, 40022));

    @Test
    void withoutDelayEveryServerSeesTheOthersDirectly() {
        try (PeerLinks links = PeerLinks.open(THREE, Duration.ZERO, target -> {
            throw new AssertionError("no proxy without a delay");
        })) {
            assertThat(links.seenBy(2)).isEqualTo(THREE);
            assertThat(links.delayLines()).isZero();
            assertThat(links.describe(Duration.ZERO)).isEmpty();
        }
    }

    @Test
    void eachServerSeesItselfAsItIsAndEveryOtherBehindALinkOfItsOwn() {
        Duration delay = Duration.ofMillis(1);
        try (PeerLinks links = PeerLinks.open(THREE, delay, target -> new DelayingProxy(target, delay))) {
            List<PeerAddress> one = links.seenBy(1);
            List<PeerAddress> two = links.seenBy(2);
            assertThat(one.get(0)).isEqualTo(THREE.get(0));
            assertThat(two.get(1)).isEqualTo(THREE.get(1));
            // 1's way to 3 and 2's way to 3 are different delay lines: every directed link has its own.
            assertThat(one.get(2).quorumPort()).isNotEqualTo(THREE.get(2).quorumPort()).isNotEqualTo(two.get(2).quorumPort());
            assertThat(Stream.of(one.get(1), one.get(2), two.get(0), two.get(2))
                    .flatMap(p -> Stream.of(p.quorumPort(), p.electionPort())).distinct()).hasSize(8);
            assertThat(links.delayLines()).isEqualTo(12); // 3 x 2 ordered pairs, quorum and election
            assertThat(links.describe(delay)).contains("1000 µs each way", "12 delay lines");
        }
    }

    @Test
    void aLinkCarriesBytesToThePeersRealPort() throws Exception {
        try (ServerSocket peer2 = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<PeerAddress> peers = List.of(new PeerAddress(1, "127.0.0.1", 1, 2),
                    new PeerAddress(2, "127.0.0.1", peer2.getLocalPort(), 3));
            Duration delay = Duration.ofMillis(1);
            try (PeerLinks links = PeerLinks.open(peers, delay, target -> new DelayingProxy(target, delay));
                 Socket fromOne = new Socket()) {
                PeerAddress twoAsOneSeesIt = links.seenBy(1).get(1);
                fromOne.connect(new java.net.InetSocketAddress(twoAsOneSeesIt.host(), twoAsOneSeesIt.quorumPort()), 5_000);
                fromOne.getOutputStream().write(42);
                peer2.setSoTimeout(5_000);
                try (Socket atTwo = peer2.accept(); InputStream in = atTwo.getInputStream()) {
                    atTwo.setSoTimeout(5_000);
                    assertThat(in.read()).isEqualTo(42);
                }
            }
        }
    }
}
