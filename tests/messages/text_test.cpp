// messages/text.hpp: cutting text for prompts and errors never splits a UTF-8 character.
#include <catch2/catch.hpp>

#include "ptc/messages/text.hpp"

namespace messages_text_test {

using ptc::messages::cut_utf8;

TEST_CASE("cut_utf8 keeps short text, cuts long text at a character boundary with ...") {
  CHECK(cut_utf8("abc", 3) == "abc");
  CHECK(cut_utf8("abcd", 3) == "abc...");
  CHECK(cut_utf8("", 0) == "");
  // "é" is two bytes (C3 A9), "€" three (E2 82 AC).
  CHECK(cut_utf8("aé", 2) == "a...");   // would split é
  CHECK(cut_utf8("aéb", 3) == "aé...");  // é ends exactly at the cut
  CHECK(cut_utf8("€€", 4) == "€...");
  CHECK(cut_utf8("€€", 5) == "€...");
  CHECK(cut_utf8("€€", 2) == "...");
}

}  // namespace messages_text_test
