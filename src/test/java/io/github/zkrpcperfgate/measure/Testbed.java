package io.github.zkrpcperfgate.measure;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The machine class a baseline belongs to (Bencher's word): bands recorded on one class of
 * machine say nothing about another. Ratios with async or multi in them follow the core count
 * and the CPU, sync latencies the disk: the same checkout left most ZooKeeper bands recorded on
 * another 2-core class (README, "Baselines", has the numbers).
 *
 * @param name directory name under {@code baselines/}, e.g. {@code 2c-amd-epyc}
 */
public record Testbed(String name) {

    private static final Pattern VALID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    /** Words of a CPU model name that say nothing about the machine class. */
    private static final Pattern NOISE = Pattern.compile(
            "\\((r|tm)\\)|\\bcpu\\b|\\bprocessor\\b|@\\s*[0-9.]+\\s*ghz|\\b[0-9]+-core\\b");

    public Testbed {
        if (name == null || !VALID.matcher(name).matches()) {
            throw new IllegalArgumentException("-Dperf.testbed must be a directory name of lower-case letters, digits, '.', '_'"
                    + " or '-' (at most 64), e.g. 2c-amd-epyc; was \"" + name + "\"");
        }
    }

    /** This machine's class: its core count and CPU model, e.g. {@code 2c-intel-xeon}. */
    public static Testbed detect() {
        return of(Runtime.getRuntime().availableProcessors(), EnvironmentFingerprint.cpuModel());
    }

    /**
     * A stable name from the facts that move the gated figures: {@code "AMD EPYC 7763 64-Core
     * Processor"} on 4 cores gives {@code 4c-amd-epyc-7763}.
     */
    public static Testbed of(int cores, String cpuModel) {
        String slug = NOISE.matcher(cpuModel.toLowerCase(Locale.ROOT)).replaceAll(" ")
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-+|-+$", "");
        String name = cores + "c-" + (slug.isEmpty() ? "unknown-cpu" : slug);
        return new Testbed(name.length() > 64 ? name.substring(0, 64).replaceAll("-+$", "") : name);
    }

    @Override
    public String toString() {
        return name;
    }
}
