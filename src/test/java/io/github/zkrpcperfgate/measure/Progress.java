package io.github.zkrpcperfgate.measure;

import java.io.PrintStream;
import java.util.Locale;

/** Console progress lines, so a person watching a CI log sees a long run move. */
public final class Progress {

    /** A sample that lost this share of the machine's CPU to other guests says so in its line (a quiet one: 0.04% of this machine's first 9 h on 2026-12-07). */
    static final double NOTABLE_STOLEN_SHARE = 0.01;

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
        double stolen = sample.facts().getOrDefault(Trial.STOLEN_CPU_SHARE, 0.0);
        out.printf(Locale.ROOT, "[perf] %-8s round %2d/%-2d %-24s %,12.1f ops/s  (%,d ops in %.2f s%s)%n",
                phase, round + 1, rounds, sample.workload(), sample.opsPerSecond(), sample.operations(),
                sample.elapsedNanos() / 1e9,
                stolen >= NOTABLE_STOLEN_SHARE ? String.format(Locale.ROOT, "; %.1f%% of CPU stolen by the host", stolen * 100) : "");
        out.flush();
    }
}
