// ; Tool calls: and ; Output: (FMT-001..003, FMT-009/010, TC-*, TRN-003/006/007/010).
#include <catch2/catch.hpp>

#include "ptc/messages/history.hpp"

namespace messages_history_test {

using namespace ptc;
using namespace ptc::messages;

namespace {

lisp::tool_call_record call(std::string name, const std::string& args) {
  lisp::tool_call_record r;
  r.name = std::move(name);
  r.args = nlohmann::ordered_json::parse(args);
  r.result = nlohmann::ordered_json::parse(R"({"secret": "result text"})");
  return r;
}

}  // namespace

TEST_CASE("FMT-001 FMT-002 TC-003 TC-004 tool call lines: header, indent, args, no results") {
  const std::vector<lisp::tool_call_record> calls{call("search", R"({"category": "Electronics"})"),
                                                  call("get-inventory", "{}")};
  CHECK(render_tool_calls(calls, 20) ==
        "; Tool calls:\n"
        ";   search({:category \"Electronics\"})\n"
        ";   get-inventory()");
}

TEST_CASE("FMT-003 no tool calls") { CHECK(render_tool_calls({}, 20) == "; No tool calls made"); }

TEST_CASE("TRN-003 tool call args are cut at 3 items and 60 characters") {
  // One argument gets the 60 characters less 10 for its entry; two share them (20 each).
  const std::vector<lisp::tool_call_record> one{call("f", R"({"text": ")" + std::string(70, 'x') + R"("})")};
  CHECK(render_tool_calls(one, 20) == "; Tool calls:\n;   f({:text \"" + std::string(50, 'x') + "...\"})");
  const std::vector<lisp::tool_call_record> two{
      call("f", R"({"ids": [1, 2, 3, 4, 5], "text": ")" + std::string(70, 'x') + R"("})")};
  CHECK(render_tool_calls(two, 20) ==
        "; Tool calls:\n;   f({:ids [1 2 3 ...] (5 items, showing first 3) :text \"" + std::string(20, 'x') +
            "...\"})");
  // Of three or more arguments the first two are shown (60 / 30).
  const std::vector<lisp::tool_call_record> three{call("f", R"({"a": 1, "b": 2, "c": 3})")};
  CHECK(render_tool_calls(three, 20) == "; Tool calls:\n;   f({:a 1 :b 2 ...})");
}

TEST_CASE("TC-001 TC-002 TC-007 only the newest tool_call_limit calls, oldest dropped first") {
  std::vector<lisp::tool_call_record> calls;
  for (int i = 1; i <= 5; ++i) calls.push_back(call("get", ("{\"id\": " + std::to_string(i) + "}").c_str()));
  history_counts counts;
  CHECK(render_tool_calls(calls, 2, &counts) == "; Tool calls:\n;   get({:id 4})\n;   get({:id 5})");
  CHECK(counts.total == 5);
  CHECK(counts.shown == 2);
  CHECK(counts.dropped == 3);
}

TEST_CASE("TC-008 consecutive identical calls become one line with xN, mixed calls do not") {
  const std::vector<lisp::tool_call_record> calls{
      call("notify", R"({"to": "Alice"})"), call("notify", R"({"to": "Alice"})"),
      call("notify", R"({"to": "Alice"})"), call("notify", R"({"to": "Bob"})"),
      call("notify", R"({"to": "Alice"})")};
  CHECK(render_tool_calls(calls, 20) ==
        "; Tool calls:\n"
        ";   notify({:to \"Alice\"}) x3\n"
        ";   notify({:to \"Bob\"})\n"
        ";   notify({:to \"Alice\"})");
}

TEST_CASE("FMT-009 FMT-010 TRN-007 TRN-009 output as printed, no prefix, multi-line kept") {
  const std::vector<std::string_view> prints{"count: 3", "line one\nline two"};
  CHECK(render_output(prints, 15) == "; Output:\ncount: 3\nline one\nline two");
  CHECK(render_output({}, 15).empty());
}

TEST_CASE("TRN-006 TRN-010 println_limit counts calls (not lines) and drops the oldest") {
  const std::vector<std::string_view> prints{"a", "b\nb2", "c"};
  history_counts counts;
  CHECK(render_output(prints, 2, &counts) == "; Output:\nb\nb2\nc");
  CHECK(counts.dropped == 1);
}

}  // namespace messages_history_test
