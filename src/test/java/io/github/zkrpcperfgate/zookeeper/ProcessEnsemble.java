package io.github.zkrpcperfgate.zookeeper;

import io.github.zkrpcperfgate.calibration.FsyncDelayShim;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.calibration.LogLayout;
import io.github.zkrpcperfgate.files.OwnedTempDirs;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * An ensemble of child JVMs running {@code QuorumPeerMain} of the release under test ({@link ServerRuntime}), all on
 * 127.0.0.1, with data in a temporary directory: the backend for machines without Docker.
 */
final class ProcessEnsemble implements ZooKeeperEnsemble {

    private static final String LOOPBACK = "127.0.0.1";
    private static final int LOG_TAIL_LINES = 40;
    /** Start-up attempts with fresh ports when one was taken between choosing and binding it. */
    private static final int PORT_ATTEMPTS = 3;

    private final EnsembleSpec spec;
    private final List<Process> processes = new ArrayList<>();
    /** How each server was launched, by id - 1: a killed one restarts the same way. */
    private final List<Launch> launches = new ArrayList<>();
    private Path directory;
    private PeerLinks links;
    private List<NodeEndpoint> nodes = List.of();
    private Map<Integer, String> modes = Map.of();
    private boolean started;

    ProcessEnsemble(EnsembleSpec spec) {
        this.spec = spec;
    }

    @Override
    public synchronized void start() {
        if (started) {
            return;
        }
        Leftovers.sweepProcessesAndTempDirs();
        long t0 = System.nanoTime();
        try {
            directory = OwnedTempDirs.create(spec.scenario());
            for (int attempt = 1; ; attempt++) {
                launch();
                try {
                    modes = EnsembleReadiness.await(spec.scenario(), nodes, spec.readyTimeout());
                    break;
                } catch (IllegalStateException notReady) {
                    boolean portTaken = String.valueOf(notReady.getMessage()).contains("Address already in use");
                    stopProcesses();
                    if (!portTaken) {
                        throw notReady;
                    }
                    if (attempt == PORT_ATTEMPTS) {
                        throw new IllegalStateException(spec.scenario() + ": a port chosen for a ZooKeeper server was in use"
                                + " in " + PORT_ATTEMPTS + " attempts; free ports on 127.0.0.1 or use -Dperf.zk.backend=docker",
                                notReady);
                    }
                }
            }
            ServingNodes serving = new ServingNodes(nodes, modes).withFollowersStopped(spec, this::stopServer);
            nodes = serving.nodes();
            modes = serving.modes();
            if (spec.degradation().slowsAFollower()) {
                int slow = serving.slowFollower();
                Files.writeString(slowFollowerDelayFile(slow), spec.degradation().slowFollowerFsyncMicros() + "\n");
                System.out.printf("[perf] %s: server %d's fsyncs now return %d µs late%n", spec.scenario(), slow,
                        spec.degradation().slowFollowerFsyncMicros());
            }
            started = true;
            System.out.printf("[perf] %s: %d child JVM(s) ready in %.1f s, modes %s%s%n", spec.scenario(), spec.size(),
                    (System.nanoTime() - t0) / 1e9, modes, links.describe(spec.peerLinkDelay()));
        } catch (Exception e) {
            stop();
            throw new IllegalStateException(spec.scenario() + ": could not start " + spec.size()
                    + " ZooKeeper child JVM(s): " + e.getMessage(), e);
        }
    }

