package io.github.zkrpcperfgate.zookeeper;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.github.zkrpcperfgate.files.OwnedTempDirs;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Marks what the suite starts with the PID of the JVM that owns it, and removes what earlier
 * runs left behind after a {@code kill -9}: only things whose owner is no longer alive, so a
 * run never touches another live run's servers.
 */
public final class Leftovers {

    /** Label on every container and network of the suite. */
    public static final String SUITE_LABEL = "io.github.zkrpcperfgate";
    /** Label holding the owning JVM's PID. */
    public static final String OWNER_LABEL = "io.github.zkrpcperfgate.owner-pid";
    /** System property marking a child JVM of the suite with its owner's PID. */
    public static final String OWNER_PROPERTY = "io.github.zkrpcperfgate.owner";

    private static final Pattern OWNER_IN_COMMAND = Pattern.compile("-D" + Pattern.quote(OWNER_PROPERTY) + "=(\\d+)");

    private static boolean processesSwept;
    private static boolean dockerSwept;

    private Leftovers() {
    }

    public static long ownerPid() {
        return OwnedTempDirs.ownerPid();
    }

    /**
     * The fsync-delay shim of the disk injections, built once into a temporary directory this JVM
     * owns (swept like the child JVMs' data when the owner dies).
     */
    static Path fsyncDelayShim() {
        return io.github.zkrpcperfgate.calibration.FsyncDelayShim.library(Path.of(
                System.getProperty("java.io.tmpdir"), OwnedTempDirs.PREFIX + ownerPid() + "-fsync-shim"));
    }

    public static Map<String, String> labels(String scenario) {
        return Map.of(SUITE_LABEL, "zookeeper", OWNER_LABEL, Long.toString(ownerPid()),
                SUITE_LABEL + ".scenario", scenario);
    }

    /** Kills child JVMs and deletes temp dirs of dead owners; once per JVM. */
    public static synchronized void sweepProcessesAndTempDirs() {
        if (processesSwept) {
            return;
        }
        processesSwept = true;
        ProcessHandle.allProcesses().forEach(p -> p.info().commandLine().ifPresent(cmd -> {
            Matcher m = OWNER_IN_COMMAND.matcher(cmd);
            if (m.find() && !OwnedTempDirs.alive(Long.parseLong(m.group(1)))) {
                System.out.println("[perf] killing leftover ZooKeeper child JVM " + p.pid() + " of dead run " + m.group(1));
                p.destroyForcibly();
            }
        }));
        OwnedTempDirs.sweepDeadOwners();
    }

    /** Removes containers and networks of dead owners; once per JVM. */
    public static synchronized void sweepDocker(DockerClient docker) {
        if (dockerSwept) {
            return;
        }
        dockerSwept = true;
        for (Container c : docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(SUITE_LABEL, "zookeeper")).exec()) {
            if (!ownerAlive(c.getLabels())) {
                System.out.println("[perf] removing leftover container " + c.getId().substring(0, 12) + " " + String.join(",", c.getNames()));
                docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
            }
        }
        docker.listNetworksCmd().withFilter("label", java.util.List.of(SUITE_LABEL)).exec().stream()
                .filter(n -> !ownerAlive(n.getLabels()))
                .forEach(n -> {
                    System.out.println("[perf] removing leftover network " + n.getName());
                    docker.removeNetworkCmd(n.getId()).exec();
                });
    }

    private static boolean ownerAlive(Map<String, String> labels) {
        return Optional.ofNullable(labels).map(l -> l.get(OWNER_LABEL))
                .map(pid -> {
                    try {
                        return OwnedTempDirs.alive(Long.parseLong(pid));
                    } catch (NumberFormatException e) {
                        return false;
                    }
                })
                .orElse(false);
    }
}
