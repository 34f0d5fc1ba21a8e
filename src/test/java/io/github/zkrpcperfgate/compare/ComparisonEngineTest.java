package io.github.zkrpcperfgate.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Measurement;
import io.github.zkrpcperfgate.gate.ScenarioDriver;
import io.github.zkrpcperfgate.measure.LatencyRecorder;
import io.github.zkrpcperfgate.measure.Progress;
import io.github.zkrpcperfgate.measure.Testbed;
import io.github.zkrpcperfgate.measure.TrialPlan;
import io.github.zkrpcperfgate.measure.Workload;
import io.github.zkrpcperfgate.report.CompareJson;
import io.github.zkrpcperfgate.report.SummaryMarkdown;
import io.github.zkrpcperfgate.report.html.HtmlReport;
import io.github.zkrpcperfgate.result.Comparisons;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.result.GroupResult;
import io.github.zkrpcperfgate.result.Timeline;
import io.github.zkrpcperfgate.verdict.Verdict;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ComparisonEngineTest {

    private static final TrialPlan PLAN = new TrialPlan(1, 6, 12, 8, 1, Duration.ZERO);
    private static final Progress QUIET = new Progress(new PrintStream(OutputStream.nullOutputStream()));
    private static final GatedFigure P50 = GatedFigure.latencyCeiling("s", "p50", "s/x", 50, 2.0);

    /** Servers of one release whose every call takes {@code millis}; what happens to them goes to {@code events}. */
    private record Release(String name, double millis, List<String> events) implements ScenarioDriver {

        @Override
        public String group() {
            return "g";
        }

        @Override
        public List<GatedFigure> figures() {
            return List.of(P50);
        }

        @Override
        public List<GatedFigure> catalogue() {
            return figures();
        }

        @Override
        public String baselineFile() {
            return "g.json";
        }

        @Override
        public void start() {
            events.add("start " + name);
        }

        @Override
        public void restart() {
            events.add("restart " + name);
        }

        @Override
        public Measurement measure(boolean reported) {
            Workload calls = new Workload() {
                @Override
                public String name() {
                    return "s/x";
                }

                @Override
                public int operationsPerSet() {
                    return 1;
                }

                @Override
                public void runSet(LatencyRecorder latencies) {
                    latencies.recordNanos((long) (millis * 1e6));
                }

                @Override
                public void resetAfterSet() {
                }
            };
            return Measurement.of(List.of(calls), Map.of("zookeeper.version", name), () -> { });
        }

        @Override
        public void close() {
            events.add("close " + name);
        }
    }

    /** 3.8.3 to 3.9.5, where 3.8.6 made calls twice as slow and 3.9.0 and the candidate left them as they were. */
    private static ComparedRun timeline(List<String> events) throws Exception {
        Properties p = new Properties();
        p.setProperty("perf.compare", "zookeeper.version=3.8.3,3.8.6,3.9.0");
        p.setProperty("perf.compare.starts", "4");
        p.setProperty("perf.compare.rounds", "3");
        ReleaseComparison c = ReleaseComparison.from(p).orElseThrow().forCandidate("3.9.5");
        List<ScenarioDriver> sides = List.of(new Release("3.8.3", 1, events), new Release("3.8.6", 2, events),
                new Release("3.9.0", 2, events), new Release("3.9.5", 2, events));
        return new ComparisonEngine(PLAN, QUIET).run("g", sides, "3.9.5", c);
    }

    @Test
    void aTimelineRunsEveryReleaseInTheSameRoundsJudgesOnlyTheCandidateAndShowsWhichReleaseMovedAFigure() throws Exception {
        List<String> events = new ArrayList<>();
        ComparedRun run = timeline(events);

        assertThat(events.subList(0, 4)).as("start 1: oldest first").containsExactly("start 3.8.3", "start 3.8.6", "start 3.9.0",
                "start 3.9.5");
        assertThat(events.subList(4, 8)).as("start 2: the other way round (ABBA)").containsExactly("restart 3.9.5", "restart 3.9.0",
                "restart 3.8.6", "restart 3.8.3");
        assertThat(events).endsWith("close 3.9.5", "close 3.9.0", "close 3.8.6", "close 3.8.3");
        assertThat(run.judged().group()).isEqualTo("g");
        FigureResult judged = run.judged().figures().get(0);
        assertThat(judged.verdict().kind()).isEqualTo(Verdict.Kind.PASS);
        assertThat(judged.unit()).isEqualTo("x slower than 3.9.0");
        assertThat(run.earlierSteps()).extracting(GroupResult::group).containsExactly("g, step 1 of 3", "g, step 2 of 3");
        FigureResult slowedDown = run.earlierSteps().get(0).figures().get(0);
        assertThat(slowedDown.value().median()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(slowedDown.passed()).as("an earlier release's slowdown is reported, not the candidate's to fail").isTrue();
        assertThat(slowedDown.reason()).contains(ComparisonEngine.EARLIER_STEP);
        assertThat(Comparisons.side(slowedDown, "reference").orElseThrow().release()).isEqualTo("3.8.3");
        assertThat(run.judged().samples()).extracting(s -> s.workload())
                .contains("earlier1:s/x", "earlier2:s/x", "reference:s/x", "candidate:s/x");

        Timeline t = Timeline.in(run.groups()).get(0);
        assertThat(t.releases()).containsExactly("3.8.3", "3.8.6", "3.9.0", "3.9.5");
        Timeline.Row row = t.rows().get(0);
        assertThat(row.values()).extracting(e -> Math.round(e.median())).containsExactly(1L, 2L, 2L, 2L);
        assertThat(row.steps()).extracting(t::moved).containsExactly("▲", "", "");
    }

    @Test
    void theReportsDrawTheTimelineBeforeItsSteps() throws Exception {
        List<GroupResult> groups = timeline(new ArrayList<>()).groups();
        String md = SummaryMarkdown.render(groups);
        assertThat(md).contains("## g: timeline 3.8.3 → 3.8.6 → 3.9.0 → 3.9.5")
                .contains("| figure | 3.8.3 | 3.8.6 | 3.9.0 | 3.9.5 |")
                .contains("(▲ +100.0%, +100.0% to +100.0%)");
        assertThat(md.indexOf("timeline 3.8.3")).as("the timeline first, then each step's table")
                .isLessThan(md.indexOf("## g, step 1 of 3:"));
        assertThat(md).as("the headline counts the judged step's figure only").contains("All 1 judged figures passed.");
        assertThat(md).as("an earlier step's table says it was not judged").contains("+100.0% to +100.0% | not judged |");
        String html = HtmlReport.render(groups);
        assertThat(html).contains("<table class=\"comparison timeline\">").contains("<svg class=\"chart timeline\"")
                .contains("3.8.6: 2.001 ms, +100.0% (+100.0% to +100.0%) against 3.8.3")
                .contains("<h3>g, step 1 of 3: 3.8.3 → 3.8.6</h3>");
        assertThat(CompareJson.render(groups)).contains("\"judged\" : false").contains("\"judged\" : true");
    }

    @Test
    void aTimelinePutsThePomsReleaseLastAndOneReleaseAloneStaysTheReference() {
        Properties p = new Properties();
        p.setProperty("perf.compare", "zookeeper.version=3.8.3, 3.9.4,3.9.5");
        ReleaseComparison c = ReleaseComparison.from(p).orElseThrow();
        assertThat(c.forCandidate("3.9.5").releases()).as("the POM's release ends the list: measured once, as the candidate")
                .containsExactly("3.8.3", "3.9.4");
        assertThat(c.forCandidate("3.9.5").timeline("3.9.5")).containsExactly("3.8.3", "3.9.4", "3.9.5");
        assertThat(c.forCandidate("3.9.6").reference()).isEqualTo("3.9.5");
        assertThatThrownBy(() -> c.forCandidate("3.9.4")).hasMessageContaining("3.9.4 is the POM's release")
                .hasMessageContaining("comes last");
        p.setProperty("perf.compare", "zookeeper.version=3.9.5");
        ReleaseComparison aa = ReleaseComparison.from(p).orElseThrow().forCandidate("3.9.5");
        assertThat(aa.reference()).as("A/A").isEqualTo("3.9.5");
        assertThat(aa.earlier()).isEmpty();
        p.setProperty("perf.compare", "zookeeper.version=3.8.3,3.8.3");
        assertThatThrownBy(() -> ReleaseComparison.from(p)).hasMessageContaining("3.8.3 listed twice");
        p.setProperty("perf.compare", "zookeeper.version=3.8.3,,3.9.4");
        assertThatThrownBy(() -> ReleaseComparison.from(p)).hasMessageContaining("an empty release");
    }

    @Test
    void aSelfChecksLedgerPoolsOnlyRunsOfTheSameTestbed() {
        Properties p = new Properties();
        p.setProperty("perf.compare", "zookeeper.version=3.9.5");
        ReleaseComparison aa = ReleaseComparison.from(p).orElseThrow().forCandidate("3.9.5");
        String xeon = aa.ledgerKey("3.9.5", new Testbed("2c-intel-xeon"));
        assertThat(xeon).as("what a resumed self-check pools on").contains("candidate 3.9.5").contains("testbed 2c-intel-xeon")
                .contains("seed=20261130");
        assertThat(aa.ledgerKey("3.9.5", new Testbed("2c-amd-epyc")))
                .as("another machine class's runs do not pool").isNotEqualTo(xeon);
        assertThat(aa.ledgerKey("3.9.6", new Testbed("2c-intel-xeon")))
                .as("another candidate's runs do not pool").isNotEqualTo(xeon);
    }
}
