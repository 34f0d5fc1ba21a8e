package io.github.zkrpcperfgate.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ZooConfigTest {

    @Test
    void aStandaloneServerHasNoPeerLines() {
        String cfg = ZooConfig.render("/data", "127.0.0.1", 2181, List.of());
        assertThat(cfg).contains("dataDir=/data\n", "clientPortAddress=127.0.0.1\n", "clientPort=2181\n",
                "4lw.commands.whitelist=srvr,mntr,ruok\n", "admin.enableServer=false\n");
        assertThat(cfg).doesNotContain("server.", "standaloneEnabled");
    }

    @Test
    void aQuorumListsEveryPeerWithItsPorts() {
        List<PeerAddress> peers = List.of(new PeerAddress(1, "172.29.200.11", 2888, 3888),
                new PeerAddress(2, "172.29.200.12", 2888, 3888), new PeerAddress(3, "172.29.200.13", 2888, 3888));
        String cfg = ZooConfig.render("/data", "0.0.0.0", 2181, peers);
        assertThat(cfg).contains("standaloneEnabled=false\n",
                "server.1=172.29.200.11:2888:3888\n", "server.3=172.29.200.13:2888:3888\n");
    }
}
