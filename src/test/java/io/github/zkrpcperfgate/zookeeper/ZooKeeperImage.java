package io.github.zkrpcperfgate.zookeeper;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import io.github.zkrpcperfgate.calibration.FsyncProbe;
import io.github.zkrpcperfgate.calibration.FsyncProbeMain;
import io.github.zkrpcperfgate.calibration.LogLayout;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The ZooKeeper server image: a JRE base image plus the runtime of the release under test
 * ({@link ServerRuntime}), one image per release. A fixed name and no delete-on-exit let Docker's
 * layer cache make rebuilds ~0.5 s
 * (and Ryuk is off, so a deleted-on-exit image would leak untagged layers).
 */
final class ZooKeeperImage {

    /** A public JRE 17 image for machines that can pull; offline machines build one (README). */
    static final String DEFAULT_BASE_IMAGE = "eclipse-temurin:17-jre";
    private static final long PULL_TIMEOUT_SECONDS = 180;
    private static final long BUILD_TIMEOUT_SECONDS = 300;

    private ZooKeeperImage() {
    }

    /** {@code -Dperf.zk.baseImage}, else {@code $PERF_ZK_BASE_IMAGE}, else the public default. */
    static String baseImage() {
        String property = System.getProperty("perf.zk.baseImage", "");
        if (!property.isBlank()) {
            return property.trim();
        }
        String env = System.getenv("PERF_ZK_BASE_IMAGE");
        return env == null || env.isBlank() ? DEFAULT_BASE_IMAGE : env.trim();
    }

    /** Images built by this JVM, by base image and release: the ensembles of a release share one build. */
    private static final Map<String, String> BUILT = new HashMap<>();

    /** Builds the image of {@code release} once per JVM and base image, and returns its name. */
    static synchronized String build(String baseImage, String release) throws Exception {
        String key = baseImage + " " + release;
        String built = BUILT.get(key);
        if (built == null) {
            built = buildNow(baseImage, release);
            BUILT.put(key, built);
        }
        return built;
    }

    /** Where the fsync calibration probe's classes lie in the image: the probe runs beside a server's data. */
    static final String PROBE_CLASSPATH = "/opt/perfgate";

    private static String buildNow(String baseImage, String version) throws Exception {
        requireBaseImage(baseImage);
        List<Path> jars = ServerRuntime.jars(version);
        String name = "zk-rpc-perfgate/zookeeper:" + version;
        ImageFromDockerfile image = new ImageFromDockerfile(name, false)
                .withFileFromString("Dockerfile", String.join("\n",
                        "FROM " + baseImage,
                        "COPY lib/ /opt/zookeeper/lib/",
                        "COPY conf/ /opt/zookeeper/conf/",
                        "COPY perfgate/ " + PROBE_CLASSPATH + "/",
                        "LABEL " + Leftovers.SUITE_LABEL + "=image",
                        ""))
                .withFileFromClasspath("conf/logback.xml", "zookeeper-server/logback.xml");
        for (Class<?> probe : List.of(FsyncProbeMain.class, LogLayout.class)) {
            String probeClass = probe.getName().replace('.', '/') + ".class";
            image = image.withFileFromPath("perfgate/" + probeClass, FsyncProbe.ownClasspath().resolve(probeClass));
        }
        for (Path jar : jars) {
            image = image.withFileFromPath("lib/" + jar.getFileName(), jar);
        }
        return image.get(BUILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * The base image must be on the engine or pullable; without this check an offline machine
     * spends minutes in pull retries before failing.
     */
    private static void requireBaseImage(String baseImage) {
        DockerClient docker = DockerClientFactory.instance().client();
        try {
            docker.inspectImageCmd(baseImage).exec();
            return;
        } catch (NotFoundException absent) {
            // try to pull it, bounded in time
        }
        String fix = "build one offline with `bash .ci/docker-engine.sh` (it creates zk-rpc-perfgate/jre17:bookworm) and pass"
                + " -Dperf.zk.baseImage=zk-rpc-perfgate/jre17:bookworm, or run with -Dperf.zk.backend=process";
        try {
            boolean done = docker.pullImageCmd(baseImage).start().awaitCompletion(PULL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!done) {
                throw new IllegalStateException("base image " + baseImage + " is not on this Docker engine and pulling it"
                        + " took over " + PULL_TIMEOUT_SECONDS + " s; " + fix);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pulling " + baseImage, e);
        } catch (RuntimeException e) {
            throw new IllegalStateException("base image " + baseImage + " is not on this Docker engine and could not be"
                    + " pulled (" + e.getMessage() + "); " + fix, e);
        }
    }
}
