package io.github.zkrpcperfgate.namenode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.junit.jupiter.api.Test;

class NameNodeScenariosTest {

    @Test
    void theScenariosAreNnThroughputBenchmarksOperations() {
        assertThat(NameNodeScenarios.all()).extracting(NameNodeScenario::name)
                .containsExactly("nn-create", "nn-mkdirs", "nn-getfileinfo", "nn-rename");
        assertThat(NameNodeScenarios.SPECS).extracting(NameNodeSpec::label).containsExactly("h1r1", "h10r1", "h10r10");
    }

    /** h10r1 is what a NameNode runs with when nobody tunes it: the README says so, this checks it. */
    @Test
    void h10r1IsHadoopsDefaultNameNode() {
        Configuration defaults = new HdfsConfiguration();
        assertThat(new NameNodeSpec(defaults.getInt(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, -1),
                defaults.getInt(CommonConfigurationKeys.IPC_SERVER_RPC_READ_THREADS_KEY, -1)))
                .isEqualTo(NameNodeScenarios.H10R1);
        assertThat(defaults.getBoolean(DFSConfigKeys.DFS_NAMENODE_EDITS_ASYNC_LOGGING, false)).isTrue();
    }

    @Test
    void everyOperationGetsThreadingRatiosAndLatenciesAndEachWriteItsRatioOverTheRead() {
        List<GatedFigure> figures = NameNodeScenarios.figures(NameNodeScenarios.all());
        assertThat(figures).hasSize(4 * 3 + 3);
        assertThat(figures).extracting(f -> f.key().figure()).doesNotContain("opP99");
        assertThat(figures).filteredOn(f -> f.key().figure().equals("createOverGetFileInfo")).singleElement()
                .satisfies(f -> {
                    assertThat(f.workloads()).containsExactly("nn-create/h10r1", "nn-getfileinfo/h10r1", "calibration/fsync");
                    assertThat(f.diskBound()).isTrue();
                    assertThat(f.diskUnmovedUpTo()).isEqualTo(NameNodeScenarios.RATIOS_DISK_UNMOVED_UP_TO);
                });
        // Every NameNode latency widens on a slower disk, the read's too (measured to follow the disk's state).
        assertThat(figures).filteredOn(f -> f.key().figure().equals("opP50")).allSatisfy(f -> assertThat(f.diskBound()).isTrue());
        assertThat(figures).filteredOn(f -> f.key().figure().endsWith("OverHandlers1") || f.key().figure().endsWith("OverReaders1"))
                .allSatisfy(f -> assertThat(f.diskBound()).isFalse());
        assertThat(figures).extracting(f -> f.key().figure())
                .contains("mkdirsOverGetFileInfo", "renameOverGetFileInfo").doesNotContain("getfileinfoOverGetFileInfo");
        // Selected alone, create has no read to be divided by.
        assertThat(NameNodeScenarios.figures(List.of(NameNodeScenario.of(NameNodeOp.CREATE))))
                .extracting(f -> f.key().figure()).doesNotContain("createOverGetFileInfo");
    }

    @Test
    void theWritesBandsFollowTheReadsP50AndTheReadsTheCpu() {
        List<GatedFigure> figures = NameNodeScenarios.figures(NameNodeScenarios.all());
        GatedFigure read = figures.stream().filter(f -> f.key().toString().equals("nn-getfileinfo / opP50")).findFirst().orElseThrow();
        assertThat(read.bandFollows()).hasValueSatisfying(b -> assertThat(b).isInstanceOf(GatedFigure.BandFollowing.Machine.class));
        assertThat(read.minimumBandFactor()).isEqualTo(NameNodeScenarios.READ_MEDIAN_MIN_BAND);
        assertThat(figures).filteredOn(f -> f.key().figure().equals("opP50") && !f.key().scenario().equals("nn-getfileinfo"))
                .hasSize(3).allSatisfy(write -> {
                    assertThat(write.bandFollows()).hasValue(new GatedFigure.BandFollowing.Figure(read));
                    assertThat(write.workloads()).contains("nn-getfileinfo/h10r1", "calibration/fsync");
                    assertThat(write.minimumBandFactor()).isEqualTo(NameNodeScenarios.MEDIAN_MIN_BAND);
                });
        // Selected without the read, a write's band follows the CPU as the read's does.
        assertThat(NameNodeScenarios.figures(List.of(NameNodeScenario.of(NameNodeOp.CREATE))))
                .filteredOn(f -> f.key().figure().equals("opP50")).singleElement()
                .satisfies(f -> assertThat(f.bandFollows()).hasValueSatisfying(
                        b -> assertThat(b).isInstanceOf(GatedFigure.BandFollowing.Machine.class)));
    }

