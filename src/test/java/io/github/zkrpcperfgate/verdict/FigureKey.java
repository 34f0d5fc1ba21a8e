package io.github.zkrpcperfgate.verdict;

/** Names one gated figure: the scenario it belongs to and the figure within it. */
public record FigureKey(String scenario, String figure) {

    public FigureKey {
        requireName("scenario", scenario);
        requireName("figure", figure);
    }

    private static void requireName(String what, String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(what + " name must not be blank");
        }
    }

    @Override
    public String toString() {
        return scenario + " / " + figure;
    }
}
