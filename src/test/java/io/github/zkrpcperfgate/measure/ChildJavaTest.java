package io.github.zkrpcperfgate.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ChildJavaTest {

    @Test
    void aChildsOutputShowsItsLastLines() {
        ChildJava.Output out = new ChildJava.Output(1, "a\nb\nc\nd\n");
        assertThat(out.tail(2)).isEqualTo("c\nd");
        assertThat(out.tail(10)).isEqualTo("a\nb\nc\nd");
    }

    @Test
    void aResultIsTheFirstNumberItsPatternFindsAndAbsentWithoutOne() {
        Pattern total = Pattern.compile("Total calls per second: ([0-9.]+)");
        assertThat(new ChildJava.Output(0, "warming up\nTotal calls per second: 6550.0\n").number(total, "no total"))
                .hasValue(6550.0);
        assertThat(new ChildJava.Output(1, "Exception in thread main\n").number(total, "no total")).isEmpty();
    }
}
