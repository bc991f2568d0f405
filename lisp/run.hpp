#pragma once
// Running a program: the public API of lisp/.
//
// Context: a program calls tools whose answers arrive later, as messages, possibly on another
// thread; thousands of programs share a few threads.
//
// Decision: a `program_run` is an object. start() evaluates until the program finishes or
// stops with pending tool calls; resume() hands in the calls' results and continues. The
// evaluation runs on its own fiber (Boost.Context), so waiting blocks no thread and a run may
// be resumed from any thread (never from two at once). pmap/pcalls branches run on fibers of
// their own, so their tool calls are pending together. A run can also stop as `yielded` when it
// has used its time slice, so one long computation cannot starve others on the same thread.
// `lisp::run` is the synchronous convenience, with tools as C++ callables, built on the same
// mechanism.
//
// Consequences: a run owns its fibers; destroying an unfinished run unwinds them cleanly.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

/// One tool call as the run record keeps it (in execution order, wherever it happened).
struct tool_call_record {
  std::string name;
  nlohmann::ordered_json args;                   ///< always an object (see spec: tool arguments)
  std::optional<nlohmann::ordered_json> result;  ///< set on success
  std::optional<std::string> error;      ///< set on failure
  std::chrono::microseconds duration{0};
  std::chrono::microseconds started{0};  ///< when it went out, since the run started (timelines)
};

/// One user definition (def/defn) in the user namespace.
///
/// Context: every turn of every agent keeps its memory, and most definitions are values with
/// no docstring. Decision: name, value and kind inline; the texts only some definitions have
/// (docstring, a function's parameters, return type and source) in one shared `details`, null
/// when all are empty. A value's definition is 72 bytes instead of 184.
struct definition {
  struct details {
    std::string docstring;    ///< semicolons removed (DEF-007); empty when none
    std::string params;       ///< "[category]" for functions (first arity); empty for values
    std::string return_type;  ///< type label of the value its most recent call returned ("" if never called)
    /// Functions: the top-level form that made it, as written (it rebuilds them on another
    /// node); empty for values, which travel as themselves.
    std::string source;
    bool operator==(const details&) const = default;
  };

  std::string name;
  value val;
  bool is_function = false;
  std::shared_ptr<const details> more;  ///< null: every text empty

  const std::string& docstring() const { return more ? more->docstring : no_text(); }
  const std::string& params() const { return more ? more->params : no_text(); }
  const std::string& return_type() const { return more ? more->return_type : no_text(); }
  const std::string& source() const { return more ? more->source : no_text(); }
  /// Sets the texts (null `more` when all are empty).
  void set_details(details d);

 private:
  /// The text of an absent detail: a constant, read inline (rendering a turn's namespace reads
  /// these a few dozen times).
  static const std::string& no_text() { return no_text_; }
  static constinit inline const std::string no_text_{};
};

/// The user namespace: definitions in definition order (DEF-009); redefining a name replaces
/// its value and docstring where it stands (latest wins, DEF-001/002). Immutable once shared.
/// A definition a run leaves as it was is the same object in the memory after the run (a
/// mission's turns share what they did not change instead of copying it every turn).
struct memory {
  std::vector<std::shared_ptr<const definition>> defs;
  const definition* find(std::string_view name) const;
};
using memory_ptr = std::shared_ptr<const memory>;

enum class outcome : std::uint8_t {
  value,     ///< the program finished; `result` is its last form's value
  returned,  ///< (return v) was called
  failed,    ///< (fail v) was called
  error,     ///< the program raised an error (`err`)
};
const char* outcome_name(outcome o);

/// Everything the renderers need to know about one run.
struct run_result {
  outcome kind = outcome::value;
  value result;
  std::optional<error> err;
  std::vector<std::string> prints;  ///< one entry per print call, in order (TRN-008/009/011)
  std::vector<tool_call_record> tool_calls;
  std::vector<std::string> defined;  ///< names this run defined, in order (repeats kept once)
  memory_ptr mem;                    ///< after the run; the starting memory when kind == error
  std::uint64_t steps = 0;
  std::chrono::microseconds eval_time{0};  ///< wall time evaluating, tool waits excluded
  std::uint64_t peak_memory_bytes = 0;
};

struct tool_request {
  std::uint64_t id;
  std::string name;
  nlohmann::ordered_json args;
};
struct tool_reply {
  std::uint64_t id;
  std::optional<nlohmann::ordered_json> result;  ///< set on success
  std::string error;                     ///< used when result is empty
};

/// What a run starts from.
struct program_input {
  std::string source;
  value data;                       ///< a map: data/KEY reads its keys (nil: no data)
  std::vector<std::string> tools;   ///< the tool names the program may call
  memory_ptr mem;                   ///< user definitions from earlier turns (null: none)
  limits lim;
  std::uint64_t slice_steps = 0;    ///< >0: yield after this many steps (time slicing)
};

class program_run {
 public:
  enum class status : std::uint8_t { ready, pending_tools, yielded, finished };

  explicit program_run(program_input in);
  ~program_run();
  program_run(const program_run&) = delete;
  program_run& operator=(const program_run&) = delete;

  /// Reads, analyses and evaluates until the program finishes or stops.
  status start();
  /// Delivers results for pending calls (all or some) and continues. Replies for unknown ids
  /// are ignored. A yielded run is continued with an empty reply list.
  status resume(std::vector<tool_reply> replies);
  status state() const;
  /// The calls the run waits for (status pending_tools), in the order they were made.
  const std::vector<tool_request>& pending() const;
  /// The calls the run waits for whose id is `first_id` or more, in the order they were made
  /// (ids grow with each call). A driver that hands each call out once asks for those after
  /// the last it took, so a run with a thousand calls out (pmap) is not searched a thousand
  /// times; pending() is the same as requests_from(0).
  std::span<const tool_request> requests_from(std::uint64_t first_id) const;
  /// The record (status finished).
  const run_result& result() const;
  run_result take_result();
  /// Values a limit error's unwinding set aside, freed when the run is destroyed (object.hpp).
  std::size_t parked_objects() const;

  struct impl;  ///< internal (run.cpp)

 private:
  std::unique_ptr<impl> impl_;
};

/// A tool as a C++ callable: JSON arguments in, JSON result out; throwing means the call failed
/// (the exception's what() is the error message).
using tool_fn = std::function<nlohmann::ordered_json(const nlohmann::ordered_json& args)>;

struct run_options {
  value data;
  std::map<std::string, tool_fn, std::less<>> tools;
  memory_ptr mem;
  limits lim;
};

/// Runs a program to completion on the calling thread, calling tools synchronously.
run_result run(std::string_view source, const run_options& opts = {});

}  // namespace ptc::lisp
