// make_turn / make_no_code_turn / describe: a run record becomes an immutable turn with the
// user namespace described once.
#include <catch2/catch.hpp>

#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/turn.hpp"

namespace messages_turn_test {

using namespace ptc;
using namespace ptc::messages;

namespace {

lisp::run_result run(const char* src, lisp::memory_ptr mem = nullptr) {
  lisp::run_options o;
  o.mem = std::move(mem);
  o.tools["echo"] = [](const nlohmann::ordered_json& args) { return args; };
  return lisp::run(src, o);
}

turn turn_of(const char* src, lisp::memory_ptr mem = nullptr, std::string invalid = {}) {
  return make_turn(3, "raw text", src, run(src, std::move(mem)), std::move(invalid),
                   token_usage{100, 20, 0, 0, 1}, turn_timings{std::chrono::microseconds(7), {}, {}});
}

const definition_info* find(const turn& t, const std::string& name) {
  for (const auto& d : t.definitions)
    if (d->name() == name) return d.get();
  return nullptr;
}

}  // namespace

TEST_CASE("make_turn keeps what the run recorded") {
  turn t = turn_of("(println \"hi\") (tool/echo {:a 1}) (def x [1 2 3]) 42");
  CHECK(t.number == 3);
  CHECK(t.raw_response() == "raw text");
  CHECK(t.outcome == turn_outcome::value);
  CHECK(t.success());
  CHECK(lisp::pr_str(t.result) == "42");
  CHECK(t.error().empty());
  CHECK(t.error_kind().empty());
  CHECK(t.prints.strings() == std::vector<std::string>{"hi"});
  REQUIRE(t.tool_calls.size() == 1);
  CHECK(t.tool_calls[0].name == "echo");
  CHECK(t.defined.strings() == std::vector<std::string>{"x"});
  CHECK(t.usage.input == 100);
  CHECK(t.timings.llm() == std::chrono::microseconds(7));
  REQUIRE(t.memory);
  CHECK(t.memory->find("x"));
}

TEST_CASE("make_turn outcomes follow the run: returned and failed") {
  turn r = turn_of("(return {:total 3})");
  CHECK(r.outcome == turn_outcome::returned);
  CHECK(r.success());
  CHECK(lisp::pr_str(r.result) == "{:total 3}");
  turn f = turn_of("(fail \"no data\")");
  CHECK(f.outcome == turn_outcome::failed);
  CHECK_FALSE(f.success());
  CHECK(lisp::pr_str(f.result) == "\"no data\"");
}

TEST_CASE("CMP-002 an error turn carries the rendered error and keeps the previous memory") {
  lisp::run_result first = run("(def kept 1)");
  turn t = turn_of("(def lost 2) (+ 1 :a)", first.mem);
  CHECK(t.outcome == turn_outcome::error);
  CHECK_FALSE(t.success());
  CHECK(t.error_kind() == "type");
  CHECK(t.error().rfind("type: ", 0) == 0);
  CHECK(t.result.is_nil());
  REQUIRE(t.memory);
  CHECK(t.memory->find("kept"));
  CHECK_FALSE(t.memory->find("lost"));
  CHECK(t.defined.empty());
  REQUIRE(t.definitions.size() == 1);
  CHECK(t.definitions[0]->name() == "kept");
  // The description reads the memory's definition, not a copy of its fields.
  CHECK(t.definitions[0]->of == t.memory->defs[0]);
}

TEST_CASE("a parse error turn names its kind") {
  turn t = turn_of("(+ 1");
  CHECK(t.outcome == turn_outcome::error);
  CHECK(t.error_kind() == "parse");
}

TEST_CASE("an invalid return becomes an invalid_return turn with the given message") {
  turn t = turn_of("(return {:total 3})", nullptr, "Return value does not match the signature.");
  CHECK(t.outcome == turn_outcome::invalid_return);
  CHECK_FALSE(t.success());
  CHECK(t.error() == "Return value does not match the signature.");
  CHECK(t.error_kind() == "invalid_return");
  CHECK(lisp::pr_str(t.result) == "{:total 3}");
  // The message only matters for (return v).
  turn v = turn_of("(def a 1)", nullptr, "ignored");
  CHECK(v.outcome == turn_outcome::value);
  CHECK(v.error().empty());
}

TEST_CASE("DESIGN 6.3 a response without code is a failed no_code turn keeping the memory") {
  lisp::run_result first = run("(def kept [1])");
  turn t = make_no_code_turn(2, "I think the answer is 4.", "No code found.", first.mem, token_usage{5, 6, 0, 0, 1}, {});
  CHECK(t.outcome == turn_outcome::no_code);
  CHECK_FALSE(t.success());
  CHECK(t.program().empty());
  CHECK(t.error() == "No code found.");
  CHECK(t.error_kind() == "no_code");
  CHECK(t.memory == first.mem);
  REQUIRE(t.definitions.size() == 1);
  CHECK(t.definitions[0]->sample() == "[1]");
  turn empty = make_no_code_turn(1, "", "m", nullptr, {}, {});
  REQUIRE(empty.memory);
  CHECK(empty.definitions.empty());
}

TEST_CASE("DEF-001 DEF-002 DEF-009 definitions in order, latest wins") {
  lisp::run_result first = run("(def a 1) (def b 2) (def a 3)");
  turn t = turn_of("(def c 4) (def b \"two\")", first.mem);
  REQUIRE(t.definitions.size() == 3);
  CHECK(t.definitions[0]->name() == "a");
  CHECK(t.definitions[0]->sample() == "3");
  CHECK(t.definitions[1]->name() == "b");
  CHECK(t.definitions[1]->sample() == "\"two\"");
  CHECK(t.definitions[1]->type_label() == "string");
  CHECK(t.definitions[2]->name() == "c");
}

TEST_CASE("a turn shares the descriptions and definitions its program left as they were") {
  lisp::run_result r1 = run("(def a [1 2]) (def b 2)");
  turn t1 = make_turn(1, "raw", "p", r1, "", {}, {});
  lisp::run_result r2 = run("(def b \"two\") (def c 3)", r1.mem);
  turn t2 = make_turn(2, "raw", "p", r2, "", {}, {}, &t1);
  REQUIRE(t2.definitions.size() == 3);
  CHECK(t2.memory->defs[0] == t1.memory->defs[0]);  // a: the same definition object
  CHECK(t2.definitions[0] == t1.definitions[0]);    // and the same description
  CHECK(t2.definitions[0]->sample() == "[1 2]");
  CHECK(t2.definitions[1] != t1.definitions[1]);  // b was redefined: described again
  CHECK(t2.definitions[1]->sample() == "\"two\"");
  CHECK(t2.definitions[2]->name() == "c");
  // Without the previous turn every description is made anew, with the same text.
  turn alone = make_turn(2, "raw", "p", r2, "", {}, {});
  REQUIRE(alone.definitions.size() == 3);
  CHECK(alone.definitions[0] != t1.definitions[0]);
  CHECK(*alone.definitions[0] == *t1.definitions[0]);
  // A no-code turn keeps the memory, and with the previous turn all its descriptions.
  turn n = make_no_code_turn(3, "prose", "no code", t2.memory, {}, {}, &t2);
  CHECK(n.definitions == t2.definitions);
}

TEST_CASE("DEF-008 DEF-005 a function a turn neither redefined nor called with another result type is shared, docstring kept") {
  lisp::run_result r1 = run("(defn f \"doc\" [x] [x]) (defn g [] 1) (def v 1) (f 1)");
  turn t1 = make_turn(1, "raw", "p", r1, "", {}, {});
  REQUIRE(t1.memory->defs.size() == 3);
  CHECK(t1.memory->find("f")->return_type() == "list[1]");
  CHECK(t1.memory->find("v")->more == nullptr);  // a value without a docstring: no texts at all
  // f called again with a result of the same label, g not called: both definitions shared.
  lisp::run_result r2 = run("(f 2) (def w 2)", r1.mem);
  turn t2 = make_turn(2, "raw", "p", r2, "", {}, {}, &t1);
  CHECK(t2.memory->defs[0] == t1.memory->defs[0]);
  CHECK(t2.memory->defs[1] == t1.memory->defs[1]);
  CHECK(t2.definitions[0] == t1.definitions[0]);
  // g called for the first time: described again with its return type, the rest as it was.
  lisp::run_result r3 = run("(g)", r2.mem);
  turn t3 = make_turn(3, "raw", "p", r3, "", {}, {}, &t2);
  CHECK(t3.memory->defs[0] == t2.memory->defs[0]);
  REQUIRE(t3.memory->defs[1] != t2.memory->defs[1]);
  CHECK(t3.memory->find("g")->return_type() == "integer");
  CHECK(t3.memory->find("g")->source() == "(defn g [] 1)");
  CHECK(t3.definitions[1]->return_type() == "integer");
  // A call with a result of another label: a new definition, texts kept but the return type.
  lisp::run_result r4 = run("(defn k \"id\" [x] x) (k 1)", r3.mem);
  lisp::run_result r5 = run("(k \"s\")", r4.mem);
  const lisp::definition* k4 = r4.mem->find("k");
  const lisp::definition* k5 = r5.mem->find("k");
  REQUIRE(k5 != k4);
  CHECK(k4->return_type() == "integer");
  CHECK(k5->return_type() == "string");
  CHECK(k5->docstring() == "id");
  CHECK(k5->params() == "[x]");
  CHECK(k5->source() == "(defn k \"id\" [x] x)");
  CHECK(r5.mem->find("f") == r4.mem->find("f"));
}

TEST_CASE("DEF-003 DEF-004 TYP labels of defined values") {
  turn t = turn_of(
      "(def n nil) (def v []) (def l [1 2 3]) (def m {}) (def m2 {:a 1}) (def s #{1 2 3}) "
      "(def i 1) (def f 1.5) (def b true) (def k :kw)");
  CHECK(find(t, "n")->type_label() == "nil");
  CHECK(find(t, "n")->sample() == "nil");
  CHECK(find(t, "v")->type_label() == "list[0]");
  CHECK(find(t, "l")->type_label() == "list[3]");
  CHECK(find(t, "m")->type_label() == "map[0]");
  CHECK(find(t, "m2")->type_label() == "map[1]");
  CHECK(find(t, "s")->type_label() == "set[3]");
  CHECK(find(t, "i")->type_label() == "integer");
  CHECK(find(t, "f")->type_label() == "float");
  CHECK(find(t, "b")->type_label() == "boolean");
  CHECK(find(t, "k")->type_label() == "keyword");
}

TEST_CASE("TRN-002 samples use limit 3 and 80 printable characters") {
  turn t = turn_of("(def xs [1 2 3 4 5]) (def long (apply str (repeat 100 \"a\")))");
  CHECK(find(t, "xs")->sample() == "[1 2 3 ...] (5 items, showing first 3)");
  const std::string_view s = find(t, "long")->sample();
  CHECK(s == "\"" + std::string(80, 'a') + "...\"");
}

TEST_CASE("DEF-005 DEF-007 functions: docstring without semicolons, params, return type") {
  turn t = turn_of("(defn fetch \"Fetches; users\" [category limit] [category limit]) (fetch 1 2) (def x \"doc; here\" 5)");
  const definition_info* f = find(t, "fetch");
  REQUIRE(f);
  CHECK(f->is_function());
  CHECK(f->docstring() == "Fetches users");
  CHECK(f->params() == "[category limit]");
  CHECK(f->return_type() == "list[2]");
  CHECK(f->sample().empty());
  const definition_info* x = find(t, "x");
  CHECK(x->docstring() == "doc here");
  CHECK_FALSE(x->is_function());
}

TEST_CASE("a turn keeps its program as its place in the response, or after it when extraction changed it") {
  const std::string response = "Let me count.\n```clojure\n(count [1 2])\n```\nDone.";
  turn t;
  t.set_texts(response, "(count [1 2])");
  CHECK(t.raw_response() == response);
  CHECK(t.program() == "(count [1 2])");
  CHECK(t.texts.size() == response.size());  // no second copy
  CHECK(t.program_at == response.find("(count"));

  // Quotes fixed by extraction: not in the response as written, so kept after it.
  const std::string curly = "```clojure\n(str \u201chi\u201d)\n```";
  turn u;
  u.set_texts(curly, "(str \"hi\")");
  CHECK(u.raw_response() == curly);
  CHECK(u.program() == "(str \"hi\")");
  CHECK(u.texts.size() == curly.size() + u.program().size());

  turn none = make_no_code_turn(1, "no code here", "No code found.", nullptr, {}, {});
  CHECK(none.raw_response() == "no code here");
  CHECK(none.program().empty());

  // Copies keep working: positions, not pointers.
  const turn copy = u;
  CHECK(copy.program() == "(str \"hi\")");
  CHECK(copy.raw_response() == curly);
}

TEST_CASE("a turn keeps one LLM call's token counts in 32 bits each, a count past them as the largest") {
  turn t;
  t.usage = token_usage{120, 7, 100, 3, 1};
  const token_usage back = t.usage;
  CHECK(back == token_usage{120, 7, 100, 3, 1});
  CHECK(token_usage(t.usage).total() == 127);
  token_usage sum;
  sum += t.usage;
  sum += t.usage;
  CHECK(sum.input == 240);
  t.usage = token_usage{std::uint64_t(1) << 40, 1, 0, 0, 1};
  CHECK(t.usage.input == UINT32_MAX);
  CHECK(t.usage.output == 1);
}

TEST_CASE("a turn keeps its times in 32 bits each: microseconds to 35 minutes, milliseconds beyond") {
  using std::chrono::microseconds;
  using std::chrono::milliseconds;
  turn t;
  t.timings = turn_timings{microseconds(1), microseconds(0), microseconds(0x7fff'ffff)};
  CHECK(t.timings.llm() == microseconds(1));
  CHECK(t.timings.eval() == microseconds(0));
  CHECK(t.timings.tools() == microseconds(0x7fff'ffff));  // the last exact microsecond
  const auto hour = std::chrono::hours(1) + microseconds(1234);
  t.timings = turn_timings{hour, microseconds(-5), std::chrono::hours(24 * 365)};
  CHECK(t.timings.llm() == milliseconds(3'600'001));  // to the millisecond below
  CHECK(t.timings.eval() == microseconds(0));         // a negative time is none
  CHECK(t.timings.tools() == milliseconds(0x7fff'ffff));  // 24 days: kept as the longest
  const turn_timings back = t.timings;
  CHECK(back.llm == milliseconds(3'600'001));
  CHECK(turn_times(back) == t.timings);
}

TEST_CASE("a failed turn's error is its own: a copy of the turn copies it") {
  turn t;
  CHECK(t.error().empty());
  CHECK(t.error_kind().empty());
  t.set_error("type", "(inc nil): not a number");
  turn copy = t;
  t.set_error("parse", "other");
  CHECK(copy.error_kind() == "type");
  CHECK(copy.error() == "(inc nil): not a number");
  turn moved = std::move(copy);
  CHECK(moved.error() == "(inc nil): not a number");
  copy = moved;
  copy = copy;  // self-assignment keeps it
  CHECK(copy.error_kind() == "type");
}

}  // namespace messages_turn_test
