package io.github.zkrpcperfgate.hadooprpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zkrpcperfgate.gate.GatedFigure;
import io.github.zkrpcperfgate.gate.Injection;
import io.github.zkrpcperfgate.hadooprpc.release.BenchClient;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RpcScenariosTest {

    @Test
    void theSeedScenariosCarryTheSeedsNumbersOnAllFourConfigurations() {
        RpcScenario seed = RpcScenarios.all().stream().filter(s -> s.name().equals("rpc-seed-writable")).findFirst().orElseThrow();
        assertThat(seed.load()).isEqualTo(new RpcLoadSpec(100, 10, 200_000, 8, false));
        assertThat(seed.handlerSleep()).isEqualTo(Duration.ofMillis(100));
        assertThat(seed.servers()).extracting(RpcServerSpec::label).containsExactly("h1r1", "h1r10", "h10r1", "h10r10");
    }

    @Test
    void onlyTheWritableSeedsHandlerRatioMovesAgainstTheMachinesSpeed() {
        List<GatedFigure> handlers = RpcScenarios.figures(RpcScenarios.all()).stream()
                .filter(f -> f.key().figure().equals("handlers10OverHandlers1")).toList();
        assertThat(handlers).filteredOn(f -> f.bandFollows().isPresent()).extracting(f -> f.key().scenario())
                .containsExactly("rpc-seed-writable");
        assertThat(handlers).filteredOn(f -> f.bandFollows().isPresent())
                .allSatisfy(f -> assertThat(f.bandFollows().get().inversely()).isTrue());
    }

    @Test
    void everyFigureReadsWorkloadsThatTheScenarioRuns() {
        List<RpcScenario> all = RpcScenarios.all();
        Set<String> workloads = new HashSet<>();
        all.forEach(s -> s.servers().forEach(spec -> workloads.add(s.workloadName(spec))));
        for (RpcScenario s : all) {
            assertThat(workloads).contains(s.workloadName(1, 1), s.workloadName(10, 1), s.workloadName(10, 10));
        }
        assertThat(RpcScenarios.figures(all)).extracting(GatedFigure::key).extracting(k -> k.figure())
                .contains("handlers10OverHandlers1", "readers10OverReaders1", "callP50", "callP99");
    }

    @Test
    void latencyIsInMillisecondsAndASleepingHandlersSleepIsTakenOut() {
        var units = new java.util.HashMap<String, String>();
        RpcScenarios.figures(RpcScenarios.all()).stream().filter(f -> f.key().figure().equals("callP50"))
                .forEach(f -> units.put(f.key().scenario(), f.unit()));
        assertThat(units).containsEntry("rpc-seed-protobuf", "ms above sleep")
                .containsEntry("rpc-small-protobuf", "ms above sleep")
                .containsEntry("rpc-seed-writable", "ms above sleep").containsEntry("rpc-heavy-nosleep-protobuf", "ms");
    }

    @Test
    void theSmallCallsLatenciesKeepTheirBandsAsRecordedAndEveryOtherCallLatencyFollowsTheCpu() {
        List<GatedFigure> latencies = RpcScenarios.figures(RpcScenarios.all()).stream()
                .filter(f -> f.key().figure().startsWith("call")).toList();
        assertThat(latencies).filteredOn(f -> f.bandFollows().isEmpty()).extracting(f -> f.key().toString())
                .containsExactly("rpc-small-protobuf / callP50", "rpc-small-protobuf / callP99");
        assertThat(latencies).filteredOn(f -> f.bandFollows().isPresent())
                .hasSize(6).allSatisfy(f -> assertThat(f.bandFollows().get().reads())
                        .containsExactly(io.github.zkrpcperfgate.calibration.CpuProbe.NAME));
    }

    @Test
    void onlyTheSmallCallsTailIsHeldToAGrossCeilingForTheHostsStalls() {
        assertThat(RpcScenarios.figures(RpcScenarios.all()).stream().filter(GatedFigure::stallBound)
                .map(f -> f.key().toString()).toList()).containsExactly("rpc-small-protobuf / callP99");
    }

    @Test
    void theCpuBoundFloorGoesToTheNoSleepRatiosAndCallLatenciesInMillisecondsGuardGrossRegressions() {
        var floors = new java.util.TreeMap<String, Double>();
        RpcScenarios.figures(RpcScenarios.all()).forEach(f -> floors.put(f.key().toString(), f.minimumBandFactor()));
        assertThat(floors).containsEntry("rpc-heavy-nosleep-protobuf / readers10OverReaders1", 1.5)
                .containsEntry("rpc-heavy-nosleep-protobuf / handlers10OverHandlers1", 1.5)
                .containsEntry("rpc-heavy-nosleep-protobuf / callP50", 2.0)
                .containsEntry("rpc-heavy-nosleep-protobuf / callP99", 2.5)
                .containsEntry("rpc-seed-protobuf / readers10OverReaders1", 1.3)
                .containsEntry("rpc-seed-writable / callP50", 2.0)
                .containsEntry("rpc-seed-protobuf / callP50", 2.0)
                .containsEntry("rpc-small-protobuf / callP50", 3.0)
                .containsEntry("rpc-small-protobuf / callP99", 2.5);
    }

    @Test
    void injectionCapsHandlersAndAddsHandlerDelayAndWorkButKeepsTheConfigurationsName() {
        RpcServerSpec h10 = RpcServerSpec.of(RpcEngineKind.PROTOBUF, 10, 1, Duration.ofMillis(100));
        assertThat(h10.handlerWorkStrings()).isZero();
        RpcServerSpec injected = RpcThreadingDriver.injected(h10,
                Injection.parse("rpc.maxHandlers=2,rpc.handlerDelayMs=5,rpc.handlerWorkStrings=6000"));
        assertThat(injected.handlers()).isEqualTo(2);
        assertThat(injected.handlerSleep()).isEqualTo(Duration.ofMillis(105));
        assertThat(injected.handlerWorkStrings()).isEqualTo(6000);
        assertThat(RpcThreadingDriver.injected(RpcServerSpec.of(RpcEngineKind.PROTOBUF, 1, 1, Duration.ZERO),
                Injection.parse("rpc.maxHandlers=2")).handlers()).isEqualTo(1);
    }

    @Test
    void thePayloadIsArraySizeDistinctStringsOfExactlyTheGivenBytes() {
        String[] payload = BenchClient.payload(new RpcLoadSpec(1, 1, 200_000, 8, false));
        assertThat(payload).hasSize(200_000);
        assertThat(java.util.Arrays.stream(payload).filter(s -> s.length() != 8).toList()).as("strings not of 8 bytes").isEmpty();
        // A HashSet, not Set.of: the immutable set's linear probing took 28 s on these 200,000
        // look-alike strings (their hash codes cluster), most of the unit phase's time.
        assertThat(new HashSet<>(java.util.Arrays.asList(payload))).hasSize(200_000);
    }

    @Test
    void aSleepingSingleHandlerRunsFewerCallsAndEveryOtherConfigurationTheSeeds100() {
        RpcScenario seed = RpcScenarios.all().get(0);
        assertThat(seed.loadFor(seed.servers().get(0)).calls()).isEqualTo(RpcScenarios.SINGLE_HANDLER_CALLS);
        assertThat(seed.loadFor(seed.servers().get(2)).calls()).isEqualTo(100);
        RpcScenario noSleep = RpcScenarios.all().stream().filter(s -> s.handlerSleep().isZero()).findFirst().orElseThrow();
        assertThat(noSleep.loadFor(noSleep.servers().get(0)).calls()).isEqualTo(100);
    }

    @Test
    void aComparisonRunsTheWritableSeedInShorterSetsWhileTheGateKeepsTheSeeds() {
        List<RpcScenario> compared = RpcScenarios.all().stream().map(RpcScenarios::compared).toList();
        assertThat(new RpcThreadingDriver(RpcScenarios.all(), Injection.none(), false).callsPerSet()).containsOnly(
                Map.entry("rpc-seed-protobuf", 100), Map.entry("rpc-seed-writable", 100),
                Map.entry("rpc-small-protobuf", 100), Map.entry("rpc-heavy-nosleep-protobuf", 100));
        assertThat(new RpcThreadingDriver(compared, Injection.none(), false).callsPerSet())
                .containsEntry("rpc-seed-writable", RpcScenarios.COMPARED_WRITABLE_SEED_CALLS)
                .containsEntry("rpc-seed-protobuf", 100).containsEntry("rpc-heavy-nosleep-protobuf", 100);
        RpcScenario writable = compared.stream().filter(s -> s.name().equals("rpc-seed-writable")).findFirst().orElseThrow();
        assertThat(writable.servers()).extracting(writable::loadFor).extracting(RpcLoadSpec::calls)
                .containsExactly(RpcScenarios.SINGLE_HANDLER_CALLS,
                        RpcScenarios.COMPARED_WRITABLE_SEED_CALLS, RpcScenarios.COMPARED_WRITABLE_SEED_CALLS);
    }

    @Test
    void aComparisonSamplesOnlyTheConfigurationsItsFiguresRead() {
        List<RpcScenario> compared = RpcScenarios.all().stream().map(RpcScenarios::compared).toList();
        assertThat(compared).allSatisfy(s -> assertThat(s.servers()).extracting(RpcServerSpec::label)
                .containsExactly("h1r1", "h10r1", "h10r10"));
        assertThat(new RpcThreadingDriver(compared, Injection.none(), false).notSampled())
                .containsExactly("rpc-seed-protobuf/h1r10", "rpc-seed-writable/h1r10");
        assertThat(new RpcThreadingDriver(RpcScenarios.all(), Injection.none(), false).notSampled()).isEmpty();
        Set<String> read = new HashSet<>();
        RpcScenarios.figures(RpcScenarios.all()).forEach(f -> read.addAll(f.workloads()));
        compared.forEach(s -> s.servers().forEach(server -> assertThat(read).contains(s.workloadName(server))));
    }
}
