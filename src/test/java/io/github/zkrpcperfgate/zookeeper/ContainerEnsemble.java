package io.github.zkrpcperfgate.zookeeper;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.github.zkrpcperfgate.calibration.FsyncDelayShim;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.calibration.LogLayout;
import io.github.zkrpcperfgate.calibration.OwnCpu;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.lifecycle.Startables;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * An ensemble of ZooKeeper containers. Peers find each other at static addresses on the
 * ensemble's own network: by hostname, start-up waited for peers to be resolvable before they
 * existed, several times slower. The client port is published on 127.0.0.1 only.
 */
final class ContainerEnsemble implements ZooKeeperEnsemble {

    static final int CLIENT_PORT = 2181;
    static final int QUORUM_PORT = 2888;
    static final int ELECTION_PORT = 3888;
    private static final int LOG_TAIL_LINES = 40;
    /** Where a slowed follower's extra fsync µs are written, once it is chosen ({@link Degradation}). */
    private static final String SLOW_FOLLOWER_DELAY_FILE = "/tmp/perf-fsync-delay-us";
    /** The host part of the network's gateway: this machine's own address on the bridge. */
    private static final String GATEWAY_HOST = "1";
    /** Candidate /24 subnets for the ensemble network; one that overlaps an existing network is skipped. */
    private static final List<String> SUBNET_PREFIXES =
            IntStream.range(0, 16).mapToObj(i -> "172.29." + (200 + i) + ".").toList();
    /**
     * Fsync probes started by this JVM, for their containers' names: one counter for every
     * ensemble, since a comparison runs ensembles of the same scenario side by side and a name
     * taken twice fails {@code docker run} (exit code 125).
     */
    private static final java.util.concurrent.atomic.AtomicInteger PROBES_STARTED = new java.util.concurrent.atomic.AtomicInteger();

    private final EnsembleSpec spec;
    private final String baseImage;
    private final List<GenericContainer<?>> containers = new ArrayList<>();
    private Network network;
    private String image;
    private PeerLinks links;
    private List<NodeEndpoint> nodes = List.of();
    private Map<Integer, String> modes = Map.of();
    private boolean started;

    ContainerEnsemble(EnsembleSpec spec, String baseImage) {
        this.spec = spec;
        this.baseImage = baseImage;
    }

