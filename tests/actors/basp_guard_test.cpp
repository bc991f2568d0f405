// The BASP guard: what it admits from a node and from a client, and what it refuses.
#include <catch2/catch.hpp>

#include <string>

#include "ptc/actors/basp_guard.hpp"

namespace actors_basp_guard_test {

using ptc::actors::basp_guard;
using ptc::actors::basp_header;
using ptc::actors::basp_limits;
using ptc::actors::basp_peer;

TEST_CASE("NODE-SEC: the guard admits a client's handshake, messages and heartbeats, byte by byte", "[basp]") {
  basp_guard g{basp_peer::client, {}};
  const std::string stream = basp_header(1, 5) + "hello" + basp_header(1, 3) + "abc" + basp_header(2, 4, 0, 7, 9) + "data" +
                             basp_header(6, 0) + basp_header(3, 2, 0, 1, 2) + "xy" + basp_header(4, 1) + "m" + basp_header(5, 1, 0, 3, 0) + "d";
  for (char c : stream) REQUIRE(g.feed(std::string(1, c)).empty());
  CHECK(g.handshake_seen());
  CHECK(g.frames() == 7);
  CHECK_FALSE(g.mid_frame());
}

TEST_CASE("NODE-SEC: the guard refuses what no honest peer sends, before any payload", "[basp]") {
  std::string crash(8, '\0');
  crash += "\xff\xff\xff\xff" + std::string(40, '\0');
  basp_guard to_node{basp_peer::client, {}};
  CHECK(to_node.feed(crash) == "frame 1: a server handshake before the client's handshake");
  CHECK(to_node.feed(basp_header(1, 3) + "abc") == "frame 1: a server handshake before the client's handshake");  // final

  basp_guard big{basp_peer::client, {}};
  CHECK(big.feed(basp_header(1, 0xFFFFFFF0u)) == "frame 1: a client handshake of 4294967280 bytes (expected 1 to 65536)");

  basp_limits small;
  small.max_message_bytes = 1000;
  basp_guard over{basp_peer::client, small};
  CHECK(over.feed(basp_header(1, 3) + "abc").empty());
  CHECK(over.feed(basp_header(2, 1001, 0, 1, 1)) ==
        "frame 2: a direct message of 1001 bytes, over the limit of 1000 (node.max_message_bytes)");

  basp_guard first{basp_peer::client, {}};
  CHECK(first.feed(basp_header(2, 4, 0, 1, 1)) == "frame 1: a direct message before the client's handshake");

  basp_guard unknown{basp_peer::client, {}};
  CHECK(unknown.feed("GET / HTTP/1.1\r\n\r\n" + std::string(20, ' ')) ==
        "frame 1: unknown operation 71 (not a ptc node's protocol)");

  basp_guard beat{basp_peer::client, {}};
  CHECK(beat.feed(basp_header(1, 1) + "x").empty());
  CHECK(beat.feed(basp_header(6, 0, 5)) == "frame 2: a malformed heartbeat header");

  basp_guard role{basp_peer::node, {}};
  CHECK(role.feed(basp_header(0, 4, 3) + "abcd").empty());
  CHECK(role.feed(basp_header(1, 4)) == "frame 2: a client handshake from a node");

  basp_guard empty{basp_peer::node, {}};
  CHECK(empty.feed(basp_header(0, 0, 3)) == "frame 1: a server handshake of 0 bytes (expected 1 to 65536)");
}

TEST_CASE("NODE-SEC: the guard knows when a peer is inside a frame", "[basp]") {
  basp_guard g{basp_peer::node, {}};
  CHECK(g.feed(basp_header(0, 10, 3).substr(0, 20)).empty());
  CHECK(g.mid_frame());
  CHECK(g.feed(basp_header(0, 10, 3).substr(20) + "12345").empty());
  CHECK(g.mid_frame());
  CHECK(g.feed("67890").empty());
  CHECK_FALSE(g.mid_frame());
  CHECK(g.frames() == 1);
}

}  // namespace actors_basp_guard_test
