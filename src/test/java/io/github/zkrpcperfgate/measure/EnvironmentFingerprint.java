package io.github.zkrpcperfgate.measure;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** What machine and software a measurement came from; stored with baselines and reports. */
public final class EnvironmentFingerprint {

    private EnvironmentFingerprint() {
    }

    /** This JVM's machine facts plus {@code extra} (backend, versions of the systems under test). */
    public static SortedMap<String, String> capture(Map<String, String> extra) {
        TreeMap<String, String> env = new TreeMap<>();
        env.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        env.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        env.putAll(extra);
        return env;
    }
}
