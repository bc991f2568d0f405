// Making turns: a run record (or a response without code) becomes an immutable turn, with the
// user namespace described once, here, so renderers only concatenate strings.
#include "ptc/messages/turn.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::messages {

const char* outcome_name(turn_outcome o) {
  switch (o) {
    case turn_outcome::value: return "value";
    case turn_outcome::returned: return "returned";
    case turn_outcome::failed: return "failed";
    case turn_outcome::error: return "error";
    case turn_outcome::no_code: return "no_code";
    case turn_outcome::invalid_return: return "invalid_return";
  }
  return "value";
}

namespace {
/// error() and error_kind() of a turn that did not fail.
const std::string& no_error_text() {
  static const std::string none;
  return none;
}
}  // namespace

const std::string& turn::error() const { return failure ? failure->message : no_error_text(); }

const std::string& turn::error_kind() const { return failure ? failure->kind : no_error_text(); }

void turn::set_texts(std::string_view raw_response, std::string_view program) {
  constexpr std::size_t most = UINT32_MAX;
  const std::size_t at = program.empty() ? 0 : raw_response.find(program);
  const std::size_t total = raw_response.size() + (at == std::string::npos ? program.size() : 0);
  if (total > most) throw std::length_error("a turn's response and program are 4 GiB or more");
  response_size = static_cast<std::uint32_t>(raw_response.size());
  program_size = static_cast<std::uint32_t>(program.size());
  const bool apart = at == std::string::npos;
  program_at = apart ? response_size : static_cast<std::uint32_t>(at);
  texts = packed_text(raw_response, apart ? program : std::string_view());
}

namespace {
std::uint32_t count32(std::uint64_t n) { return n > UINT32_MAX ? UINT32_MAX : static_cast<std::uint32_t>(n); }
}  // namespace

turn_tokens::turn_tokens(const token_usage& u)
    : input(count32(u.input)),
      output(count32(u.output)),
      cache_read(count32(u.cache_read)),
      cache_write(count32(u.cache_write)),
      requests(count32(u.requests)) {}

std::uint32_t turn_times::pack(std::chrono::microseconds d) {
  constexpr std::int64_t top = 0x7fff'ffff;  // 31 bits; the 32nd marks milliseconds
  const std::int64_t us = d.count();
  if (us <= 0) return 0;
  if (us <= top) return static_cast<std::uint32_t>(us);
  return 0x8000'0000u | static_cast<std::uint32_t>(std::min<std::int64_t>(us / 1000, top));
}

std::chrono::microseconds turn_times::unpack(std::uint32_t v) {
  if (v & 0x8000'0000u) return std::chrono::milliseconds(v & 0x7fff'ffffu);
  return std::chrono::microseconds(v);
}

void turn::set_error(std::string kind, std::string message) {
  failure = boxed<turn_error>(turn_error{std::move(kind), std::move(message)});
}

void definition_info::set_texts(std::string_view type_label, std::string_view sample) {
  if (type_label.size() > UINT32_MAX) throw std::length_error("a type label of 4 GiB or more");
  texts = packed_text(type_label, sample);
  label_size = static_cast<std::uint32_t>(type_label.size());
}

bool definition_info::operator==(const definition_info& o) const {
  return name() == o.name() && docstring() == o.docstring() && is_function() == o.is_function() &&
         params() == o.params() && return_type() == o.return_type() && type_label() == o.type_label() &&
         sample() == o.sample();
}

std::vector<definition_ptr> describe(const lisp::memory& mem, const turn* previous) {
  std::vector<definition_ptr> out;
  out.reserve(mem.defs.size());
  // Definitions keep their places across turns (a redefinition replaces in place, new ones
  // come last): the same index in the previous turn's memory is the one to compare with.
  const lisp::memory* before = previous && previous->memory ? previous->memory.get() : nullptr;
  for (std::size_t i = 0; i < mem.defs.size(); ++i) {
    if (before && i < before->defs.size() && i < previous->definitions.size() && before->defs[i] == mem.defs[i] &&
        previous->definitions[i]->name() == mem.defs[i]->name) {  // (a turn read from a file may disagree)
      out.push_back(previous->definitions[i]);
      continue;
    }
    const lisp::definition& d = *mem.defs[i];
    definition_info info;
    info.of = mem.defs[i];
    const std::string label = lisp::type_label(d.val);
    // TRN-002: samples use the prompt formatter with limit 3 and 80 printable characters; a
    // list's sample is its first item. Functions have no sample: the user/ line shows their
    // parameters instead.
    std::string sample;
    if (!d.is_function) {
      // The sample printer cuts its text at 80 characters only at the end, and this runs
      // outside any run (no budget): a tiny value with shared structure (a 40-level DAG of
      // [a a], 2^40 parts) would hold the thread for hours. 4096 parts print to far more than
      // 80 characters: past that the sample is cut anyway.
      sample = lisp::parts_within(d.val, {.cap = 4096, .items_per_collection = 3}) ? lisp::format_sample(d.val, 3, 80)
                                                                                   : label + ", too large to sample";
    }
    info.set_texts(label, sample);
    out.push_back(std::make_shared<const definition_info>(std::move(info)));
  }
  return out;
}

namespace {

turn_outcome outcome_of(lisp::outcome k) {
  switch (k) {
    case lisp::outcome::value: return turn_outcome::value;
    case lisp::outcome::returned: return turn_outcome::returned;
    case lisp::outcome::failed: return turn_outcome::failed;
    case lisp::outcome::error: return turn_outcome::error;
  }
  return turn_outcome::error;
}

/// A turn always has a memory (possibly empty), so renderers never check for null.
lisp::memory_ptr or_empty(lisp::memory_ptr m) {
  return m ? std::move(m) : std::make_shared<const lisp::memory>();
}

}  // namespace

turn make_turn(std::size_t number, std::string_view raw_response, std::string_view program,
               lisp::run_result run, std::string invalid_return_message, token_usage usage,
               turn_timings timings, const turn* previous_turn) {
  turn t;
  t.number = static_cast<std::uint32_t>(number);
  t.set_texts(raw_response, program);
  t.outcome = outcome_of(run.kind);
  t.result = std::move(run.result);
  if (run.kind == lisp::outcome::error) {
    if (run.err) {
      t.set_error(lisp::kind_name(run.err->kind), run.err->render());
    } else {
      t.set_error("error", "the program failed without an error message");
    }
    t.result = lisp::value();
  } else if (run.kind == lisp::outcome::returned && !invalid_return_message.empty()) {
    // The returned value stays in `result` for the debug view; the LLM reads the message.
    t.outcome = turn_outcome::invalid_return;
    t.set_error("invalid_return", std::move(invalid_return_message));
  }
  t.prints = packed_texts(run.prints);
  t.tool_calls = std::move(run.tool_calls);
  t.memory = or_empty(std::move(run.mem));
  t.definitions = describe(*t.memory, previous_turn);
  t.defined = packed_texts(run.defined);
  t.usage = usage;
  t.timings = timings;
  return t;
}

turn make_no_code_turn(std::size_t number, std::string_view raw_response, std::string message,
                       lisp::memory_ptr previous, token_usage usage, turn_timings timings,
                       const turn* previous_turn) {
  turn t;
  t.number = static_cast<std::uint32_t>(number);
  t.set_texts(raw_response, {});
  t.outcome = turn_outcome::no_code;
  t.set_error("no_code", std::move(message));
  t.memory = or_empty(std::move(previous));
  t.definitions = describe(*t.memory, previous_turn);
  t.usage = usage;
  t.timings = timings;
  return t;
}

}  // namespace ptc::messages
