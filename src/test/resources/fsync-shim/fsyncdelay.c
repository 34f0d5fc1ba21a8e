/*
 * LD_PRELOAD shim for the self-check's disk injections: every fsync and fdatasync of the
 * process returns PERF_FSYNC_DELAY_US microseconds later than the disk made it. Preloaded into
 * the ZooKeeper servers only, it is a server that syncs slower (a regression the gate must
 * catch); preloaded into the servers and the fsync calibration probe alike, it is a slower disk
 * (an environment change the gate must not call a regression). PERF_FSYNC_DELAY_FILE, when set,
 * names a file whose number of microseconds is added, read at every sync: a delay chosen after
 * the process started (one follower of a formed ensemble slowed; no file, no delay).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

static long delay_nanos(void) {
    const char *text = getenv("PERF_FSYNC_DELAY_US");
    long micros = text ? atol(text) : 0;
    const char *file = getenv("PERF_FSYNC_DELAY_FILE");
    if (file) {
        FILE *f = fopen(file, "r");
        if (f) {
            long more;
            if (fscanf(f, "%ld", &more) == 1 && more > 0) {
                micros += more;
            }
            fclose(f);
        }
    }
    return micros * 1000L;
}

static void pause_after_sync(void) {
    long nanos = delay_nanos();
    if (nanos <= 0) {
        return;
    }
    /* The default 50 us timer slack would add itself to every delay; 1 us keeps it honest. */
    prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
    struct timespec left = {nanos / 1000000000L, nanos % 1000000000L};
    while (nanosleep(&left, &left) != 0) {
    }
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) {
        real = (int (*)(int)) dlsym(RTLD_NEXT, "fsync");
    }
    int result = real(fd);
    pause_after_sync();
    return result;
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) {
        real = (int (*)(int)) dlsym(RTLD_NEXT, "fdatasync");
    }
    int result = real(fd);
    pause_after_sync();
    return result;
}
