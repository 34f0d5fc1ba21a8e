package io.github.zkrpcperfgate.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChildJavaTest {

    @Test
    void aChildsOutputShowsItsLastLines() {
        ChildJava.Output out = new ChildJava.Output(1, "a\nb\nc\nd\n");
        assertThat(out.tail(2)).isEqualTo("c\nd");
        assertThat(out.tail(10)).isEqualTo("a\nb\nc\nd");
    }
}
