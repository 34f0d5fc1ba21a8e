package io.github.zkrpcperfgate.calibration;

import io.github.zkrpcperfgate.measure.LatencyRecorder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * One byte there and back over a TCP connection on 127.0.0.1, to an echo thread in this JVM:
 * what the kernel's loopback and a thread wake-up cost on this machine right now.
 */
public final class LoopbackRoundTripProbe implements Probe, AutoCloseable {

    public static final String NAME = "calibration/loopbackRtt";
    static final int ROUND_TRIPS_PER_SET = 2_000;
    private static final int SO_TIMEOUT_MS = 10_000;

    private final ServerSocket server;
    private final Socket client;
    private final InputStream in;
    private final OutputStream out;
    private final Thread echo;

    public LoopbackRoundTripProbe() {
        try {
            server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
            Socket accepted = server.accept();
            client.setTcpNoDelay(true);
            accepted.setTcpNoDelay(true);
            // Only the measuring side times out: the echo side idles between rounds for as long as a round takes.
            client.setSoTimeout(SO_TIMEOUT_MS);
            in = client.getInputStream();
            out = client.getOutputStream();
            echo = new Thread(() -> echo(accepted), "calibration-echo");
            echo.setDaemon(true);
            echo.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the loopback calibration probe on 127.0.0.1", e);
        }
    }

    private static void echo(Socket socket) {
        try (socket; InputStream i = socket.getInputStream(); OutputStream o = socket.getOutputStream()) {
            int b;
            while ((b = i.read()) >= 0) {
                o.write(b);
            }
        } catch (IOException e) {
            // closed by close(), or the probe's client timed out: nothing left to echo
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int operationsPerSet() {
        return ROUND_TRIPS_PER_SET;
    }

    @Override
    public void runSet(LatencyRecorder latencies) throws IOException {
        for (int i = 0; i < ROUND_TRIPS_PER_SET; i++) {
            long start = System.nanoTime();
            out.write(i & 0x7f);
            if (in.read() < 0) {
                throw new IOException("the calibration echo thread closed the connection");
            }
            latencies.recordNanos(System.nanoTime() - start);
        }
    }

    @Override
    public void close() throws IOException {
        try (server; client) {
            echo.interrupt();
        }
    }
}
