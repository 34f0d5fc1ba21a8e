package io.github.zkrpcperfgate.hadooprpc;

import io.github.zkrpcperfgate.measure.MavenRuntime;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.util.VersionInfo;

/**
 * The jars a Hadoop RPC server and client of one release run with, as that release's POM declares
 * them (hadoop-common and its runtime, and its tests jar for the protobuf test service), resolved
 * through Maven into {@code -Dperf.hadoop.runtimeDir} (the build's {@code target/hadoop-runtime})
 * once per release. A release that cannot be resolved fails here, naming it, before any server starts.
 */
public final class HadoopRuntime {

    /** The version property a same-run comparison names for this half. */
    public static final String VERSION_PROPERTY = "hadoop.version";
    static final String POM_TEMPLATE = "/hadoop-rpc/runtime-pom.xml";

    private static final Map<String, List<Path>> RESOLVED = new HashMap<>();

    private HadoopRuntime() {
    }

    /** The release of the test classpath's Hadoop: the POM's {@code hadoop.version}. */
    public static String versionUnderTest() {
        return VersionInfo.getVersion();
    }

    /** The RPC runtime of Hadoop {@code version}, resolved now or found from an earlier run. */
    public static synchronized List<Path> jars(String version) {
        return RESOLVED.computeIfAbsent(version, v -> MavenRuntime.resolveOrFail("the RPC runtime of Hadoop " + v,
                () -> MavenRuntime.pom(POM_TEMPLATE, "Hadoop", v), runtimeDir().resolve(v), jars -> select(jars, v)));
    }

    static Path runtimeDir() {
        String dir = System.getProperty("perf.hadoop.runtimeDir", "");
        return dir.isBlank() ? Path.of(System.getProperty("user.dir"), "target", "hadoop-runtime") : Path.of(dir);
    }

    /**
     * {@code jars} if they are the RPC runtime of {@code version}: its own hadoop-common, its tests
     * jar and hadoop-auth, and no other release's hadoop-common.
     */
    static List<Path> select(List<Path> jars, String version) {
        List<String> names = jars.stream().map(p -> p.getFileName().toString()).toList();
        List<String> problems = new ArrayList<>();
        for (String own : List.of("hadoop-common-" + version + ".jar", "hadoop-common-" + version + "-tests.jar",
                "hadoop-auth-" + version + ".jar")) {
            if (!names.contains(own)) {
                problems.add("no " + own);
            }
        }
        names.stream().filter(n -> n.matches("hadoop-(common|auth)-\\d.*\\.jar"))
                .filter(n -> !n.startsWith("hadoop-common-" + version + ".") && !n.startsWith("hadoop-common-" + version + "-")
                        && !n.startsWith("hadoop-auth-" + version + "."))
                .forEach(n -> problems.add("another release's " + n));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("the RPC runtime resolved for Hadoop " + version + " is not one: "
                    + String.join(", ", problems) + " (in " + names.size() + " jars); delete "
                    + runtimeDir().resolve(version) + " and rerun");
        }
        return jars;
    }
}
