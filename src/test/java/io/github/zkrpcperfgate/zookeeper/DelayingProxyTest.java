package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The proxy on real loopback sockets: bytes arrive intact, late by the delay, and pipelining survives. */
class DelayingProxyTest {

    @Test
    void delaysEachWayButKeepsPipelinedBytesPipelined() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                try (Socket s = echo.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    in.transferTo(out);
                } catch (Exception e) {
                    // test over
                }
            });
            server.setDaemon(true);
            server.start();
            try (DelayingProxy proxy = new DelayingProxy(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    echo.getLocalPort()), Duration.ofMillis(100));
                 Socket client = new Socket()) {
                client.connect(DelayingProxy.parse(proxy.connectString()), 5_000);
                client.setSoTimeout(5_000);
                long start = System.nanoTime();
                // Ten messages sent back to back: a delay line returns them all after ~200 ms, one message
                // at a time would take 10 x 200 ms. The delay is a floor, never a race; the ceiling
                // leaves 1.3 s for a shared machine's scheduling (a 300 ms ceiling once failed here).
                for (int i = 0; i < 10; i++) {
                    client.getOutputStream().write(i);
                }
                byte[] back = client.getInputStream().readNBytes(10);
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertThat(back).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
                assertThat(millis).isBetween(200L, 1_500L);
            }
        }
    }

    @Test
    void forwardsToLoopbackOnly() {
        assertThatThrownBy(() -> new DelayingProxy(new InetSocketAddress("192.0.2.1", 2181), Duration.ZERO))
                .hasMessageContaining("loopback only");
    }

    @Test
    void aBridgeProxyLinksPrivateAddressesOnly() {
        assertThatThrownBy(() -> DelayingProxy.onBridge(InetAddress.getByName("192.0.2.1"),
                new InetSocketAddress("172.29.200.12", 2888), Duration.ZERO)).hasMessageContaining("private addresses");
        assertThatThrownBy(() -> DelayingProxy.onBridge(InetAddress.getByName("172.29.200.1"),
                new InetSocketAddress("198.51.100.7", 2888), Duration.ZERO)).hasMessageContaining("private addresses");
    }

    @Test
    void aConnectionToAServerNotListeningIsClosedAsARefusalWouldBe() throws Exception {
        int closedPort;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = gone.getLocalPort();
        }
        try (DelayingProxy proxy = new DelayingProxy(new InetSocketAddress(InetAddress.getLoopbackAddress(), closedPort),
                Duration.ofMillis(1));
             Socket client = new Socket()) {
            client.connect(DelayingProxy.parse(proxy.connectString()), 5_000);
            client.setSoTimeout(5_000);
            assertThat(client.getInputStream().read()).isEqualTo(-1); // closed, not left hanging
        }
    }
}
