package io.github.zkrpcperfgate.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class BoundedWaitTest {

    @Test
    void aTaskThatFailedThrowsItsOwnExceptionAndTheOthersAreCancelled() {
        CompletableFuture<Void> failed = CompletableFuture.failedFuture(new IOException("rename of /x returned false"));
        CompletableFuture<Void> hanging = new CompletableFuture<>();
        assertThatThrownBy(() -> BoundedWait.forAll(List.of(failed, hanging), Duration.ofMinutes(1), "20 renames"))
                .isInstanceOf(IOException.class).hasMessage("rename of /x returned false");
        assertThat(hanging).isCancelled();
    }

    @Test
    void tasksThatOutliveTheDeadlineFailNamingWhatDidNotFinish() {
        CompletableFuture<Void> hanging = new CompletableFuture<>();
        assertThatThrownBy(() -> BoundedWait.forAll(List.of(hanging), Duration.ZERO, "100 RPC calls"))
                .isInstanceOf(TimeoutException.class).hasMessage("100 RPC calls did not finish within 0 s");
        assertThat(hanging).isCancelled();
    }
}
