#pragma once
// Turn: one LLM interaction, immutable once made and shared as turn_ptr (ARC-002: the turn
// list is append-only). A Turn keeps everything the renderers and the debug view need, with
// the user namespace already described as text (definition_info), so rendering a prompt never
// walks or prints live values again.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptc/lisp/run.hpp"
#include "ptc/lisp/value.hpp"
#include "ptc/messages/packed.hpp"
#include "ptc/messages/text.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::messages {

struct step;

/// One user definition as the user/ section shows it (DEF-001..009), computed when the turn is
/// made. Its name, docstring, parameters and return type are the definition's own, shared with
/// the turn's memory (not copied); what is computed is the value's type label and sample.
struct definition_info {
  definition_info() = default;
  definition_info(std::shared_ptr<const lisp::definition> d, std::string_view type_label, std::string_view sample)
      : of(std::move(d)) {
    set_texts(type_label, sample);
  }

  std::shared_ptr<const lisp::definition> of;  ///< never null
  /// Values: TYP-001..012 (list[3], map[0], nil, ...).
  std::string_view type_label() const { return texts.view().substr(0, label_size); }
  /// Values: format_sample(v, 3, 80) (TRN-002); "" for a function.
  std::string_view sample() const { return texts.view().substr(label_size); }
  void set_texts(std::string_view type_label, std::string_view sample);

  const std::string& name() const { return of->name; }
  const std::string& docstring() const { return of->docstring(); }  ///< semicolons removed (DEF-007)
  bool is_function() const { return of->is_function; }
  const std::string& params() const { return of->params(); }  ///< "[category]" for functions
  /// Type label of the latest call's result, "" if never called.
  const std::string& return_type() const { return of->return_type(); }
  /// Equal when they describe alike (name, docstring, kind, params, return type, label, sample).
  bool operator==(const definition_info& o) const;

 private:
  packed_text texts;  ///< the type label, then the sample (a user/ section's lines of a million
                      ///< agents are a million of these)
  std::uint32_t label_size = 0;
};
// Each turn describes what it defined: with its control block a definition_info stays within
// mimalloc's 48-byte size class (two strings of its own made it 96).
static_assert(sizeof(definition_info) <= 32, "a definition_info outgrew its allocator size class");
using definition_ptr = std::shared_ptr<const definition_info>;

/// A turn's token counts: one LLM call's (token_usage), in 32 bits each. A count of 2^32 or
/// more (no call comes near) is kept as 2^32 - 1.
struct turn_tokens {
  std::uint32_t input = 0;
  std::uint32_t output = 0;
  std::uint32_t cache_read = 0;
  std::uint32_t cache_write = 0;
  std::uint32_t requests = 0;

  turn_tokens() = default;
  turn_tokens(const token_usage& u);
  operator token_usage() const { return {input, output, cache_read, cache_write, requests}; }
  bool operator==(const turn_tokens&) const = default;
};

/// How a turn ended.
enum class turn_outcome : std::uint8_t {
  value,           ///< the program ran and did not return: the mission continues
  returned,        ///< (return v) with a value that satisfies the signature
  failed,          ///< (fail v): the mission ends as failed
  error,           ///< the program raised an error (parse, type, tool, limit, ...)
  no_code,         ///< the response held no program (DESIGN §6.3)
  invalid_return,  ///< (return v) with a value that does not match the signature
};
const char* outcome_name(turn_outcome o);

struct turn_timings {
  std::chrono::microseconds llm{0};   ///< waiting for the LLM response
  std::chrono::microseconds eval{0};  ///< evaluating the program, tool waits excluded
  std::chrono::microseconds tools{0}; ///< waiting for tools
  bool operator==(const turn_timings&) const = default;
};

/// A turn's times (turn_timings) in 32 bits each: in microseconds up to 2^31 - 1 (35 minutes),
/// in milliseconds beyond (up to 24 days; longer is kept as that). A negative time is 0.
class turn_times {
 public:
  turn_times() = default;
  turn_times(const turn_timings& t) : llm_(pack(t.llm)), eval_(pack(t.eval)), tools_(pack(t.tools)) {}
  operator turn_timings() const { return {llm(), eval(), tools()}; }
  std::chrono::microseconds llm() const { return unpack(llm_); }
  std::chrono::microseconds eval() const { return unpack(eval_); }
  std::chrono::microseconds tools() const { return unpack(tools_); }
  bool operator==(const turn_times&) const = default;

