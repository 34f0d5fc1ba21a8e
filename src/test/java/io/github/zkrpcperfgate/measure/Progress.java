package io.github.zkrpcperfgate.measure;

import java.io.PrintStream;
import java.util.Locale;

/** Console progress lines, so a person watching a CI log sees a long run move. */
public final class Progress {

    private final PrintStream out;

    public Progress(PrintStream out) {
        this.out = out;
    }

    public static Progress toStdout() {
        return new Progress(System.out);
    }

    public void phase(String message) {
        out.println("[perf] " + message);
        out.flush();
    }

    public void sample(String phase, int round, int rounds, Sample sample) {
        out.printf(Locale.ROOT, "[perf] %-8s round %2d/%-2d %-24s %,12.1f ops/s  (%,d ops in %.2f s)%n",
                phase, round + 1, rounds, sample.workload(), sample.opsPerSecond(), sample.operations(),
                sample.elapsedNanos() / 1e9);
        out.flush();
    }
}
