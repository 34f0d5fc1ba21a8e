package io.github.zkrpcperfgate.selfcheck;

import static org.assertj.core.api.Assertions.assertThat;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.stats.Estimate;
import io.github.zkrpcperfgate.verdict.Band;
import io.github.zkrpcperfgate.verdict.Direction;
import io.github.zkrpcperfgate.verdict.FigureKey;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SelfCheckTallyTest {

    private static final FigureKey RATIO = new FigureKey("zk-1node", "asyncOverSync");
    private static final FigureKey LATENCY = new FigureKey("zk-1node", "syncP50");

    private static FigureResult figure(FigureKey key, Direction direction, double median, String verdict) {
        return FigureResult.of(key, direction == Direction.HIGHER_IS_BETTER ? "ratio" : "x(rtt+fsync)", direction,
                new Estimate(median, median * 0.95, median * 1.05, 6), new Band(median / 1.3, median * 1.3), Verdict.Kind.fromJson(verdict), "", List.of());
    }

    private static GroupResult run(FigureResult... figures) {
        return new GroupResult("zookeeper", new TreeMap<>(), List.of(figures), List.of(), List.of(), List.of());
    }

    private static final java.util.Map<String, String> BANDS = java.util.Map.of("zookeeper", "digest-1");

    private static final InjectionCase CASE = InjectionCase.regression("x", "zk.multiBatch=100", "d", List.of("zk-1node"),
            List.of(RATIO, LATENCY));

    @Test
    void countsFalseAlarmsPerFigureAndMeasuresSlowdownAgainstTheUnchangedRuns() {
        SelfCheckTally tally = new SelfCheckTally();
        tally.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.0, "Pass"), figure(LATENCY, Direction.LOWER_IS_BETTER, 2.0, "Pass")));
        tally.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.4, "Pass"), figure(LATENCY, Direction.LOWER_IS_BETTER, 2.0, "Regression")));
        var outcome = tally.injected(CASE, run(figure(RATIO, Direction.HIGHER_IS_BETTER, 3.1, "Regression"),
                figure(LATENCY, Direction.LOWER_IS_BETTER, 2.6, "Pass")));

        assertThat(tally.falseAlarms()).extracting(SelfCheckTally.FalseAlarms::alarms).containsExactly(0, 1);
        assertThat(outcome.caught()).isTrue();
        assertThat(outcome.targets().get(0).slowdown()).isCloseTo(6.2 / 3.1, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(outcome.targets().get(1).slowdown()).isCloseTo(1.3, org.assertj.core.api.Assertions.within(1e-9));
        // The latency moved 1.3x, under the 1.5x that must be caught: passing it is no miss.
        assertThat(tally.problems()).containsExactly(
                "false alarm: zk-1node / syncP50 failed 1 of 2 unchanged runs [Pass, Regression]");
    }

    @Test
    void aSlowdownOfOneAndAHalfThatPassesIsAMissAndTheReportSaysSo() throws Exception {
        SelfCheckTally tally = new SelfCheckTally();
        tally.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.0, "Pass")));
        tally.injected(CASE, run(figure(RATIO, Direction.HIGHER_IS_BETTER, 3.9, "Pass")));
        assertThat(tally.problems()).singleElement().asString().startsWith("missed: x slowed zk-1node / asyncOverSync 1.538x");
        String md = SelfCheckReport.markdown(tally, 1, Duration.ofSeconds(61));
        assertThat(md).contains("1 goal(s) missed").contains("❌ no").contains("1 min 1 s");
        var json = SelfCheckReport.json(tally, 1, Duration.ofSeconds(61));
        assertThat(json.get("falseAlarms").get(0).get("alarms").asInt()).isZero();
        assertThat(json.get("injections").get(0).get("caught").asBoolean()).isFalse();
        assertThat(json.get("injections").get(0).get("slowdown").asDouble()).isGreaterThan(1.5);
    }

    @Test
    void buildsAreCountedPerGroupAndADisturbedFigureFailsABuildPastTheAllowance() {
        SelfCheckTally full = new SelfCheckTally();
        full.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.0, "Pass")));
        full.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.0, "Disturbed")));
        assertThat(full.builds()).singleElement().satisfies(b -> {
            assertThat(b.runs()).isEqualTo(2);
            assertThat(b.failed()).isEqualTo(1);
            assertThat(b.failedFigures()).containsExactly("zk-1node / asyncOverSync Disturbed");
        });
        SelfCheckTally quick = new SelfCheckTally(1, "now", java.util.Map.of());
        quick.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.0, "Disturbed")));
        assertThat(quick.builds().get(0).failed()).isZero();
        assertThat(SelfCheckReport.json(full, 2, Duration.ofSeconds(1)).get("builds").get(0).get("failed").asInt()).isEqualTo(1);
    }

    @Test
    void anEnvironmentChangeThatFailsAnyFigureIsAProblemAndOneThatFailsNoneIsNot() {
        InjectionCase disk = InjectionCase.environment("disk", "env.fsyncDelayUs=300", "d", List.of("zk-1node"),
                List.of(LATENCY));
        assertThat(disk.group()).isEqualTo("zookeeper");
        assertThat(InjectionCase.regression("j", "nn.journalSyncDelayUs=200", "d", List.of("nn-mkdirs"), List.of(LATENCY))
                .group()).isEqualTo("namenode");
        assertThat(InjectionCase.regression("links", "zk.peerDelayUs=250", "d", List.of("zk-1node-lan", "zk-5node-lan"),
                List.of(LATENCY)).group()).isEqualTo("zookeeper-lan");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> InjectionCase.regression("typo", "nm.editsDirs=3", "d",
                List.of("nn-mkdirs"), List.of(LATENCY))).hasMessageContaining("no key of a scenario group");
        SelfCheckTally tally = new SelfCheckTally();
        tally.unchanged(run(figure(LATENCY, Direction.LOWER_IS_BETTER, 2.0, "Pass")));
        tally.injected(disk, run(figure(LATENCY, Direction.LOWER_IS_BETTER, 2.1, "Pass")));
        assertThat(tally.problems()).isEmpty();
        tally.injected(disk, run(figure(LATENCY, Direction.LOWER_IS_BETTER, 3.1, "Regression")));
        assertThat(tally.problems()).singleElement().asString()
                .isEqualTo("an environment change failed the build: disk made zk-1node / syncP50 Regression");
    }

    @Test
    void aResumedSelfCheckPoolsTheEarlierSessionsRunsAndRunsOnlyWhatIsMissing(@org.junit.jupiter.api.io.TempDir
                                                                               java.nio.file.Path dir) throws Exception {
        SelfCheckTally first = new SelfCheckTally(0, "2026-11-30T10:10Z", BANDS);
        first.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.0, "Pass"), figure(LATENCY, Direction.LOWER_IS_BETTER, 2.0, "Pass")));
        first.noise(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 5.8, "Pass")), "a CPU hog");
        first.injected(CASE, run(figure(RATIO, Direction.HIGHER_IS_BETTER, 3.0, "Regression"),
                figure(LATENCY, Direction.LOWER_IS_BETTER, 2.1, "Pass")));
        InjectionCase gone = InjectionCase.regression("gone", "zk.cpus=0.5", "d", List.of("zk-1node"), List.of(RATIO));
        first.skipped(gone, "the process backend cannot limit CPU");
        InjectionCase failing = InjectionCase.regression("failing", "zk.multiBatch=10", "d", List.of("zk-1node"), List.of(RATIO));
        first.couldNotRun(failing, new IllegalStateException("docker exec failed"));
        assertThat(first.problems()).contains("injection failing could not run: java.lang.IllegalStateException: docker exec failed");
        SelfCheckReport.write(dir, first, 10, Duration.ofMinutes(50));

        SelfCheckReport.Earlier earlier = SelfCheckReport.read(dir.resolve(SelfCheckReport.JSON));
        SelfCheckTally resumed = SelfCheckTally.resuming(earlier.runs(), List.of(CASE, gone), 0, "2026-12-01T08:00Z", BANDS);
        assertThat(earlier.elapsed()).isEqualTo(Duration.ofMinutes(50));
        assertThat(resumed.unchangedRuns("zookeeper")).isEqualTo(1);
        assertThat(resumed.hasNoise("zookeeper")).isTrue();
        assertThat(resumed.has(CASE)).isTrue();
        assertThat(resumed.has(gone)).as("skipped for a capability this machine lacks: not retried").isTrue();
        assertThat(SelfCheckTally.resuming(earlier.runs(), List.of(failing), 0, "later", BANDS).has(failing))
                .as("an injection that failed with an error runs again").isFalse();
        assertThat(resumed.injections()).hasSize(2).first().satisfies(i -> assertThat(i.caught()).isTrue());
        assertThat(resumed.falseAlarms()).isEqualTo(first.falseAlarms());
        InjectionCase changed = InjectionCase.regression("x", "zk.multiBatch=50", "d", List.of("zk-1node"), List.of(RATIO));
        assertThat(SelfCheckTally.resuming(earlier.runs(), List.of(changed), 0, "later", BANDS).has(changed))
                .as("its injection changed since: it runs again").isFalse();
        SelfCheckTally rebaselined = SelfCheckTally.resuming(earlier.runs(), List.of(CASE, gone), 0, "later",
                java.util.Map.of("zookeeper", "other bands"));
        assertThat(rebaselined.unchangedRuns("zookeeper")).as("judged against bands no longer in use").isZero();
        assertThat(rebaselined.has(CASE)).isFalse();
        assertThat(rebaselined.has(gone)).as("a capability this machine lacks does not depend on bands").isTrue();

        resumed.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.2, "Pass"), figure(LATENCY, Direction.LOWER_IS_BETTER, 2.0, "Pass")));
        assertThat(resumed.unchangedRunsPerSession()).containsExactly(
                java.util.Map.entry("2026-11-30T10:10Z", 1L), java.util.Map.entry("2026-12-01T08:00Z", 1L));
        assertThat(resumed.builds()).singleElement().satisfies(b -> assertThat(b.runs()).isEqualTo(2));
        assertThat(SelfCheckReport.markdown(resumed, 10, Duration.ofMinutes(60)))
                .contains("Unchanged runs by session (each began at): 2026-11-30T10:10Z 1, 2026-12-01T08:00Z 1.");
    }

    @Test
    void theSmallestSlowdownCaughtAndTheLargestMissedAreToldPerFigureKind() {
        SelfCheckTally tally = new SelfCheckTally();
        tally.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.0, "Pass"), figure(LATENCY, Direction.LOWER_IS_BETTER, 2.0, "Pass")));
        tally.injected(CASE, run(figure(RATIO, Direction.HIGHER_IS_BETTER, 3.0, "Regression"),
                figure(LATENCY, Direction.LOWER_IS_BETTER, 2.2, "Pass")));
        InjectionCase other = InjectionCase.regression("y", "zk.cpus=0.5", "d", List.of("zk-1node"), List.of(RATIO, LATENCY));
        tally.injected(other, run(figure(RATIO, Direction.HIGHER_IS_BETTER, 4.0, "Pass"),
                figure(LATENCY, Direction.LOWER_IS_BETTER, 5.0, "Regression")));
        // An environment change fails nothing by design: it says nothing of what a band catches.
        tally.injected(InjectionCase.environment("disk", "env.fsyncDelayUs=150", "d", List.of("zk-1node"), List.of(LATENCY)),
                run(figure(LATENCY, Direction.LOWER_IS_BETTER, 2.1, "Pass")));

        assertThat(tally.catchesByKind()).extracting(SelfCheckTally.CatchesByKind::kind)
                .containsExactly("zookeeper: ratios", "zookeeper: sync p50");
        SelfCheckTally.CatchesByKind ratios = tally.catchesByKind().get(0);
        assertThat(ratios.targets()).isEqualTo(2);
        assertThat(ratios.caught()).isEqualTo(1);
        assertThat(ratios.smallestCaught()).get().satisfies(c -> {
            assertThat(c.injection()).isEqualTo("x");
            assertThat(c.slowdown()).isCloseTo(2.0, org.assertj.core.api.Assertions.within(1e-9));
        });
        assertThat(ratios.largestMissed()).get().extracting(SelfCheckTally.Catch::injection).isEqualTo("y");
        SelfCheckTally.CatchesByKind latency = tally.catchesByKind().get(1);
        assertThat(latency.targets()).as("the environment change's watched figure is not counted").isEqualTo(2);
        assertThat(SelfCheckReport.markdown(tally, 1, Duration.ofSeconds(1)))
                .contains("| zookeeper: ratios | 1 / 2 | 2× zk-1node / asyncOverSync (`x`) | 1.5× zk-1node / asyncOverSync (`y`) |");
        assertThat(SelfCheckReport.json(tally, 1, Duration.ofSeconds(1)).get("catchesByKind").get(1)
                .get("smallestCaught").get("slowdown").asDouble()).isCloseTo(2.5, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aRegressionInjectionThatATargetCallsDisturbedIsAProblem() {
        SelfCheckTally tally = new SelfCheckTally();
        tally.unchanged(run(figure(RATIO, Direction.HIGHER_IS_BETTER, 6.0, "Pass")));
        tally.injected(CASE, run(figure(RATIO, Direction.HIGHER_IS_BETTER, 3.0, "Disturbed")));
        assertThat(tally.problems()).contains("taken for a busy machine: x made zk-1node / asyncOverSync Disturbed");
    }

    @Test
    void aResumeFromAFileWithoutRunsFailsNamingIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path old = dir.resolve("selfcheck.json");
        java.nio.file.Files.writeString(old, "{\"builds\": []}");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SelfCheckReport.read(old))
                .hasMessageContaining(old.toString()).hasMessageContaining("no \"runs\"");
    }

    @Test
    void aCaseRunTenTimesIsHeldToItsShareOfRunsOnItsMedianSlowdown() throws Exception {
        SelfCheckTally tally = new SelfCheckTally(0, CatchGoal.SAME_RUN, "now", java.util.Map.of());
        tally.unchanged(run(figure(LATENCY, Direction.LOWER_IS_BETTER, 1.0, "Pass")));
        // 1.25x in every run, caught in 8 of 10: under the 9 of 10 the same-run goal asks.
        for (int k = 1; k <= 10; k++) {
            tally.injected(CASE.run(k), run(figure(LATENCY, Direction.LOWER_IS_BETTER, 1.25, k <= 8 ? "Regression" : "Pass")));
        }
        assertThat(CASE.run(3).name()).isEqualTo("x #3");
        assertThat(CASE.run(3).baseName()).isEqualTo("x");
        assertThat(tally.catchRates()).singleElement().satisfies(r -> {
            assertThat(r.injection()).isEqualTo("x");
            assertThat(r.runs()).isEqualTo(10);
            assertThat(r.caught()).isEqualTo(8);
            assertThat(r.medianSlowdown()).isCloseTo(1.25, org.assertj.core.api.Assertions.within(1e-9));
        });
        assertThat(tally.problems()).singleElement().asString()
                .isEqualTo("missed: x slowed zk-1node / syncP50 1.25x (median of 10 runs) but 8 of 10 caught it (goal: 9 of 10 runs)");
        assertThat(SelfCheckReport.markdown(tally, 1, Duration.ofSeconds(1)))
                .contains("| `x` | zk-1node / syncP50 | ❌ 8 / 10 | 1.25× |", "slowed ≥ 1.2× fails, in 9 of 10 runs");

        SelfCheckTally nine = new SelfCheckTally(0, CatchGoal.SAME_RUN, "now", java.util.Map.of());
        nine.unchanged(run(figure(LATENCY, Direction.LOWER_IS_BETTER, 1.0, "Pass")));
        for (int k = 1; k <= 10; k++) {
            nine.injected(CASE.run(k), run(figure(LATENCY, Direction.LOWER_IS_BETTER, 1.25, k <= 9 ? "Regression" : "Pass")));
        }
        assertThat(nine.problems()).isEmpty();
    }

    @Test
    void theSameRunCatalogueRunsEveryCaseOnceBeforeAnyTwiceAndNamesEveryRunApart() {
        List<InjectionCase> cases = SelfCheckCatalogue.sameRun(10);
        assertThat(cases).extracting(InjectionCase::name).doesNotHaveDuplicates();
        List<String> bases = cases.stream().map(InjectionCase::baseName).toList();
        int firstRepeat = bases.size() - (int) bases.stream().distinct().count();
        assertThat(bases.subList(0, bases.size() - firstRepeat)).doesNotHaveDuplicates();
        assertThat(cases).filteredOn(c -> c.baseName().equals("ab-fsync-20us")).hasSize(10)
                .allSatisfy(c -> assertThat(c.scenarios()).containsExactly("zk-1node"));
        assertThat(cases).filteredOn(c -> c.baseName().equals("ab-fsync-150us")).hasSize(10)
                .allSatisfy(c -> assertThat(c.scenarios()).containsExactly("zk-5node"));
        assertThat(SelfCheckCatalogue.sameRun(1)).extracting(InjectionCase::name).contains("ab-fsync-20us")
                .noneMatch(n -> n.contains(" #"));
    }
}
