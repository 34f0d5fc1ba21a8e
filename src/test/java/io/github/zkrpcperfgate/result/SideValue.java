package io.github.zkrpcperfgate.result;

import io.github.zkrpcperfgate.stats.Estimate;

/**
 * A compared figure's own value on one side of a same-run comparison, in the figure's own unit
 * (e.g. 0.0254 x(cpu) above fsync on the reference release), so that a reader sees both sides and
 * not only their ratio.
 *
 * @param side    {@code reference} or {@code candidate}
 * @param release the release that side ran, e.g. 3.9.4
 * @param unit    the figure's unit as the baseline gate states it
 * @param value   its median and 95% interval over that side's starts and rounds
 */
public record SideValue(String side, String release, String unit, Estimate value) {
}
