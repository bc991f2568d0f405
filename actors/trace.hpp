#pragma once
// The trace sink: a JSONL file of everything that happened in a run (`ptc run --trace`), and
// the whole-line appends that the trace and cassettes share.
//
// Events, one JSON object per line, each with "time_us" (microseconds on the writing process's
// trace clock, which starts before its sink's first line), "event" and
// "agent" (tree path, "boss/researcher"):
//   {"event":"trace_start", "pid", "started"}                 first line a process writes
//   {"event":"llm_request", "turn", "messages": [...]}      the exact messages sent
//   {"event":"llm_response", "turn", "response": {...}}     text, usage, latency, attempts, error
//   {"event":"turn", "turn": {...}}                          messages::to_json(turn): program,
//                                                            result, prints, tool calls, ...
//   {"event":"step", "step": {...}}                          messages::to_json(step)
//
// Large payloads are written once. A string of at least trace_payload_min bytes appears in
// full where the trace first meets it; the event that holds it lists it in "payloads":
// [{"sha256": HEX, "at": JSON pointer into the event, "bytes": N}]. Wherever the same string
// comes again (the reply in the llm_response, the Turn's raw_response, the Step's turns, the
// next request's messages), it is replaced by {"$payload": HEX, "bytes": N}: look up the event
// whose "payloads" lists HEX and take the string at its "at". The hash is of the text as written
// (after redaction), so a reader can check it.
//
// The file is opened for appending and each line goes out in one write(2) under an exclusive
// flock, so several processes can trace into one file: their lines never interleave (each
// process starts with its trace_start line; a $payload refers to a line of the same process
// or to an identical string of another one, which is the same text).
//
// Keys never appear: nothing here sees a config::secret, and every line passes through
// config::redact (a key that came back in a reply or a tool result is masked too).
#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <caf/all.hpp>
#include <nlohmann/json.hpp>

namespace spdlog {
class logger;
}

namespace ptc::actors {

/// Strings this long or longer are written once per trace (see above).
inline constexpr std::size_t trace_payload_min = 4096;

/// Spawns the sink appending to `file` (created when missing). Messages: (trace_atom,
/// std::string line) appends the line; (flush_atom) -> bool answers once every earlier line is
/// written. Throws std::runtime_error when the file cannot be opened.
caf::actor spawn_trace_sink(caf::actor_system& sys, const std::filesystem::path& file);

/// Sends an event to `sink` (does nothing when sink is invalid). `event` gets "event" and
/// "agent" added in front, and "time_us" before them when the sink is in this process (the
/// time it happened; the sink stamps events from other processes as they arrive).
void trace_event(const caf::actor& sink, const std::string& event, const std::string& agent,
                 nlohmann::ordered_json fields);

/// The event line as the trace file gets it: large strings seen before (their hashes in
/// `seen`) replaced by references, new ones added to `seen` and listed in "payloads". A line
/// shorter than trace_payload_min or not JSON is returned unchanged. Exposed for tests.
std::string dedupe_payloads(std::string line, std::set<std::string>& seen);

/// A new number for one agent run's events, unique in this process; trace_run_id(n) is the id
/// its events carry ("run"): unique across processes with high probability too (a random prefix
/// per process), e.g. "3f9a1c-17". An agent keeps the number (8 bytes, not a string per agent).
std::uint64_t new_trace_run();
std::string trace_run_id(std::uint64_t run);

/// Whether `line` (as trace_event makes it) is an `event` event, without parsing it: "event"
/// comes first or right after "time_us".
bool is_trace_event(std::string_view line, std::string_view event);

/// This process as a trace names the node an agent ran on: "HOST:PID".
std::string trace_node_label();

/// A trace file read back (`ptc show`): its events in order, each {"$payload": HEX} reference
/// replaced by the string it stands for.
struct trace_contents {
  std::vector<nlohmann::ordered_json> events;
  /// References no earlier line resolved (a trace cut or filtered with grep); left in place.
  std::size_t unresolved = 0;
};

/// Reads a trace. Blank lines are skipped; a line that is not a JSON object throws
/// std::runtime_error naming its line number.
trace_contents read_trace(std::istream& in);

/// A file opened for whole-line appends (O_APPEND); closed with the object.
class append_file {
 public:
  /// Opens (creating, never truncating) `path`; throws std::system_error naming it.
  explicit append_file(const std::filesystem::path& path);
  ~append_file();
  append_file(const append_file&) = delete;
  append_file& operator=(const append_file&) = delete;

  /// Appends `line` whole: one write(2) under an exclusive flock (a short write is continued
  /// under the same lock), so concurrent appenders, in this process or others, never split
  /// it. Throws std::system_error when the write fails (disk full, ...).
  void append(std::string_view line);

 private:
  int fd_;
  std::string path_;
};

/// spdlog's logger for ptc: stderr with colours, every message passed through config::redact.
std::shared_ptr<spdlog::logger> make_redacting_stderr_logger(const std::string& name);

}  // namespace ptc::actors
