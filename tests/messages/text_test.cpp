// messages/text.hpp and packed.hpp: cutting text for prompts and errors never splits a UTF-8 character; packed texts and arrays.
#include <catch2/catch.hpp>

#include <span>
#include <stdexcept>

#include "ptc/messages/packed.hpp"
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

namespace messages_packed_test {

using ptc::messages::packed_vector;

/// Counts its live copies, and throws on the copy that `throw_at` names.
struct counted {
  static inline int alive = 0;
  static inline int copies = 0;
  static inline int throw_at = -1;
  int v = 0;
  explicit counted(int x) : v(x) { ++alive; }
  counted(const counted& o) : v(o.v) {
    if (copies++ == throw_at) throw std::runtime_error("copy failed");
    ++alive;
  }
  counted(counted&& o) noexcept : v(o.v) { ++alive; }
  ~counted() { --alive; }
  bool operator==(const counted& o) const { return v == o.v; }
};

TEST_CASE("packed_vector holds its elements behind one pointer, frees them, copies and moves") {
  static_assert(sizeof(packed_vector<std::string>) == sizeof(void*));
  {
    const packed_vector<counted> none;
    CHECK(none.empty());
    CHECK(none.size() == 0);
    CHECK(none.begin() == none.end());
    std::vector<counted> source;
    for (int i = 0; i < 5; ++i) source.emplace_back(i);
    packed_vector<counted> list(std::move(source));
    REQUIRE(list.size() == 5);
    CHECK(list.front().v == 0);
    CHECK(list.back().v == 4);
    CHECK(std::span<const counted>(list).size() == 5);  // reads as a contiguous range
    packed_vector<counted> copy = list;
    CHECK(copy == list);
    CHECK(copy.data() != list.data());
    packed_vector<counted> moved = std::move(copy);
    CHECK(moved == list);
    copy = moved;
    copy = copy;  // self-assignment keeps it
    CHECK(copy == list);
    CHECK(copy.vector().size() == 5);
    copy = {counted(9)};
    CHECK(copy.size() == 1);
    CHECK_FALSE(copy == list);
    // A copy that throws part-way leaves nothing behind.
    counted::copies = 0;
    counted::throw_at = 3;
    const int before = counted::alive;
    CHECK_THROWS_AS(packed_vector<counted>(list), std::runtime_error);
    CHECK(counted::alive == before);
    counted::throw_at = -1;
  }
  CHECK(counted::alive == 0);
  const packed_vector<std::string> strings(std::vector<std::string>{"a", std::string(1000, 'b')});
  CHECK(strings[1].size() == 1000);
}

}  // namespace messages_packed_test