    private void launch() throws IOException {
        int[] ports = freeLoopbackPorts(spec.size() * 3);
        List<PeerAddress> peers = new ArrayList<>();
        if (!spec.standalone()) {
            for (int i = 0; i < spec.size(); i++) {
                peers.add(new PeerAddress(i + 1, LOOPBACK, ports[3 * i + 1], ports[3 * i + 2]));
            }
        }
        links = PeerLinks.open(peers, spec.peerLinkDelay(), target -> new DelayingProxy(target, spec.peerLinkDelay()));
        Path conf = directory.resolve("conf");
        Files.createDirectories(conf);
        try (var logback = ProcessEnsemble.class.getResourceAsStream("/zookeeper-server/logback.xml")) {
            Files.copy(logback, conf.resolve("logback.xml"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        String classpath = conf + File.pathSeparator + ServerRuntime.jars(spec.release()).stream()
                .map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<NodeEndpoint> endpoints = new ArrayList<>();
        launches.clear();
        for (int id = 1; id <= spec.size(); id++) {
            Path node = directory.resolve("server" + id);
            OwnedTempDirs.deleteRecursively(node); // a retry after a port clash starts from empty data
            Path data = node.resolve("data");
            Files.createDirectories(data);
            Files.writeString(data.resolve("myid"), id + "\n", StandardCharsets.UTF_8);
            Path cfg = node.resolve("zoo.cfg");
            Files.writeString(cfg, ZooConfig.render(data.toString(), LOOPBACK, ports[3 * (id - 1)], links.seenBy(id)), StandardCharsets.UTF_8);
            Path log = node.resolve("server.log");
            ProcessBuilder server = new ProcessBuilder(ServerCommand.of(java, classpath, cfg.toString(), spec))
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            if (spec.fsyncShimmed()) {
                server.environment().putAll(FsyncDelayShim.environment(Leftovers.fsyncDelayShim().toString(),
                        spec.serverFsyncDelayMicros(), slowFollowerDelayFile(id).toString()));
            }
            Launch launch = new Launch(id, server, log, ports[3 * (id - 1)]);
            launches.add(launch);
            Process p = server.start();
            processes.add(p);
            endpoints.add(launch.endpoint(p));
        }
        nodes = endpoints;
    }

    /** How one server was started: the same command, log and client port start it again. */
    private record Launch(int id, ProcessBuilder server, Path log, int clientPort) {

        NodeEndpoint endpoint(Process p) {
            return new NodeEndpoint(id, LOOPBACK, clientPort, () -> tail(log, p),
                    () -> p.isAlive() ? NodeEndpoint.fatalLine(wholeLog(log))
                            : Optional.of("child JVM (pid " + p.pid() + ") died, exit code " + p.exitValue()));
        }
    }

    /** Where server {@code id}'s extra fsync µs are written once it is the slowed follower ({@link Degradation}). */
    private Path slowFollowerDelayFile(int id) {
        return directory.resolve("server" + id).resolve("fsync-delay-us");
    }

    @Override
    public synchronized int killLeader() {
        ServingNodes serving = new ServingNodes(nodes, modes);
        ServingNodes left = serving.withLeaderKilled(id -> {
            Process p = processes.get(id - 1);
            p.destroyForcibly(); // SIGKILL
            awaitEnd(p);
        });
        nodes = left.nodes();
        modes = left.modes();
        return serving.leader();
    }

    /** The killed server's command again, on its data directory and ports, its output appended to its log. */
    @Override
    public synchronized NodeEndpoint restartKilled(int id) {
        Launch launch = launches.get(id - 1);
        try {
            Process p = launch.server().redirectOutput(ProcessBuilder.Redirect.appendTo(launch.log().toFile())).start();
            processes.set(id - 1, p);
            NodeEndpoint node = launch.endpoint(p);
            nodes = ServingNodes.withNode(nodes, node);
            return node;
        } catch (IOException e) {
            throw new UncheckedIOException(spec.scenario() + ": cannot restart server " + id, e);
        }
    }

    @Override
    public synchronized void awaitServing() throws InterruptedException {
        modes = EnsembleReadiness.await(spec.scenario(), nodes, spec.readyTimeout());
    }

    @Override
    public synchronized List<NodeEndpoint> servingNodes() {
        return List.copyOf(nodes);
    }

    /** A planned stop ({@link Degradation}): SIGTERM, then SIGKILL after 10 s. */
    private void stopServer(int id) {
        Process p = processes.get(id - 1);
        p.destroy();
        awaitEnd(p);
    }

    /** Waits up to 10 s for a process sent SIGTERM to end, then kills it. */
    private static void awaitEnd(Process p) {
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Ports the OS reports free on 127.0.0.1, all held open together so they are distinct. A
     * port can still be taken before ZooKeeper binds it; {@link #start} then retries.
     */
    private static int[] freeLoopbackPorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK));
                sockets.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    private static String wholeLog(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String tail(Path log, Process p) {
        List<String> lines = wholeLog(log).lines().toList();
        String state = p.isAlive() ? "" : "\n(process exited with code " + p.exitValue() + ")";
        return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size())) + state;
    }

    private void stopProcesses() {
        processes.forEach(Process::destroy); // SIGTERM: ZooKeeper shuts down cleanly
        processes.forEach(ProcessEnsemble::awaitEnd);
        processes.clear();
        if (links != null) {
            links.close(); // after the servers: none of them is left dialling a closed port
            links = null;
        }
    }

    @Override
    public synchronized List<String> deadServers() {
        return ZooKeeperEnsemble.deadServers(spec.scenario(), nodes);
    }

    @Override
    public synchronized List<Long> serverProcessIds() {
        return processes.stream().filter(Process::isAlive).map(Process::pid).toList();
    }

    /** A child JVM on the servers' data filesystem (the directory that holds every server's data). */
    @Override
    public synchronized FsyncProbe fsyncProbe(long delayMicros) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder probe = new ProcessBuilder(FsyncProbe.command(java, FsyncProbe.ownClasspath().toString(),
                directory.toString(), LogLayout.ZOOKEEPER_TXN_LOG));
        if (delayMicros > 0) {
            probe.environment().putAll(FsyncDelayShim.environment(Leftovers.fsyncDelayShim().toString(), delayMicros));
        }
        return new FsyncProbe(probe, "child JVMs' data directory under " + directory.getParent(), LogLayout.ZOOKEEPER_TXN_LOG);
    }

    @Override
    public synchronized void stop() {
        started = false;
        stopProcesses();
        if (directory != null) {
            try {
                OwnedTempDirs.deleteRecursively(directory);
            } catch (IOException e) {
                System.err.println("[perf] " + spec.scenario() + ": could not delete " + directory + ": " + e);
            }
            directory = null;
        }
    }

    @Override
    public EnsembleSpec spec() {
        return spec;
    }

    @Override
    public String backend() {
        return "process";
    }

    @Override
    public synchronized String clientConnectString() {
        return ZooKeeperEnsemble.measuredNode(nodes, modes).hostPort();
    }

    @Override
    public synchronized Map<Integer, String> modes() {
        return modes;
    }

    @Override
    public String toString() {
        return "ProcessEnsemble[" + spec.scenario() + "]";
    }
}
