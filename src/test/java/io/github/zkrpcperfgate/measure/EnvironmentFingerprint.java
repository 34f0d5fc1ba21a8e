package io.github.zkrpcperfgate.measure;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** What machine and software a measurement came from; stored with baselines and reports. */
public final class EnvironmentFingerprint {

    /** Keys that describe this run, not the machine: never a reason to distrust a baseline. */
    private static final String INJECTED = "injected";
    /** Prefix of the same-run calibration medians; compared as numbers, not as strings. */
    public static final String CALIBRATION_PREFIX = "calibration.";
    /** A probe this much faster or slower than when the baseline was recorded is worth a warning. */
    static final double CALIBRATION_WARN_FACTOR = 2;
    /**
     * The loopback round trip moves 3× on one machine with the cores' idle states (measured
     * 0.015 ms beside a busy core, 0.051 ms idle), so alone it says nothing about the machine.
     */
    private static final String LOOPBACK_PROBE = CALIBRATION_PREFIX + "loopbackRttP50Ms";

    /**
     * The test JVM's heap and collector flags. The Hadoop RPC servers and the NameNode run in that
     * JVM, and its heap moved their figures (the seed's callP50 spread 1.42x with the default heap,
     * 1.06x with a fixed one), so a baseline names the heap it was recorded with.
     */
    static final String HEAP = "jvm.heap";
    private static final Pattern HEAP_FLAG = Pattern.compile(
            "-Xm[sxn].*|-XX:[+-]?(AlwaysPreTouch|Use\\w+GC)|-XX:(G1HeapRegionSize|MaxGCPauseMillis|MaxRAMPercentage|InitialRAMPercentage)=.*");

    private EnvironmentFingerprint() {
    }

    /** The heap and collector flags among a JVM's start arguments, in order; {@code default} when there are none. */
    static String heapSettings(List<String> jvmArguments) {
        List<String> flags = jvmArguments.stream().filter(a -> HEAP_FLAG.matcher(a).matches()).toList();
        return flags.isEmpty() ? "default" : String.join(" ", flags);
    }

    /** This JVM's heap and collector flags, as a baseline's environment names them. */
    public static String heapSettings() {
        return heapSettings(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** This JVM's machine facts plus {@code extra} (backend, versions of the systems under test). */
    public static SortedMap<String, String> capture(Map<String, String> extra) {
        TreeMap<String, String> env = new TreeMap<>();
        env.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        env.put("cpu", cpuModel());
        env.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        env.put(HEAP, heapSettings());
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        env.putAll(extra);
        return env;
    }

    /** The first {@code model name} of /proc/cpuinfo, or {@code unknown}. */
    static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /**
     * How the environment that recorded a baseline differs from this run's, one line per
     * difference; empty when they match. Facts present on one side only are not differences
     * (older baselines lack some). Calibration medians (but the loopback's) differ when one is more than
     * {@value #CALIBRATION_WARN_FACTOR}× the other.
     */
    public static List<String> differences(Map<String, String> recorded, Map<String, String> now) {
        List<String> lines = new ArrayList<>();
        for (String key : new TreeSet<>(recorded.keySet())) {
            String was = recorded.get(key);
            String is = now.get(key);
            if (is == null || key.equals(INJECTED) || key.equals(LOOPBACK_PROBE) || is.equals(was)) {
                continue;
            }
            if (key.startsWith(CALIBRATION_PREFIX)) {
                double factor = ratio(was, is);
                if (factor > CALIBRATION_WARN_FACTOR || factor < 1 / CALIBRATION_WARN_FACTOR) {
                    lines.add(key + " " + was + " -> " + is);
                }
            } else {
                lines.add(key + " \"" + was + "\" -> \"" + is + "\"");
            }
        }
        return lines;
    }

    private static double ratio(String was, String is) {
        try {
            return Double.parseDouble(is) / Double.parseDouble(was);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