    @Override
    public synchronized void start() {
        if (started) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            Leftovers.sweepDocker(DockerClientFactory.instance().client());
            image = ZooKeeperImage.build(baseImage, spec.release());
            String subnetPrefix = spec.standalone() ? null : createNetwork();
            List<PeerAddress> peers = subnetPrefix == null ? List.of()
                    : IntStream.rangeClosed(1, spec.size())
                            .mapToObj(i -> new PeerAddress(i, subnetPrefix + (10 + i), QUORUM_PORT, ELECTION_PORT)).toList();
            java.net.InetAddress bridge = subnetPrefix == null ? null : gateway(subnetPrefix);
            links = PeerLinks.open(peers, spec.peerLinkDelay(),
                    target -> DelayingProxy.onBridge(bridge, target, spec.peerLinkDelay()));
            for (int id = 1; id <= spec.size(); id++) {
                containers.add(container(image, id, subnetPrefix, links.seenBy(id)));
            }
            Startables.deepStart(containers).get(spec.readyTimeout().toSeconds(), TimeUnit.SECONDS);
            nodes = new ArrayList<>();
            for (int i = 0; i < containers.size(); i++) {
                GenericContainer<?> c = containers.get(i);
                nodes.add(endpoint(i + 1, c, c.getMappedPort(CLIENT_PORT)));
            }
            modes = EnsembleReadiness.await(spec.scenario(), nodes, spec.readyTimeout());
            ServingNodes serving = new ServingNodes(nodes, modes).withFollowersStopped(spec, this::stopServer);
            nodes = serving.nodes();
            modes = serving.modes();
            if (spec.degradation().slowsAFollower()) {
                int slow = serving.slowFollower();
                containers.get(slow - 1).copyFileToContainer(
                        Transferable.of(spec.degradation().slowFollowerFsyncMicros() + "\n"), SLOW_FOLLOWER_DELAY_FILE);
                System.out.printf("[perf] %s: server %d's fsyncs now return %d µs late%n", spec.scenario(), slow,
                        spec.degradation().slowFollowerFsyncMicros());
            }
            started = true;
            System.out.printf("[perf] %s: %d container(s) ready in %.1f s, modes %s%s%n", spec.scenario(), spec.size(),
                    (System.nanoTime() - t0) / 1e9, modes, links.describe(spec.peerLinkDelay()));
        } catch (Exception e) {
            String logs = nodes.isEmpty() ? containers.stream().map(ContainerEnsemble::tail).reduce("", String::concat) : "";
            stop();
            throw new IllegalStateException(spec.scenario() + ": could not start " + spec.size()
                    + " ZooKeeper container(s) on base image " + baseImage + ": " + e.getMessage() + logs, e);
        }
    }

    private String createNetwork() {
        Map<String, String> labels = Leftovers.labels(spec.scenario());
        RuntimeException last = null;
        for (String prefix : SUBNET_PREFIXES) {
            Network candidate = Network.builder().createNetworkCmdModifier(cmd -> {
                Map<String, String> merged = new HashMap<>(cmd.getLabels() == null ? Map.of() : cmd.getLabels());
                merged.putAll(labels);
                cmd.withLabels(merged).withIpam(new com.github.dockerjava.api.model.Network.Ipam()
                        .withConfig(new com.github.dockerjava.api.model.Network.Ipam.Config().withSubnet(prefix + "0/24")
                                .withGateway(prefix + GATEWAY_HOST)));
            }).build();
            try {
                candidate.getId(); // creates it
                network = candidate;
                return prefix;
            } catch (RuntimeException e) {
                last = e; // most likely "Pool overlaps with other one on this address space": try the next
                candidate.close();
            }
        }
        throw new IllegalStateException("no free subnet among " + SUBNET_PREFIXES.get(0) + "0/24 .. "
                + SUBNET_PREFIXES.get(SUBNET_PREFIXES.size() - 1) + "0/24 for the ensemble network", last);
    }

    /**
     * This machine's address on the ensemble's network: where the peer links' delay lines listen,
     * reachable from the containers on it and from nowhere else.
     */
    private static java.net.InetAddress gateway(String subnetPrefix) {
        try {
            return java.net.InetAddress.getByName(subnetPrefix + GATEWAY_HOST);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException("not an address: " + subnetPrefix + GATEWAY_HOST, e);
        }
    }

    /** @param peers the ensemble as this server's configuration lists it ({@link PeerLinks#seenBy}) */
    private GenericContainer<?> container(String image, int id, String subnetPrefix, List<PeerAddress> peers) {
        String cfg = ZooConfig.render("/data", "0.0.0.0", CLIENT_PORT, peers);
        List<String> command = ServerCommand.of("java", "/opt/zookeeper/conf:/opt/zookeeper/lib/*", "/conf/zoo.cfg", spec);
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(image))
                .withLabels(Leftovers.labels(spec.scenario()))
                .withEnv(spec.fsyncShimmed() ? FsyncDelayShim.environment(FsyncDelayShim.IN_CONTAINER,
                        spec.serverFsyncDelayMicros(), SLOW_FOLLOWER_DELAY_FILE) : Map.of())
                .withExposedPorts(CLIENT_PORT)
                .withCopyToContainer(Transferable.of(cfg), "/conf/zoo.cfg")
                .withCopyToContainer(Transferable.of(id + "\n"), "/data/myid")
                .withCommand(command.toArray(String[]::new))
                // The client port opens before leader election; the ensemble waits for srvr after.
                .waitingFor(Wait.forLogMessage(".*binding to port.*", 1).withStartupTimeout(spec.readyTimeout()))
                .withCreateContainerCmdModifier(cmd -> {
                    // Publish on loopback only: nothing off this machine can reach the server.
                    cmd.getHostConfig().withPortBindings(
                            new PortBinding(Ports.Binding.bindIp("127.0.0.1"), ExposedPort.tcp(CLIENT_PORT)));
                    if (subnetPrefix != null) {
                        cmd.withIpv4Address(subnetPrefix + (10 + id));
                    }
                });
        if (network != null) {
            c.withNetwork(network);
        }
        if (spec.fsyncShimmed()) {
            c.withCopyToContainer(MountableFile.forHostPath(Leftovers.fsyncDelayShim()), FsyncDelayShim.IN_CONTAINER);
        }
        return c;
    }

    @Override
    public synchronized int killLeader() {
        ServingNodes serving = new ServingNodes(nodes, modes);
        ServingNodes left = serving.withLeaderKilled(
                id -> DockerClientFactory.instance().client().killContainerCmd(containers.get(id - 1).getContainerId()).exec());
        nodes = left.nodes();
        modes = left.modes();
        return serving.leader();
    }

    /** Server {@code id} in container {@code c}, reached on {@code clientPort}: its log and its death read from the engine. */
    private static NodeEndpoint endpoint(int id, GenericContainer<?> c, int clientPort) {
        return new NodeEndpoint(id, c.getHost(), clientPort, () -> tail(c), () -> death(c));
    }

    /** {@code docker start} of the killed container: its /data as the kill left it, on the port the engine publishes now. */
    @Override
    public synchronized NodeEndpoint restartKilled(int id) {
        GenericContainer<?> c = containers.get(id - 1);
        var docker = DockerClientFactory.instance().client();
        docker.startContainerCmd(c.getContainerId()).exec();
        Ports.Binding[] published = docker.inspectContainerCmd(c.getContainerId()).exec().getNetworkSettings().getPorts()
                .getBindings().get(ExposedPort.tcp(CLIENT_PORT));
        if (published == null || published.length == 0) {
            throw new IllegalStateException(spec.scenario() + ": server " + id + " restarted without a published client port");
        }
        NodeEndpoint node = endpoint(id, c, Integer.parseInt(published[0].getHostPortSpec()));
        nodes = ServingNodes.withNode(nodes, node);
        return node;
    }

    @Override
    public synchronized void awaitServing() throws InterruptedException {
        modes = EnsembleReadiness.await(spec.scenario(), nodes, spec.readyTimeout());
    }

    @Override
    public synchronized List<NodeEndpoint> servingNodes() {
        return List.copyOf(nodes);
    }

    /** A planned stop ({@link Degradation}): the container stops (SIGTERM, then SIGKILL after 10 s) and stays until {@link #stop}. */
    private void stopServer(int id) {
        DockerClientFactory.instance().client().stopContainerCmd(containers.get(id - 1).getContainerId()).withTimeout(10).exec();
    }

    /**
     * How a server's container has died, as the engine tells it: exited with its code (and
     * whether for lack of memory), removed, or no engine to ask; else a fatal line of its log.
     */
    private static Optional<String> death(GenericContainer<?> c) {
        String id = c.getContainerId() == null ? "(not created)" : c.getContainerId().substring(0, Math.min(12, c.getContainerId().length()));
        try {
            var state = DockerClientFactory.instance().client().inspectContainerCmd(c.getContainerId()).exec().getState();
            if (!Boolean.TRUE.equals(state.getRunning())) {
                return Optional.of("container " + id + " exited with code " + state.getExitCodeLong()
                        + (Boolean.TRUE.equals(state.getOOMKilled()) ? " (killed for lack of memory)" : ""));
            }
            return NodeEndpoint.fatalLine(c.getLogs());
        } catch (com.github.dockerjava.api.exception.NotFoundException e) {
            return Optional.of("container " + id + " is gone (removed by someone else)");
        } catch (RuntimeException e) {
            return Optional.of("container " + id + ": the Docker engine is unreachable (" + e.getMessage() + ")");
        }
    }

    @Override
    public synchronized List<String> deadServers() {
        return ZooKeeperEnsemble.deadServers(spec.scenario(), nodes);
    }

    private static String tail(GenericContainer<?> c) {
        try {
            List<String> lines = c.getLogs().lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (RuntimeException e) {
            return "(no logs: " + e.getMessage() + ")";
        }
    }

    @Override
    public synchronized void stop() {
        started = false;
        for (GenericContainer<?> c : containers) {
            try {
                c.stop();
            } catch (RuntimeException e) {
                System.err.println("[perf] " + spec.scenario() + ": could not stop container " + c.getContainerId() + ": " + e);
            }
        }
        containers.clear();
        if (links != null) {
            links.close();
            links = null;
        }
        if (network != null) {
            try {
                network.close();
            } catch (RuntimeException e) {
                System.err.println("[perf] " + spec.scenario() + ": could not remove network: " + e);
            }
            network = null;
        }
    }

    /**
     * The probe in a container of its own, from the servers' image, on the same storage as their
     * transaction logs (the engine's overlay on this machine's disk) but not in their control
     * groups: inside a server's container it shared that server's CPU weight, so a server that got
     * hungrier slowed the probe too and its regression read as a slower disk. No network; through
     * {@code docker run -i --rm}, whose stdin and stdout carry the probe's requests and answers and
     * whose end of input (the probe closed, or this JVM gone) ends and removes the container; it
     * outlives a restart of the servers (a failover trial's). Labelled as theirs, so a container
     * left by a killed engine is swept like theirs.
     */
    @Override
    public synchronized FsyncProbe fsyncProbe(long delayMicros) {
        List<String> command = dockerRunBesideServers("-i", containerName("fsync-probe"));
        command.addAll(List.of("-e", FsyncDelayShim.DELAY_VARIABLE + "=" + delayMicros));
        if (delayMicros > 0) {
            command.addAll(List.of("-v", Leftovers.fsyncDelayShim() + ":" + FsyncDelayShim.IN_CONTAINER + ":ro",
                    "-e", "LD_PRELOAD=" + FsyncDelayShim.IN_CONTAINER));
        }
        command.add(image);
        command.addAll(FsyncProbe.command("java", ZooKeeperImage.PROBE_CLASSPATH, "/data", LogLayout.ZOOKEEPER_TXN_LOG));
        // Not named by its container: the text goes into the baseline's environment, which every
        // later run compares with its own.
        return new FsyncProbe(new ProcessBuilder(command), "its own container's /data beside the servers'",
                LogLayout.ZOOKEEPER_TXN_LOG);
    }

    /**
     * The host's process ids of the server JVMs (each container's first process), where the
     * engine runs on this machine: a remote engine's ids mean nothing here, so only a process
     * that runs QuorumPeerMain counts.
     */
    @Override
    public synchronized List<Long> serverProcessIds() {
        List<Long> pids = new ArrayList<>();
        for (GenericContainer<?> c : containers) {
            Long pid = DockerClientFactory.instance().client().inspectContainerCmd(c.getContainerId()).exec().getState().getPidLong();
            if (pid != null && pid > 0 && ProcessHandle.of(pid).flatMap(p -> p.info().commandLine())
                    .map(cmd -> cmd.contains("QuorumPeerMain")).orElse(false)) {
                pids.add(pid);
            }
        }
        return pids;
    }

    /** Each container's control group: whatever runs inside a server's container is the server's CPU. */
    @Override
    public synchronized OwnCpu serverCpu() {
        return serverProcessIds().stream().map(OwnCpu::groupOf).reduce(OwnCpu.none(), OwnCpu::plus);
    }

    /** {@code docker exec -d}: busy loops in the measured server's container, stopped with it. */
    @Override
    public synchronized void keepBusy(int threads) {
        int index = ZooKeeperEnsemble.measuredNode(nodes, modes).id() - 1; // node ids are 1-based, in container order
        String container = containers.get(index).getContainerId();
        for (int t = 0; t < threads; t++) {
            runDocker(List.of("docker", "exec", "-d", container, "sh", "-c", "while :; do :; done"),
                    "docker exec a busy loop in server " + (index + 1));
        }
        System.out.printf("[perf] %s: %d busy loop(s) running in server %d's container%n", spec.scenario(), threads, index + 1);
    }

    /**
     * A container of the servers' image on the same storage (like the fsync probe's), no network,
     * labelled as theirs so a killed run's is swept; each writer appends 8 KB records with O_DSYNC
     * (dd oflag=dsync), 64 to a file, over and over.
     */
    @Override
    public synchronized AutoCloseable busyDisk(int writers) {
        String name = containerName("busy-disk");
        List<String> command = dockerRunBesideServers("-d", name);
        command.addAll(List.of(image, "sh", "-c", "for w in $(seq " + writers + "); do (while :; do dd if=/dev/zero"
                + " of=/data/busy-disk.$w bs=8k count=64 oflag=dsync 2>/dev/null; done) & done; wait"));
        runDocker(command, "start a busy-disk neighbour");
        System.out.printf("[perf] %s: %d writer(s) forcing on the servers' disk in container %s%n", spec.scenario(), writers, name);
        return () -> runDocker(List.of("docker", "rm", "-f", name), "remove the busy-disk neighbour " + name);
    }

    /** A name no other container of this JVM has: "zk-1node-busy-disk-4242-3". */
    private String containerName(String role) {
        return spec.scenario() + "-" + role + "-" + ProcessHandle.current().pid() + "-" + PROBES_STARTED.incrementAndGet();
    }

    /**
     * The start of a {@code docker run} (attached with {@code -i} or detached with {@code -d}) of a
     * container beside the servers: removed when it ends, no network, labelled as theirs so that
     * one left by a killed run is swept like theirs. Options, image and command follow.
     */
    private List<String> dockerRunBesideServers(String attachment, String name) {
        List<String> command = new ArrayList<>(List.of("docker", "run", attachment, "--rm", "--name", name, "--network", "none"));
        Leftovers.labels(spec.scenario()).forEach((k, v) -> command.addAll(List.of("--label", k + "=" + v)));
        return command;
    }

    private void runDocker(List<String> command, String what) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(spec.scenario() + ": could not " + what + ": "
                        + new String(p.getInputStream().readAllBytes()));
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException(spec.scenario() + ": cannot run docker to " + what + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(spec.scenario() + ": interrupted trying to " + what, e);
        }
    }

    /** {@code docker update --cpus}: the CFS quota of each running container. */
    @Override
    public synchronized void limitCpus(double cpus) {
        long period = 100_000;
        for (GenericContainer<?> c : containers) {
            DockerClientFactory.instance().client().updateContainerCmd(c.getContainerId())
                    .withCpuPeriod(period).withCpuQuota(Math.round(cpus * period)).exec();
        }
        System.out.printf("[perf] %s: %d container(s) limited to %s CPU%n", spec.scenario(), containers.size(), cpus);
    }

    @Override
    public EnsembleSpec spec() {
        return spec;
    }

    @Override
    public String backend() {
        return "docker";
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
        return "ContainerEnsemble[" + spec.scenario() + "]";
    }
}
