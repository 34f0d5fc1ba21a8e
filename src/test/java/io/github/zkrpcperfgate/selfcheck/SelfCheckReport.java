package io.github.zkrpcperfgate.selfcheck;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zkrpcperfgate.files.JsonFiles;
import io.github.zkrpcperfgate.result.FigureResult;
import io.github.zkrpcperfgate.report.ResultsJson;
import io.github.zkrpcperfgate.stats.SignificantDigits;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code selfcheck.json} and {@code selfcheck.md}: false alarms per figure over the unchanged
 * runs, the noisy-neighbour run, and each injection's slowdown and whether it was caught.
 * Rewritten after every run, so a long self-check that dies still leaves what it measured, and
 * {@code -Dperf.selfcheck.resume=<an earlier selfcheck.json>} goes on from it in a later session.
 */
public final class SelfCheckReport {

    public static final String JSON = "selfcheck.json";
    public static final String MARKDOWN = "selfcheck.md";

    private SelfCheckReport() {
    }

    public static void write(Path directory, SelfCheckTally tally, int plannedRuns, Duration elapsed) throws IOException {
        JsonFiles.writeAtomically(directory.resolve(JSON), JsonFiles.render(json(tally, plannedRuns, elapsed)));
        JsonFiles.writeAtomically(directory.resolve(MARKDOWN), markdown(tally, plannedRuns, elapsed));
    }

    static ObjectNode json(SelfCheckTally tally, int plannedRuns, Duration elapsed) {
        ObjectNode root = JsonFiles.mapper().createObjectNode();
        root.put("plannedUnchangedRuns", plannedRuns);
        root.put("elapsedSeconds", elapsed.toSeconds());
        root.put("mustCatchSlowdown", tally.goal().mustCatch());
        root.put("mustCatchShare", tally.goal().share());
        ArrayNode builds = root.putArray("builds");
        for (SelfCheckTally.Builds b : tally.builds()) {
            ObjectNode row = builds.addObject();
            row.put("group", b.group());
            row.put("runs", b.runs());
            row.put("failed", b.failed());
            b.failedFigures().forEach(row.putArray("failedFigures")::add);
        }
        ArrayNode alarms = root.putArray("falseAlarms");
        for (SelfCheckTally.FalseAlarms r : tally.falseAlarms()) {
            ObjectNode row = alarms.addObject();
            row.put("figure", r.figure().toString());
            row.put("unit", r.unit());
            row.put("runs", r.runs());
            row.put("alarms", r.alarms());
            row.put("disturbed", r.disturbed());
            row.put("band", r.band());
            r.verdicts().forEach(row.putArray("verdicts")::add);
            r.medians().forEach(row.putArray("medians")::add);
            r.rounds().forEach(row.putArray("rounds")::add);
        }
        ArrayNode noise = root.putArray("noise");
        for (SelfCheckTally.NoiseOutcome n : tally.noise()) {
            ObjectNode row = noise.addObject();
            row.put("group", n.group());
            row.put("neighbour", n.neighbour());
            row.put("failed", n.failed().size());
            row.put("disturbed", n.disturbed().size());
            ArrayNode figures = row.putArray("figures");
            for (FigureResult f : n.figures()) {
                figures.addObject().put("figure", f.key().toString()).put("verdict", f.verdictName())
                        .put("median", f.value().median()).put("rounds", f.value().sampleCount());
            }
            n.notes().forEach(row.putArray("notes")::add);
        }
        ArrayNode injections = root.putArray("injections");
        for (SelfCheckTally.InjectionOutcome i : tally.injections()) {
            ObjectNode row = injections.addObject();
            row.put("name", i.injection().name());
            row.put("inject", i.injection().inject());
            row.put("description", i.injection().description());
            row.put("environment", i.injection().environment());
            if (i.skipped() != null) {
                row.put("skipped", i.skipped());
                continue;
            }
            row.put("slowdown", i.slowdown());
            row.put("caught", i.caught());
            i.figures().forEach(row.putArray("figures")::add);
            ArrayNode targets = row.putArray("targets");
            for (SelfCheckTally.TargetOutcome t : i.targets()) {
                targets.addObject().put("figure", t.figure().toString()).put("reference", t.reference())
                        .put("measured", t.measured()).put("slowdown", t.slowdown()).put("verdict", t.verdict().jsonName())
                        .put("mustBeCaught", t.mustBeCaught());
            }
        }
        ArrayNode rates = root.putArray("catchRates");
        for (SelfCheckTally.CatchRate r : tally.catchRates()) {
            ObjectNode row = rates.addObject().put("injection", r.injection()).put("figure", r.figure().toString())
                    .put("runs", r.runs()).put("caught", r.caught()).put("medianSlowdown", r.medianSlowdown());
            r.slowdowns().forEach(row.putArray("slowdowns")::add);
        }
        ArrayNode kinds = root.putArray("catchesByKind");
        for (SelfCheckTally.CatchesByKind k : tally.catchesByKind()) {
            ObjectNode row = kinds.addObject();
            row.put("kind", k.kind());
            row.put("targets", k.targets());
            row.put("caught", k.caught());
            k.smallestCaught().ifPresent(c -> catchJson(row.putObject("smallestCaught"), c));
            k.largestMissed().ifPresent(c -> catchJson(row.putObject("largestMissed"), c));
        }
        tally.problems().forEach(root.putArray("problems")::add);
        ObjectNode sessions = root.putObject("unchangedRunsPerSession");
        tally.unchangedRunsPerSession().forEach(sessions::put);
        // The ledger last: every run's figures, what -Dperf.selfcheck.resume reads back.
        ArrayNode runs = root.putArray("runs");
        for (SelfCheckTally.LoggedRun r : tally.ledger()) {
            ObjectNode row = runs.addObject();
            row.put("kind", r.kind().name().toLowerCase(java.util.Locale.ROOT));
            row.put("name", r.name());
            row.put("detail", r.detail());
            row.put("group", r.group());
            row.put("session", r.session());
            row.put("baselines", r.baselines());
            r.notes().forEach(row.putArray("notes")::add);
            ArrayNode figures = row.putArray("figures");
            r.figures().forEach(f -> ResultsJson.figure(figures.addObject(), r.group(), f));
        }
        return root;
    }

