package io.github.zkrpcperfgate.measure;

import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/** One sample of every workload, taken back to back in {@code order}; ratios are taken within a round. */
public record Round(int index, List<String> order, Map<String, Sample> samples) {

    public Round {
        order = List.copyOf(order);
        samples = Map.copyOf(samples);
    }

    public Sample sample(String workload) {
        Sample sample = samples.get(workload);
        if (sample == null) {
            throw new NoSuchElementException("round " + index + " has no sample of \"" + workload + "\"; it has " + order);
        }
        return sample;
    }

    public boolean has(String workload) {
        return samples.containsKey(workload);
    }
}