    /**
     * The family's rules restate the engine's with its own change: when the engine's change, this
     * must be restated too, or NameNode self-check runs under the new engine rules would pool
     * with runs under the old.
     */
    @Test
    void theFamilysRulesAreNoOlderThanTheEngines() {
        String family = new NameNodeScenarios().judgingRules();
        String engine = io.github.zkrpcperfgate.gate.GateEngine.JUDGING_RULES;
        assertThat(family).isNotEqualTo(engine);
        assertThat(family.substring(0, family.indexOf(' ')))
                .as("the date of the NameNode's rules against the engine's (%s); restate them", engine)
                .isGreaterThanOrEqualTo(engine.substring(0, engine.indexOf(' ')));
    }

    @Test
    void writesAreGatedLessTheFsyncProbeAndReadsInMilliseconds() {
        Map<String, String> units = new HashMap<>();
        NameNodeScenarios.figures(NameNodeScenarios.all()).stream().filter(f -> f.key().figure().equals("opP50"))
                .forEach(f -> units.put(f.key().scenario(), f.unit()));
        assertThat(units).containsEntry("nn-create", "ms above fsync").containsEntry("nn-mkdirs", "ms above fsync")
                .containsEntry("nn-rename", "ms above fsync").containsEntry("nn-getfileinfo", "ms");
    }

    @Test
    void injectionsChangeTheNameNodeNotTheNamesTheBaselineKnows() {
        Injection fewer = Injection.parse("nn.maxHandlers=5");
        assertThat(NameNodeDriver.injected(NameNodeScenarios.H10R10, fewer)).isEqualTo(new NameNodeSpec(5, 10));
        assertThat(NameNodeDriver.injected(NameNodeScenarios.H1R1, fewer)).isEqualTo(NameNodeScenarios.H1R1);
        assertThat(NameNodeDriver.editLog(Injection.parse("nn.editsDirs=3,nn.asyncLogging=false")))
                .isEqualTo(new MiniNameNode.EditLog(3, false, 0));
        assertThat(NameNodeDriver.editLog(Injection.parse("nn.journalSyncDelayUs=1000")))
                .isEqualTo(new MiniNameNode.EditLog(1, true, 1000));
        assertThat(NameNodeDriver.editLog(Injection.none())).isEqualTo(MiniNameNode.EditLog.DEFAULT);
    }

    @Test
    void aMistypedInjectionFailsBeforeAnythingStarts() {
        assertThatThrownBy(() -> new NameNodeDriver(List.of(), Injection.parse("nn.maxHandler=5"), false))
                .hasMessageContaining("nn.maxHandler").hasMessageContaining("nn.maxHandlers");
        assertThatThrownBy(() -> new NameNodeDriver(List.of(), Injection.parse("nn.asyncLogging=no"), false))
                .hasMessageContaining("true or false");
        assertThatThrownBy(() -> new NameNodeDriver(List.of(), Injection.parse("nn.maxHandlers=0"), false))
                .hasMessageContaining("nn.maxHandlers must be a whole number >= 1");
        assertThatThrownBy(() -> new NameNodeDriver(List.of(), Injection.parse("nn.editsDirs=two"), false))
                .hasMessageContaining("nn.editsDirs must be a whole number >= 1");
        assertThatThrownBy(() -> new NameNodeDriver(List.of(), Injection.parse("nn.journalSyncDelayUs=-5"), false))
                .hasMessageContaining("nn.journalSyncDelayUs must be a whole number >= 1");
    }

    @Test
    void theNameNodeListensOnLoopbackOnlyAndKeepsOneSyncedEditLogUnlessInjected() {
        Configuration conf = MiniNameNode.configuration(new NameNodeSpec(10, 10), new MiniNameNode.EditLog(3, true, 0),
                Path.of("/tmp/x"));
        assertThat(conf.get(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY)).startsWith("127.0.0.1:");
        assertThat(conf.get(DFSConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY)).startsWith("127.0.0.1:");
        assertThat(conf.getInt(CommonConfigurationKeys.IPC_SERVER_RPC_READ_THREADS_KEY, -1)).isEqualTo(10);
        assertThat(conf.getTrimmedStrings(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY)).hasSize(3);
        assertThat(conf.get(DFSConfigKeys.DFS_NAMENODE_EDITS_PLUGIN_PREFIX + "." + SlowJournal.SCHEME)).isNull();
    }

    @Test
    void aSlowJournalIsOneMoreEditsDirThroughHadoopsJournalPluginKey() {
        Configuration conf = MiniNameNode.configuration(new NameNodeSpec(10, 1), new MiniNameNode.EditLog(1, true, 1000),
                Path.of("/tmp/x"));
        assertThat(conf.getTrimmedStrings(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY))
                .containsExactly("file:///tmp/x/edits1", "perfgate-slow:///tmp/x/slow-journal");
        assertThat(conf.get(DFSConfigKeys.DFS_NAMENODE_EDITS_PLUGIN_PREFIX + ".perfgate-slow"))
                .isEqualTo(SlowJournal.class.getName());
        assertThat(conf.getLong(SlowJournal.SYNC_DELAY_US_KEY, 0)).isEqualTo(1000);
        assertThat(SlowJournal.uri(Path.of("/tmp/with space/j")).getPath()).isEqualTo("/tmp/with space/j");
    }
}