    private static void catchJson(ObjectNode node, SelfCheckTally.Catch c) {
        node.put("injection", c.injection()).put("figure", c.figure().toString()).put("slowdown", c.slowdown());
    }

    private static String catchCell(java.util.Optional<SelfCheckTally.Catch> c) {
        return c.map(x -> SignificantDigits.format(x.slowdown()) + "× " + x.figure() + " (`" + x.injection() + "`)")
                .orElse("—");
    }

    /** What an earlier {@link #JSON} holds for {@code -Dperf.selfcheck.resume}: its runs and the time they took. */
    public record Earlier(List<SelfCheckTally.LoggedRun> runs, Duration elapsed) {
    }

    /** Reads the runs back; a file without them (or not JSON) fails, naming the file. */
    public static Earlier read(Path file) throws IOException {
        JsonNode root;
        try {
            root = JsonFiles.mapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException("cannot read the self-check to resume from " + file + ": " + e.getMessage(), e);
        }
        JsonNode runs = root == null ? null : root.get("runs");
        if (runs == null || !runs.isArray()) {
            throw new IOException(file + " has no \"runs\" to resume from (written by an older self-check?)");
        }
        List<SelfCheckTally.LoggedRun> read = new ArrayList<>();
        for (JsonNode r : runs) {
            List<FigureResult> figures = new ArrayList<>();
            r.path("figures").forEach(f -> figures.add(ResultsJson.readFigure(f)));
            List<String> notes = new ArrayList<>();
            r.path("notes").forEach(n -> notes.add(n.asText()));
            read.add(new SelfCheckTally.LoggedRun(
                    SelfCheckTally.Kind.valueOf(r.path("kind").asText().toUpperCase(java.util.Locale.ROOT)),
                    r.path("name").asText(), r.path("detail").asText(), r.path("group").asText(),
                    r.path("session").asText(), r.path("baselines").asText(""), figures, notes));
        }
        return new Earlier(read, Duration.ofSeconds(root.path("elapsedSeconds").asLong()));
    }

