package io.github.zkrpcperfgate.gate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A deliberate, real slowdown asked for with {@code -Dperf.inject=key=value,…}, used to prove
 * that the gate fails when the system under test gets slower. Each half of the suite reads the
 * keys under its own prefix and rejects ones it does not know.
 */
public record Injection(Map<String, String> settings) {

    public Injection {
        settings = Map.copyOf(settings);
    }

    public static Injection none() {
        return new Injection(Map.of());
    }

    public static Injection parse(String text) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (text != null) {
            for (String part : text.split(",")) {
                if (part.isBlank()) {
                    continue;
                }
                int eq = part.indexOf('=');
                if (eq <= 0 || eq == part.length() - 1) {
                    throw new IllegalArgumentException("-Dperf.inject entry \"" + part.trim() + "\" must be key=value,"
                            + " e.g. zk.flushDelayMs=10");
                }
                settings.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
            }
        }
        return new Injection(settings);
    }

    public boolean isEmpty() {
        return settings.isEmpty();
    }

    public Optional<String> get(String key) {
        return Optional.ofNullable(settings.get(key));
    }

    /** The whole number {@code key} asks for; a value that is not one, or is below 1, fails naming the key. */
    public Optional<Integer> positiveInt(String key) {
        return get(key).map(text -> {
            try {
                int n = Integer.parseInt(text.trim());
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new IllegalArgumentException("-Dperf.inject=" + key + " must be a whole number >= 1, was \"" + text + "\"");
        });
    }

    /** The {@code true} or {@code false} {@code key} asks for; anything else fails naming the key. */
    public Optional<Boolean> bool(String key) {
        return get(key).map(text -> switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("-Dperf.inject=" + key + " must be true or false, was \"" + text + "\"");
        });
    }

    /** Fails on a key under {@code prefix} that is not in {@code known}, listing the known ones. */
    public void requireKnown(String prefix, Set<String> known) {
        settings.keySet().stream()
                .filter(k -> k.startsWith(prefix) && !known.contains(k))
                .findFirst()
                .ifPresent(k -> {
                    throw new IllegalArgumentException("-Dperf.inject key \"" + k + "\" is unknown; known keys: " + known);
                });
    }

    @Override
    public String toString() {
        return settings.isEmpty() ? "none" : settings.toString();
    }
}
