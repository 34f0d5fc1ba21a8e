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
 * A TCP proxy that delays every byte by a fixed time in each direction, like a longer wire (this
 * kernel has no netem). Each direction is a delay line, not a sleep per read: bytes read at t
 * leave at t + delay whatever follows them, so pipelined requests stay pipelined and only
 * latency grows, as on a real network. It listens on 127.0.0.1 and forwards to loopback, or
 * ({@link #onBridge}) listens on the gateway of one of our own Docker networks and forwards to a
 * container on it: no byte leaves this machine either way.
 */
final class DelayingProxy implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MS = 10_000;
    /**
     * How long a connection waits for a server that is not listening yet. Peers start together
     * and dial each other at once; a refusal here would reach ZooKeeper as a connection that
     * opened and closed, and its election would back off (0.2, 0.4, 0.8 … s: a 5-server start took
     * 28 s instead of 5). Held a moment instead, the connection opens once the server listens.
     */
    private static final long TARGET_WAIT_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final long TARGET_RETRY_MILLIS = 20;

    private record Chunk(long dueNanos, byte[] bytes) {
    }

    private final InetSocketAddress target;
    private final long delayNanos;
    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /** On 127.0.0.1. @param target where a server listens; must be a loopback address */
    DelayingProxy(InetSocketAddress target, Duration oneWayDelay) {
        this(InetAddress.getLoopbackAddress(), requireLoopback(target), oneWayDelay);
    }

    private DelayingProxy(InetAddress listenOn, InetSocketAddress target, Duration oneWayDelay) {
        this.target = target;
        this.delayNanos = oneWayDelay.toNanos();
        try {
            listener = new ServerSocket(0, 50, listenOn);
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the delaying proxy on " + listenOn.getHostAddress(), e);
        }
        daemon("proxy-accept-" + listener.getLocalPort(), this::acceptLoop).start();
    }

    /**
     * A proxy that containers of one of our own networks reach at its {@code gateway} (this
     * machine's address on that bridge), forwarding to {@code container} on the same network.
     * Both must be private addresses: a bridge of this machine, never a route off it.
     */
    static DelayingProxy onBridge(InetAddress gateway, InetSocketAddress container, Duration oneWayDelay) {
        if (!gateway.isSiteLocalAddress() || !container.getAddress().isSiteLocalAddress()) {
            throw new IllegalArgumentException("a bridge proxy links private addresses of our own Docker network only, not "
                    + gateway.getHostAddress() + " -> " + container);
        }
        return new DelayingProxy(gateway, container, oneWayDelay);
    }

    private static InetSocketAddress requireLoopback(InetSocketAddress target) {
        if (!target.getAddress().isLoopbackAddress()) {
            throw new IllegalArgumentException("the delaying proxy forwards to loopback only, not " + target);
        }
        return target;
    }

    /** Parses {@code host:port} as {@link ZooKeeperEnsemble#clientConnectString()} gives it. */
    static InetSocketAddress parse(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }

    /** Where clients connect instead of the ensemble. */
    String connectString() {
        return listener.getInetAddress().getHostAddress() + ":" + listener.getLocalPort();
    }

    /** The address the proxy listens on: 127.0.0.1, or a bridge's gateway. */
    String host() {
        return listener.getInetAddress().getHostAddress();
    }

    int port() {
        return listener.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                daemon("proxy-connect-" + client.getPort(), () -> connect(client)).start();
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("[perf] delaying proxy to " + target + ": " + e);
                }
            }
        }
    }

    /**
     * Connects {@code client} to the target, waiting up to {@link #TARGET_WAIT_NANOS} for a target
     * that is not listening yet; if it never does, the client's connection closes, as a refusal
     * would end it. The client's first bytes wait in its socket meanwhile.
     */
    private void connect(Socket client) {
        long deadline = System.nanoTime() + TARGET_WAIT_NANOS;
        while (!closed) {
            Socket server = new Socket();
            try {
                server.connect(target, CONNECT_TIMEOUT_MS);
                for (Socket s : new Socket[] {client, server}) {
                    s.setTcpNoDelay(true);
                    sockets.add(s);
                }
                pipe(client, server, "up");
                pipe(server, client, "down");
                return;
            } catch (java.net.ConnectException refused) {
                closeQuietly(server);
                if (System.nanoTime() > deadline) {
                    break; // not listening: a server that is down
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TARGET_RETRY_MILLIS));
            } catch (IOException e) {
                closeQuietly(server);
                if (!closed) {
                    System.err.println("[perf] delaying proxy to " + target + ": " + e);
                }
                break;
            }
        }
        closeQuietly(client);
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
