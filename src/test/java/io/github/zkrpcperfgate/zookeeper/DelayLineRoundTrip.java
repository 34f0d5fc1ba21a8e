package io.github.zkrpcperfgate.zookeeper;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;

/**
 * What a round trip through one {@link DelayingProxy} really takes on this machine: one byte
 * echoed through it, many times, on loopback. The configured delay is a floor; the threads that
 * carry each direction add their wake-ups (tens of µs on a quiet machine, more on a busy one), so
 * a sweep reports the round trip it measured beside the one it asked for.
 */
final class DelayLineRoundTrip {

    private static final int ECHOES = 200;
    private static final int TIMEOUT_MS = 10_000;

    private DelayLineRoundTrip() {
    }

    /** The median round trip, in ns, of one byte through a delay line of {@code oneWay} each way. */
    static long medianNanos(Duration oneWay) throws IOException {
        try (ServerSocket echo = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                try (Socket s = echo.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    s.setTcpNoDelay(true);
                    int b;
                    while ((b = in.read()) >= 0) {
                        out.write(b);
                        out.flush();
                    }
                } catch (IOException e) {
                    // the measurement is over
                }
            }, "delay-line-echo");
            server.setDaemon(true);
            server.start();
            try (DelayingProxy proxy = new DelayingProxy(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    echo.getLocalPort()), oneWay);
                 Socket client = new Socket()) {
                client.connect(DelayingProxy.parse(proxy.connectString()), TIMEOUT_MS);
                client.setSoTimeout(TIMEOUT_MS);
                client.setTcpNoDelay(true);
                long[] trips = new long[ECHOES];
                for (int i = 0; i < ECHOES; i++) {
                    long start = System.nanoTime();
                    client.getOutputStream().write(1);
                    if (client.getInputStream().read() < 0) {
                        throw new IOException("the echo through the delay line closed early");
                    }
                    trips[i] = System.nanoTime() - start;
                }
                Arrays.sort(trips);
                return trips[ECHOES / 2];
            }
        }
    }
}