    static String markdown(SelfCheckTally tally, int plannedRuns, Duration elapsed) {
        StringBuilder md = new StringBuilder("# Gate self-check\n\n");
        List<String> problems = tally.problems();
        md.append(problems.isEmpty() ? "**All goals met.**" : "**" + problems.size() + " goal(s) missed.**")
                .append(" Unchanged runs planned: ").append(plannedRuns).append("; time so far: ")
                .append(elapsed.toMinutes()).append(" min ").append(elapsed.toSecondsPart()).append(" s.\n\n");
        problems.forEach(p -> md.append("- ❌ ").append(p).append('\n'));

        md.append("\n## Unchanged builds (goal: at most 1 in 20 fails)\n\n");
        Map<String, Long> sessions = tally.unchangedRunsPerSession();
        if (!sessions.isEmpty()) {
            md.append("Unchanged runs by session (each began at): ").append(sessions.entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))).append(".\n\n");
        }
        md.append("| group | failed / builds | failed figures |\n|---|---|---|\n");
        for (SelfCheckTally.Builds b : tally.builds()) {
            md.append("| ").append(b.group()).append(" | ").append(b.failed() == 0 ? "" : "❌ ").append(b.failed()).append(" / ")
                    .append(b.runs()).append(" | ").append(String.join(", ", b.failedFigures())).append(" |\n");
        }
        md.append("\n## False alarms over unchanged runs (goal 0)\n\n")
                .append("| figure | alarms / runs | medians (min – max) | band | rounds per run |\n|---|---|---|---|---|\n");
        // A Disturbed verdict (busy machine, not judged) is no alarm; the rounds column shows what it cost.
        for (SelfCheckTally.FalseAlarms r : tally.falseAlarms()) {
            double min = r.medians().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
            double max = r.medians().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            md.append("| ").append(r.figure()).append(" | ").append(r.alarms() == 0 ? "" : "❌ ")
                    .append(r.alarms()).append(" / ").append(r.runs())
                    .append(r.disturbed() > 0 ? " (" + r.disturbed() + " not judged: machine busy)" : "")
                    .append(" | ").append(SignificantDigits.format(min)).append(" – ").append(SignificantDigits.format(max)).append(' ').append(r.unit())
                    .append(" | ").append(r.band())
                    .append(" | ").append(r.rounds().stream().map(String::valueOf).collect(Collectors.joining(" ")))
                    .append(" |\n");
        }

        md.append("\n## Injected slowdowns (goal: every targeted figure slowed ≥ ")
                .append(SignificantDigits.format(tally.goal().mustCatch())).append("× fails, in ")
                .append(tally.goal().describeShare()).append(")\n\n")
                .append("| injection | what | targeted figure | slowdown | verdict | caught |\n|---|---|---|---|---|---|\n");
        for (SelfCheckTally.InjectionOutcome i : tally.injections()) {
            String head = "| `" + i.injection().name() + "` (`" + i.injection().inject() + "`) | " + i.injection().description();
            if (i.skipped() != null) {
                md.append(head).append(" | — | — | skipped: ").append(i.skipped()).append(" | — |\n");
                continue;
            }
            for (SelfCheckTally.TargetOutcome t : i.targets()) {
                md.append(head).append(" | ").append(t.figure())
                        .append(" | ").append(SignificantDigits.format(t.slowdown())).append("× (")
                        .append(SignificantDigits.format(t.reference())).append(" → ").append(SignificantDigits.format(t.measured())).append(')')
                        .append(" | ").append(t.verdict().jsonName())
                        .append(" | ").append(i.injection().environment()
                                ? (i.figures().isEmpty() ? "✅ environment: nothing failed" : "❌ environment: the build failed")
                                : t.caught() ? "✅ yes" : t.mustBeCaught() ? "❌ no" : "no (under "
                                + SignificantDigits.format(tally.goal().mustCatch()) + "×)")
                        .append(" |\n");
            }
            List<String> others = i.figures().stream()
                    .filter(f -> i.targets().stream().noneMatch(t -> f.startsWith(t.figure() + " "))).toList();
            if (!others.isEmpty()) {
                md.append(head).append(" | also failed: ").append(String.join(", ", others)).append(" | | | |\n");
            }
        }

        List<SelfCheckTally.CatchRate> repeated = tally.catchRates().stream().filter(r -> r.runs() > 1).toList();
        if (!repeated.isEmpty()) {
            md.append("\n## Injections run more than once: how many runs caught each\n\n")
                    .append("| injection | targeted figure | caught / runs | median slowdown | slowdowns |\n|---|---|---|---|---|\n");
            for (SelfCheckTally.CatchRate r : repeated) {
                boolean owed = r.medianSlowdown() >= tally.goal().mustCatch();
                md.append("| `").append(r.injection()).append("` | ").append(r.figure()).append(" | ")
                        .append(owed && !tally.goal().met(r.caught(), r.runs()) ? "❌ " : "").append(r.caught()).append(" / ")
                        .append(r.runs()).append(" | ").append(SignificantDigits.format(r.medianSlowdown())).append("× | ")
                        .append(r.slowdowns().stream().map(SignificantDigits::format).collect(Collectors.joining(" ")))
                        .append(" |\n");
            }
        }

        md.append("\n## Smallest slowdown caught, per figure kind\n\n")
                .append("Every targeted figure of every injection that ran (environment changes left out), its slowdown ")
                .append("against the median of the unchanged runs.\n\n")
                .append("| figure kind | caught / targeted | smallest caught | largest missed |\n|---|---|---|---|\n");
        for (SelfCheckTally.CatchesByKind k : tally.catchesByKind()) {
            md.append("| ").append(k.kind()).append(" | ").append(k.caught()).append(" / ").append(k.targets())
                    .append(" | ").append(catchCell(k.smallestCaught())).append(" | ").append(catchCell(k.largestMissed()))
                    .append(" |\n");
        }

        md.append("\n## A noisy neighbour (goal: no failure)\n\n");
        for (SelfCheckTally.NoiseOutcome n : tally.noise()) {
            md.append("- **").append(n.group()).append("** with ").append(n.neighbour()).append(": ")
                    .append(n.failed().isEmpty() ? "nothing failed" : n.failed().size() + " failed")
                    .append(" (").append(n.figures().size() - n.failed().size() - n.disturbed().size()).append(" passed, ")
                    .append(n.disturbed().size()).append(" not judged: Disturbed)")
                    .append("; rounds per figure: ")
                    .append(n.figures().stream().map(f -> f.key().figure() + "@" + f.key().scenario() + " "
                            + f.value().sampleCount()).collect(Collectors.joining(", ")))
                    .append('\n');
            n.notes().forEach(note -> md.append("  - ").append(note).append('\n'));
        }
        return md.toString();
    }
}
