package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class PerfSettingsTest {

    private static PerfSettings with(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return PerfSettings.from(p);
    }

    @Test
    void defaultsSelectEverythingAndDoNotUpdate() {
        PerfSettings s = with();
        assertThat(s.selects("zk-5node")).isTrue();
        assertThat(s.updateBaselines()).isFalse();
        assertThat(s.plan(PerfSettings.DEFAULT_PLAN)).isEqualTo(PerfSettings.DEFAULT_PLAN);
    }

    @Test
    void globsAndCommaListsSelectScenarios() {
        PerfSettings s = with("perf.scenarios", "zk-1*, rpc-?-x");
        assertThat(s.selects("zk-1node")).isTrue();
        assertThat(s.selects("zk-5node")).isFalse();
        assertThat(s.selects("rpc-a-x")).isTrue();
        assertThat(s.selects("rpc-ab-x")).isFalse();
    }

    @Test
    void roundsOverrideSetsVerdictAndRecordRoundsAndDoublesTheCap() {
        var plan = with("perf.rounds", "7").plan(PerfSettings.DEFAULT_PLAN);
        assertThat(plan.minRounds()).isEqualTo(7);
        assertThat(plan.recordRounds()).isEqualTo(7);
        assertThat(plan.maxRounds()).isEqualTo(14);
        assertThat(plan.recordRuns()).isEqualTo(PerfSettings.DEFAULT_PLAN.recordRuns());
    }

    @Test
    void aReBaselinePoolsFiveRunsUnlessToldOtherwise() {
        assertThat(with().plan(PerfSettings.DEFAULT_PLAN).recordRuns()).isEqualTo(5);
        assertThat(with("perf.baselines.runs", "5", "perf.rounds", "7").plan(PerfSettings.DEFAULT_PLAN))
                .extracting(TrialPlanFields::of).isEqualTo(new TrialPlanFields(7, 5));
    }

    private record TrialPlanFields(int recordRounds, int recordRuns) {
        static TrialPlanFields of(io.github.zkrpcperfgate.measure.TrialPlan plan) {
            return new TrialPlanFields(plan.recordRounds(), plan.recordRuns());
        }
    }

    @Test
    void theQuickProfileRunsTheSeedsScenariosWithALowerCapAndNoCrossCheck() {
        PerfSettings quick = with("perf.profile", "quick");
        assertThat(quick.selects("zk-5node")).isTrue();
        assertThat(quick.selects("rpc-seed-writable")).isTrue();
        assertThat(quick.selects("rpc-heavy-nosleep-protobuf")).isFalse();
        assertThat(quick.plan(PerfSettings.DEFAULT_PLAN).maxRounds()).isEqualTo(8);
        assertThat(quick.plan(PerfSettings.DEFAULT_PLAN).minRounds()).isEqualTo(6);
        assertThat(quick.profile().crossCheck()).isFalse();
        assertThat(with().profile()).isEqualTo(PerfProfile.FULL);
        assertThat(with().profile().crossCheck()).isTrue();
        assertThat(with("perf.profile", "quick", "perf.rounds", "7").plan(PerfSettings.DEFAULT_PLAN).maxRounds()).isEqualTo(14);
        assertThatThrownBy(() -> with("perf.profile", "nightly")).hasMessageContaining("[quick, full]");
    }

    @Test
    void badRoundsAreNamed() {
        assertThatThrownBy(() -> with("perf.rounds", "many")).hasMessageContaining("-Dperf.rounds");
        assertThatThrownBy(() -> with("perf.rounds", "0")).hasMessageContaining(">= 1");
        assertThatThrownBy(() -> with("perf.baselines.runs", "0")).hasMessageContaining("-Dperf.baselines.runs must be >= 1");
        assertThatThrownBy(() -> with("perf.baselines.runs", "three")).hasMessageContaining("-Dperf.baselines.runs");
    }

    @Test
    void injectionParsesAndRejectsUnknownKeysOfAPrefix() {
        Injection i = Injection.parse("zk.flushDelayMs=10, rpc.handlers=1");
        assertThat(i.get("zk.flushDelayMs")).contains("10");
        i.requireKnown("zk.", java.util.Set.of("zk.flushDelayMs"));
        assertThatThrownBy(() -> Injection.parse("zk.cpus=0.5").requireKnown("zk.", java.util.Set.of("zk.flushDelayMs")))
                .hasMessageContaining("\"zk.cpus\" is unknown");
        assertThatThrownBy(() -> Injection.parse("zk.flushDelayMs")).hasMessageContaining("key=value");
    }
}
