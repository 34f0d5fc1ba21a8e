package io.github.zkrpcperfgate.calibration;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The CPU probe's work at any size: build N short strings from fixed seeds, sort them and encode
 * each to UTF-8. The probe runs it at {@link CpuProbe#STRINGS}; a self-check injection runs a
 * smaller size inside the RPC handlers, so the work it adds is the kind the probe measures and
 * slows down with the machine as the probe (and the bands that follow it) does.
 */
public final class CpuWork {

    private final long[] seeds;
    private long sink; // keeps the JIT from dropping the work; a racy write is harmless

    public CpuWork(int strings) {
        if (strings < 1) {
            throw new IllegalArgumentException("strings must be >= 1, was " + strings);
        }
        this.seeds = new SplittableRandom(42).longs(strings).toArray();
    }

    public int strings() {
        return seeds.length;
    }

    /** One piece of the work; safe to call from several threads at once. */
    public void run() {
        String[] strings = new String[seeds.length];
        for (int i = 0; i < seeds.length; i++) {
            strings[i] = Long.toHexString(seeds[i]);
        }
        Arrays.sort(strings);
        long sum = 0;
        for (String s : strings) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            sum += bytes.length + bytes[0];
        }
        sink += sum;
    }
}
