// The JSONL trace sink (see trace.hpp).
#include "ptc/actors/trace.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <random>
#include <istream>
#include <map>
#include <chrono>
#include <ctime>
#include <stdexcept>
#include <system_error>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "ptc/actors/llm_internal.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/config/secret.hpp"
#include "ptc/lisp/json.hpp"

namespace ptc::actors {
namespace {

using json = nlohmann::ordered_json;

/// A JSON pointer token (RFC 6901): "~" and "/" escaped.
std::string pointer_token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

/// Replaces repeated large strings under `j` (at JSON pointer `at`) by references; lists the
/// first occurrences in `payloads`.
void dedupe(json& j, const std::string& at, std::set<std::string>& seen, json& payloads) {
  if (j.is_string()) {
    const std::string& text = j.get_ref<const std::string&>();
    if (text.size() < trace_payload_min) return;
    std::string hash = llm_detail::sha256_hex(text);
    const std::size_t bytes = text.size();
    if (seen.insert(hash).second) {
      payloads.push_back(json{{"sha256", std::move(hash)}, {"at", at}, {"bytes", bytes}});
    } else {
      j = json{{"$payload", std::move(hash)}, {"bytes", bytes}};
    }
  } else if (j.is_object()) {
    for (auto& [key, v] : j.items()) dedupe(v, at + "/" + pointer_token(key), seen, payloads);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) dedupe(j[i], at + "/" + std::to_string(i), seen, payloads);
  }
}

/// The process's trace clock: microseconds since its first use. Events of agents in this
/// process carry the time they happened on it; the sink stamps the others when they arrive.
std::int64_t trace_clock_us() {
  static const auto epoch = std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - epoch).count();
}

struct trace_state {
  static constexpr const char* name = "trace_sink";
  std::shared_ptr<append_file> out;
  std::set<std::string> seen;  ///< hashes of the large strings written so far
  bool failed = false;         ///< a write failed (said once, on the log)
};

void write_line(trace_state& st, const std::string& event_line) {
  // Redacted first, so that payload hashes are of the text as written.
  std::string line = event_line;
  config::redact_in_place(line);
  line = dedupe_payloads(std::move(line), st.seen);
  // The time goes first so a reader can sort merged traces without parsing the rest: the
  // event's own (trace_event in this process), else now.
  std::string out;
  if (line.rfind("{\"time_us\":", 0) == 0) {
    out = std::move(line);
  } else {
    out = "{\"time_us\":" + std::to_string(trace_clock_us()) + ',';
    out.append(std::string_view(line).substr(1));
  }
  out += '\n';
  try {
    st.out->append(out);
  } catch (const std::system_error& e) {
    if (!st.failed) spdlog::warn("trace: {} (later events are lost too)", e.what());
    st.failed = true;
  }
}

caf::behavior trace_sink(caf::stateful_actor<trace_state>* self, std::shared_ptr<append_file> file) {
  self->state.out = std::move(file);
  char started[32] = "";
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  if (gmtime_r(&now, &utc)) std::strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", &utc);
  write_line(self->state, json{{"event", "trace_start"}, {"pid", ::getpid()}, {"started", started}}.dump());
  return {
      [=](trace_atom, const std::string& line) { write_line(self->state, line); },
      // Lines are written as they come: once this is answered, every earlier one is in the file.
      [=](flush_atom) { return true; },
  };
}

}  // namespace

namespace {

/// Replaces each {"$payload": HEX, "bytes": N} in `j` whose string `known` holds.
void resolve_payloads(json& j, const std::map<std::string, std::string, std::less<>>& known,
                      std::size_t& unresolved) {
  if (j.is_object()) {
    if (j.size() == 2 && j.contains("$payload") && j.contains("bytes") && j["$payload"].is_string()) {
      auto it = known.find(j["$payload"].get_ref<const std::string&>());
      if (it == known.end()) {
        ++unresolved;
      } else {
        j = it->second;
      }
      return;
    }
    for (auto& [key, v] : j.items()) resolve_payloads(v, known, unresolved);
  } else if (j.is_array()) {
    for (auto& v : j) resolve_payloads(v, known, unresolved);
  }
}

}  // namespace

std::uint64_t new_trace_run() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

std::string trace_run_id(std::uint64_t run) {
  static const std::string prefix = [] {
    std::random_device rd;
    char buf[16];
    std::snprintf(buf, sizeof buf, "%06x", static_cast<unsigned>(rd() & 0xffffffu));
    return std::string(buf);
  }();
  return prefix + "-" + std::to_string(run);
}

bool is_trace_event(std::string_view line, std::string_view event) {
  const std::string key = "\"event\":\"" + std::string(event) + "\"";
  if (line.rfind("{" + key, 0) == 0) return true;
  if (line.rfind("{\"time_us\":", 0) != 0) return false;
  const auto comma = line.find(',');
  return comma != std::string_view::npos && line.substr(comma + 1).rfind(key, 0) == 0;
}

