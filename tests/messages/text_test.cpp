// messages/text.hpp: cutting text for prompts and errors never splits a UTF-8 character.
#include <catch2/catch.hpp>

#include "ptc/messages/text.hpp"
#include "ptc/messages/types.hpp"

namespace messages_text_test {

using ptc::messages::cut_utf8;
using ptc::messages::keep_exact;
using ptc::messages::packed_text;
using ptc::messages::packed_texts;
using ptc::messages::shared_text;

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

/// A text grown by appending, as renderers build theirs: room left for up to its size again.
std::string grown(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('a' + i % 26);
  return s;
}

TEST_CASE("keep_exact gives back the room appending left, and a shared_text keeps its text, not that room") {
  std::string s = grown(600);
  REQUIRE(s.capacity() > s.size() + s.size() / 8 + 16);  // (libstdc++ doubles: 960 here)
  const std::string copy = s;
  keep_exact(s);
  CHECK(s == copy);
  CHECK(s.capacity() <= s.size() + s.size() / 8 + 16);
  // Little room is left alone (no copy for a few bytes).
  std::string near = grown(100);
  near.reserve(110);
  const auto before = near.capacity();
  keep_exact(near);
  CHECK(near.capacity() == before);
  const shared_text t(grown(600));
  CHECK(t.str() == copy);
  CHECK(t.str().capacity() <= t.size() + t.size() / 8 + 16);
}

TEST_CASE("packed_text holds its parts joined behind one pointer, copies copy, moves move") {
  static_assert(sizeof(packed_text) == sizeof(void*));
  const packed_text none;
  CHECK(none.view().empty());
  CHECK(packed_text("", "").empty());
  const packed_text joined("(def x 1)", "\n(println x)");
  CHECK(joined.view() == "(def x 1)\n(println x)");
  CHECK(packed_text("", "only the second").view() == "only the second");
  packed_text copy = joined;
  CHECK(copy.view() == joined.view());
  CHECK(copy.view().data() != joined.view().data());  // its own text
  packed_text moved = std::move(copy);
  CHECK(moved.view() == joined.view());
  copy = moved;  // assigned after the move
  CHECK(copy.view() == joined.view());
  copy = packed_text("other");
  CHECK(copy.view() == "other");
  copy = copy;  // self-assignment keeps it
  CHECK(copy.view() == "other");
  const std::string big(100'000, 'z');
  CHECK(packed_text(big).view() == big);
}

TEST_CASE("packed_texts holds a list of texts behind one pointer, each read back as it was") {
  static_assert(sizeof(packed_texts) == sizeof(void*));
  const packed_texts none;
  CHECK(none.empty());
  CHECK(none.size() == 0);
  CHECK(none.views().empty());
  CHECK(packed_texts(std::vector<std::string>{}).empty());
  // Empty items are items: a print of "" is a line.
  const std::vector<std::string> items{"step 1", "", "multi\nline", "é€", ""};
  const packed_texts list(items);
  REQUIRE(list.size() == items.size());
  CHECK_FALSE(list.empty());
  for (std::size_t i = 0; i < items.size(); ++i) CHECK(list[i] == items[i]);
  CHECK(list.strings() == items);
  std::vector<std::string> walked;
  for (std::string_view item : list) walked.emplace_back(item);
  CHECK(walked == items);
  const packed_texts only_empty(std::vector<std::string>{""});
  CHECK(only_empty.size() == 1);
  CHECK(only_empty[0].empty());
  CHECK_FALSE(only_empty.empty());

  packed_texts copy = list;
  CHECK(copy == list);
  CHECK(copy[0].data() != list[0].data());  // its own texts
  packed_texts moved = std::move(copy);
  CHECK(moved == list);
  copy = moved;
  CHECK(copy == list);
  copy = copy;  // self-assignment keeps it
  CHECK(copy == list);
  copy = packed_texts(std::vector<std::string_view>{"other"});
  CHECK(copy.strings() == std::vector<std::string>{"other"});
  CHECK_FALSE(copy == list);
  // Lists differ in where their items split, not only in their characters.
  CHECK_FALSE(packed_texts(std::vector<std::string>{"ab", "c"}) ==
              packed_texts(std::vector<std::string>{"a", "bc"}));
  const std::vector<std::string> big(1000, std::string(100, 'z'));
  CHECK(packed_texts(big).strings() == big);
}

}  // namespace messages_text_test