 private:
  static std::uint32_t pack(std::chrono::microseconds d);
  static std::chrono::microseconds unpack(std::uint32_t v);
  std::uint32_t llm_ = 0, eval_ = 0, tools_ = 0;
};

/// What a failed turn (error, no_code, invalid_return) adds: most turns succeed, so a turn
/// holds this behind a pointer (a mission's turns are most of an agent's memory).
struct turn_error {
  std::string kind;     ///< "parse", "type", ..., "no_code", "invalid_return"
  std::string message;  ///< what the LLM reads (for errors, lisp::error::render())
};

struct turn {
  std::uint32_t number = 0;        ///< 1-based; every LLM call is a turn, no gaps
  std::uint32_t response_size = 0;
  std::uint32_t program_at = 0;
  std::uint32_t program_size = 0;
  turn_tokens usage;
  turn_outcome outcome = turn_outcome::value;
  turn_times timings;
  /// raw_response() and program(), in one text: the response, then the program when it is not
  /// part of the response as written (a program whose quotes extraction fixed). Set through
  /// set_texts().
  packed_text texts;
  lisp::value result;              ///< program value, returned or failed value; nil otherwise
  boxed<turn_error> failure;       ///< empty unless error/no_code/invalid_return
  packed_texts prints;             ///< one entry per print call (TRN-008)
  packed_vector<lisp::tool_call_record> tool_calls;  ///< in execution order
  lisp::memory_ptr memory;         ///< user namespace after the turn (rolled back on error)
  /// `memory` described, in definition order. A definition a turn left as it was keeps the
  /// previous turn's description (shared, not copied).
  packed_vector<definition_ptr> definitions;
  packed_texts defined;            ///< names this turn (re)defined
  packed_vector<std::shared_ptr<const step>> children;  ///< Steps of sub-agents called as tools

  /// A successful turn: its code ran (value or returned). Failed turns (error, no_code,
  /// invalid_return) are shown in full while they are the latest (CMP-002/003).
  bool success() const { return outcome == turn_outcome::value || outcome == turn_outcome::returned; }
  /// The LLM's full text.
  std::string_view raw_response() const { return texts.view().substr(0, response_size); }
  /// The extracted code; "" for no_code.
  std::string_view program() const { return texts.view().substr(program_at, program_size); }
  /// Sets both. The program is kept as its place in the response when it is part of it (the
  /// usual case: the code block as the LLM wrote it), not as a second copy. Texts of 4 GiB or
  /// more throw std::length_error.
  void set_texts(std::string_view raw_response, std::string_view program);
  /// error/no_code/invalid_return: the message the LLM reads; "" otherwise.
  const std::string& error() const;
  /// "parse", "type", ..., "no_code", "invalid_return"; "" if none.
  const std::string& error_kind() const;
  void set_error(std::string kind, std::string message);
};
// A mission's turns are most of an agent's memory: a turn (with its control block) stays
// within mimalloc's 160-byte size class (the next is 192). Its lists and its error are packed
// (one pointer each), its counts and times 32 bits. A field added must replace one or sit
// behind a pointer.
static_assert(sizeof(turn) <= 144, "a turn outgrew its allocator size class: keep rare parts behind a pointer");
using turn_ptr = std::shared_ptr<const turn>;

/// Describes a user namespace for the prompt (definitions in order, latest wins). A definition
/// that `previous` (the mission's turn before, if any) holds as the very same object keeps that
/// turn's description.
std::vector<definition_ptr> describe(const lisp::memory& mem, const turn* previous = nullptr);

/// Builds the turn for a program that ran. A non-empty `invalid_return_message` (the complete
/// feedback text from validation_message(), composed by messages/loop.cpp turn_after_run) makes
/// a (return v) turn an invalid_return turn with that text as its error; otherwise the outcome
/// follows run.kind. On error, run.mem is already the memory before the turn.
turn make_turn(std::size_t number, std::string_view raw_response, std::string_view program,
               lisp::run_result run, std::string invalid_return_message, token_usage usage,
               turn_timings timings, const turn* previous_turn = nullptr);

/// Builds the no_code turn (DESIGN §6.3): memory stays `previous`; `message` is the extraction
/// error that tells the LLM what to send.
turn make_no_code_turn(std::size_t number, std::string_view raw_response, std::string message,
                       lisp::memory_ptr previous, token_usage usage, turn_timings timings,
                       const turn* previous_turn = nullptr);

}  // namespace ptc::messages
