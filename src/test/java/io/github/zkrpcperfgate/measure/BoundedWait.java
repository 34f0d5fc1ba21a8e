package io.github.zkrpcperfgate.measure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for tasks running side by side within one deadline: a set that hangs fails, the build does not hang. */
public final class BoundedWait {

    private BoundedWait() {
    }

    /**
     * Waits for every one of {@code futures}; on a timeout or the first failure cancels the
     * rest, and throws the task's own exception, or a timeout naming {@code what}.
     */
    public static void forAll(List<? extends Future<?>> futures, Duration timeout, String what) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            for (Future<?> f : futures) {
                f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } catch (TimeoutException e) {
            futures.forEach(f -> f.cancel(true));
            throw new TimeoutException(what + " did not finish within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
