package io.github.zkrpcperfgate.gate;

import io.github.zkrpcperfgate.measure.Sample;
import io.github.zkrpcperfgate.measure.Workload;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One run's clients and probes, as a {@link ScenarioDriver} connected them; closing disconnects them. */
public interface Measurement extends AutoCloseable {

    /** The workloads the rounds sample, calibration probes included. */
    List<Workload> workloads();

    /** What the driver knows of where it measured (versions, backend, an injection); the engine adds the machine's. */
    Map<String, String> facts();

    /** Notes for the report once the run's samples are in (e.g. a cross-check against another benchmark). */
    default List<String> notesAfter(List<Sample> samples) throws Exception {
        return List.of();
    }

    @Override
    void close() throws Exception;

    /** Notes made from a run's samples. */
    @FunctionalInterface
    interface Notes {
        List<String> after(List<Sample> samples) throws Exception;
    }

    /** A measurement of {@code workloads}, without notes, that {@code disconnect} closes. */
    static Measurement of(List<Workload> workloads, Map<String, String> facts, AutoCloseable disconnect) {
        return of(workloads, facts, samples -> List.of(), disconnect);
    }

    /** A measurement of {@code workloads} whose report gets {@code notes}, and that {@code disconnect} closes. */
    static Measurement of(List<Workload> workloads, Map<String, String> facts, Notes notes, AutoCloseable disconnect) {
        List<Workload> measured = List.copyOf(workloads);
        Map<String, String> known = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
        return new Measurement() {
            @Override
            public List<Workload> workloads() {
                return measured;
            }

            @Override
            public Map<String, String> facts() {
                return known;
            }

            @Override
            public List<String> notesAfter(List<Sample> samples) throws Exception {
                return notes.after(samples);
            }

            @Override
            public void close() throws Exception {
                disconnect.close();
            }
        };
    }
}
