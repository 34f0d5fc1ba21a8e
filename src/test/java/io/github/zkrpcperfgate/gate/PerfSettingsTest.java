package io.github.zkrpcperfgate.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
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
        assertThat(quick.selects("rpc-seed-protobuf")).isTrue();
        assertThat(quick.selects("rpc-seed-writable")).as("guarded on main and nightly only").isFalse();
        assertThat(quick.selects("rpc-heavy-nosleep-protobuf")).isFalse();
        assertThat(quick.plan(PerfSettings.DEFAULT_PLAN).maxRounds()).isEqualTo(9);
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
        assertThatThrownBy(() -> with("perf.rounds", "0")).hasMessageContaining(">= 6");
        assertThatThrownBy(() -> with("perf.rounds", "5")).hasMessageContaining("-Dperf.rounds must be >= 6");
        assertThatThrownBy(() -> with("perf.baselines.runs", "0")).hasMessageContaining("-Dperf.baselines.runs must be >= 1");
        assertThatThrownBy(() -> with("perf.baselines.runs", "three")).hasMessageContaining("-Dperf.baselines.runs");
    }

    @Test
    void aSelectionThatMatchesNothingFailsNamingTheScenarios() {
        List<String> known = List.of("zk-1node", "zk-5node", "rpc-small-protobuf");
        with("perf.scenarios", "zk-*").requireEveryGlobSelects(known);
        assertThatThrownBy(() -> with("perf.scenarios", "zk-1nod").requireEveryGlobSelects(known))
                .hasMessageContaining("\"zk-1nod\" matches no scenario of the full profile")
                .hasMessageContaining("[rpc-small-protobuf, zk-1node, zk-5node]");
        // One typo in a list fails too: it would silently drop a scenario.
        assertThatThrownBy(() -> with("perf.scenarios", "zk-1node,rpc-smal").requireEveryGlobSelects(known))
                .hasMessageContaining("\"rpc-smal\"");
        // A scenario the quick profile leaves out selects nothing in it.
        assertThatThrownBy(() -> with("perf.profile", "quick", "perf.scenarios", "rpc-small-protobuf")
                .requireEveryGlobSelects(known)).hasMessageContaining("of the quick profile");
    }

    @Test
    void baselinesLiveInTheTestbedsDirectory() {
        PerfSettings s = with("perf.testbed", "2c-amd-epyc", "perf.baselines.dir", "b");
        assertThat(s.baseline("hadoop-rpc.json").file()).isEqualTo(java.nio.file.Path.of("b", "2c-amd-epyc", "hadoop-rpc.json"));
        assertThat(s.baseline("hadoop-rpc.json").required()).isFalse();
        assertThat(s.baseline("x.json").recordCommand()).endsWith("-Dperf.testbed=2c-amd-epyc");
        assertThat(with("perf.testbed.required", "true").baseline("x.json").required()).isTrue();
        assertThat(with().testbed()).isEqualTo(io.github.zkrpcperfgate.measure.Testbed.detect());
        assertThatThrownBy(() -> with("perf.testbed", "../elsewhere")).hasMessageContaining("-Dperf.testbed");
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