std::string trace_node_label() {
  static const std::string label = [] {
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) != 0) std::snprintf(host, sizeof host, "unknown");
    return std::string(host) + ":" + std::to_string(::getpid());
  }();
  return label;
}

trace_contents read_trace(std::istream& in) {
  trace_contents out;
  std::map<std::string, std::string, std::less<>> known;  // sha256 -> the string
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json event = lisp::parse_outside_json<json>(line);
    if (event.is_discarded() || !event.is_object()) {
      if (lisp::json_too_deep(line)) {
        throw std::runtime_error("line " + std::to_string(number) + " " + lisp::too_deep_text());
      }
      throw std::runtime_error("line " + std::to_string(number) + " is not a JSON object");
    }
    // The strings this line holds in full first (a reference may follow in the same line).
    if (auto p = event.find("payloads"); p != event.end() && p->is_array()) {
      for (const auto& entry : *p) {
        if (!entry.is_object() || !entry.contains("sha256") || !entry.contains("at")) continue;
        try {
          const json& text = event.at(json::json_pointer(entry["at"].get<std::string>()));
          if (text.is_string()) known.emplace(entry["sha256"].get<std::string>(), text.get<std::string>());
        } catch (const json::exception&) {
          // A pointer that does not lead anywhere: its references stay unresolved.
        }
      }
    }
    resolve_payloads(event, known, out.unresolved);
    out.events.push_back(std::move(event));
  }
  return out;
}

std::string dedupe_payloads(std::string line, std::set<std::string>& seen) {
  if (line.size() < trace_payload_min) return line;
  json j = lisp::parse_outside_json<json>(line);
  if (j.is_discarded() || !j.is_object()) return line;
  json payloads = json::array();
  dedupe(j, "", seen, payloads);
  if (!payloads.empty()) j["payloads"] = std::move(payloads);
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

append_file::append_file(const std::filesystem::path& path) : path_(path.string()) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "cannot open " + path_ + " for appending");
}

append_file::~append_file() { ::close(fd_); }

void append_file::append(std::string_view line) {
  // O_APPEND makes each write(2) land at the end as a whole on local file systems; the lock
  // covers the rare short write (a signal, a full disk) and file systems that do not.
  while (::flock(fd_, LOCK_EX) != 0)
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "cannot lock " + path_);
  int error = 0;
  while (!line.empty()) {
    const ssize_t n = ::write(fd_, line.data(), line.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      error = errno;
      break;
    }
    line.remove_prefix(static_cast<std::size_t>(n));
  }
  ::flock(fd_, LOCK_UN);
  if (error != 0) throw std::system_error(error, std::generic_category(), "cannot write to " + path_);
}

caf::actor spawn_trace_sink(caf::actor_system& sys, const std::filesystem::path& file) {
  std::shared_ptr<append_file> out;
  try {
    out = std::make_shared<append_file>(file);
  } catch (const std::system_error& e) {
    throw std::runtime_error("cannot write the trace file " + file.string() + ": " + e.code().message());
  }
  return sys.spawn(trace_sink, std::move(out));
}

void trace_event(const caf::actor& sink, const std::string& event, const std::string& agent,
                 nlohmann::ordered_json fields) {
  if (!sink) return;
  nlohmann::ordered_json j;
  // When it happened, if the sink shares this process's clock (an agent on a node: when the
  // sink gets it).
  if (sink.node() == sink->home_system().node()) j["time_us"] = trace_clock_us();
  j["event"] = event;
  j["agent"] = agent;
  for (auto& [k, v] : fields.items()) j[k] = std::move(v);
  caf::anon_send(sink, trace_atom::value, j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

namespace {

/// Passes each message through config::redact on its way to the real sink.
class redacting_sink final : public spdlog::sinks::sink {
 public:
  explicit redacting_sink(std::shared_ptr<spdlog::sinks::sink> inner) : inner_(std::move(inner)) {}
  void log(const spdlog::details::log_msg& msg) override {
    std::string text(msg.payload.data(), msg.payload.size());
    if (!config::redact_in_place(text)) {
      inner_->log(msg);
      return;
    }
    spdlog::details::log_msg copy = msg;
    copy.payload = spdlog::string_view_t(text.data(), text.size());
    inner_->log(copy);
  }
  void flush() override { inner_->flush(); }
  void set_pattern(const std::string& pattern) override { inner_->set_pattern(pattern); }
  void set_formatter(std::unique_ptr<spdlog::formatter> f) override { inner_->set_formatter(std::move(f)); }

 private:
  std::shared_ptr<spdlog::sinks::sink> inner_;
};

}  // namespace

std::shared_ptr<spdlog::logger> make_redacting_stderr_logger(const std::string& name) {
  auto inner = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  auto logger = std::make_shared<spdlog::logger>(name, std::make_shared<redacting_sink>(std::move(inner)));
  spdlog::register_logger(logger);
  return logger;
}

}  // namespace ptc::actors
