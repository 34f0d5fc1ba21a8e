package io.github.zkrpcperfgate.zookeeper;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy on 127.0.0.1 that delays every byte by a fixed time in each direction, like a
 * longer wire (this kernel has no netem). Each direction is a delay line, not a sleep per read:
 * bytes read at t leave at t + delay whatever follows them, so pipelined requests stay
 * pipelined and only latency grows, as on a real network.
 */
final class DelayingProxy implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MS = 10_000;

    private record Chunk(long dueNanos, byte[] bytes) {
    }

    private final InetSocketAddress target;
    private final long delayNanos;
    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /** @param target where the ensemble listens; must be a loopback address */
    DelayingProxy(InetSocketAddress target, Duration oneWayDelay) {
        if (!target.getAddress().isLoopbackAddress()) {
            throw new IllegalArgumentException("the delaying proxy forwards to loopback only, not " + target);
        }
        this.target = target;
        this.delayNanos = oneWayDelay.toNanos();
        try {
            listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the delaying proxy on 127.0.0.1", e);
        }
        daemon("proxy-accept-" + listener.getLocalPort(), this::acceptLoop).start();
    }

    /** Parses {@code host:port} as {@link ZooKeeperEnsemble#clientConnectString()} gives it. */
    static InetSocketAddress parse(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }

    /** Where clients connect instead of the ensemble. */
    String connectString() {
        return "127.0.0.1:" + listener.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(target, CONNECT_TIMEOUT_MS);
                for (Socket s : new Socket[] {client, server}) {
                    s.setTcpNoDelay(true);
                    sockets.add(s);
                }
                pipe(client, server, "up");
                pipe(server, client, "down");
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("[perf] delaying proxy: " + e);
                }
            }
        }
    }

    private void pipe(Socket from, Socket to, String direction) throws IOException {
        BlockingQueue<Chunk> line = new LinkedBlockingQueue<>();
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        String name = "proxy-" + direction + "-" + from.getPort();
        daemon(name + "-read", () -> {
            byte[] buffer = new byte[64 * 1024];
            try {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    line.add(new Chunk(System.nanoTime() + delayNanos, Arrays.copyOf(buffer, n)));
                }
            } catch (IOException e) {
                // the other side or close() ended the connection
            }
            line.add(new Chunk(0, null)); // end of stream
        }).start();
        daemon(name + "-write", () -> {
            try {
                while (!closed) {
                    Chunk chunk = line.poll(1, TimeUnit.SECONDS);
                    if (chunk == null) {
                        continue;
                    }
                    if (chunk.bytes() == null) {
                        break;
                    }
                    long wait;
                    while ((wait = chunk.dueNanos() - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    out.write(chunk.bytes());
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // connection gone
            } finally {
                closeQuietly(to);
                closeQuietly(from);
            }
        }).start();
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        return t;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        sockets.forEach(DelayingProxy::closeQuietly);
    }
}
