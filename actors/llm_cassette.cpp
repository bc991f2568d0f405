// Cassettes: JSONL files of recorded LLM exchanges, read by the replay provider and appended
// to by `record`.
#include <algorithm>
#include <fstream>
#include <string_view>
#include <vector>
#include <mutex>
#include <optional>
#include <system_error>

#include "ptc/actors/llm_internal.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/config/error.hpp"
#include "ptc/config/secret.hpp"

namespace ptc::actors::llm_detail {

namespace {

using json = nlohmann::ordered_json;

/// `req` as a cassette holds it: with every registered secret redacted; nullopt when it holds
/// none (the common case, no copy).
std::optional<llm_request> redacted(const llm_request& req) {
  if (!config::secrets_registered()) return std::nullopt;
  std::string text = to_json(req).dump(-1, ' ', false, json::error_handler_t::replace);
  if (!config::redact_in_place(text)) return std::nullopt;
  return request_from_json(json::parse(text));
}

/// The key a replay matches on: the messages only, so any provider's recording replays. Taken
/// over the request as recorded (redacted), so a request that carries a key (in a tool result
/// the model saw) finds its recording.
std::string messages_key(const llm_request& req) {
  auto r = redacted(req);
  return cassette_key("", "", r ? *r : req);
}

}  // namespace

cassette::cassette(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw config::config_error(p.string(), "cannot read the replay cassette");
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      json j = json::parse(line);
      if (!j.is_object()) throw std::invalid_argument("expected a JSON object");
      if (j.contains("ptc_run")) continue;  // what `ptc run --record` ran (ptc replay reads it)
      if (!j.contains("request")) throw std::invalid_argument("missing \"request\"");
      if (!j.contains("response")) throw std::invalid_argument("missing \"response\"");
      llm_request req = request_from_json(j["request"]);
      llm_response res = response_from_json(j["response"]);
      std::string model = j.contains("model") && j["model"].is_string() ? j["model"].get<std::string>() : "";
      by_messages_[messages_key(req)].entries.push_back(recorded{std::move(model), std::move(res)});
      by_turn_.try_emplace({req.agent, req.turn}, std::move(req.messages));
      ++count_;
    } catch (const std::exception& e) {
      throw config::config_error(p.string(), "line " + std::to_string(number) +
                                                 " is not a recorded exchange: " + e.what());
    }
  }
}

const llm_response* cassette::find(const llm_request& req, const std::string& model) {
  auto it = by_messages_.find(messages_key(req));
  if (it == by_messages_.end()) return nullptr;
  slot& s = it->second;
  std::vector<const recorded*> fits;
  for (const recorded& r : s.entries)
    if (model.empty() || r.model == model) fits.push_back(&r);
  if (fits.empty()) return nullptr;
  std::size_t& next = s.next[model];
  const recorded* r = fits[std::min(next, fits.size() - 1)];
  ++next;
  return &r->response;
}

namespace {

std::vector<std::string_view> cassette_lines(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

/// The lines where `was` and `now` differ (their common first and last lines trimmed), with up
/// to two lines of context before, at most `limit` lines of each side.
std::string cassette_line_diff(std::string_view was, std::string_view now, std::size_t limit = 12) {
  const auto a = cassette_lines(was), b = cassette_lines(now);
  std::size_t first = 0;
  while (first < a.size() && first < b.size() && a[first] == b[first]) ++first;
  std::size_t tail = 0;
  while (tail < a.size() - first && tail < b.size() - first && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
  std::string out = "  at line " + std::to_string(first + 1) + ":\n";
  for (std::size_t i = first >= 2 ? first - 2 : 0; i < first; ++i) out += "    " + std::string(a[i]) + "\n";
  auto side = [&](const std::vector<std::string_view>& lines, const char* mark) {
    const std::size_t end = lines.size() - tail;
    for (std::size_t i = first; i < end && i < first + limit; ++i) out += std::string(mark) + std::string(lines[i]) + "\n";
    if (end > first + limit) out += std::string(mark) + "... (" + std::to_string(end - first - limit) + " more lines)\n";
  };
  side(a, "  - ");
  side(b, "  + ");
  return out;
}

}  // namespace

std::string cassette::divergence(const llm_request& req) const {
  auto it = by_turn_.find({req.agent, req.turn});
  if (it == by_turn_.end()) return "";
  const auto& was = it->second;
  auto now = redacted(req);
  const auto& msgs = now ? now->messages : req.messages;
  const std::string who = "agent " + (req.agent.empty() ? std::string("(unnamed)") : req.agent) + ", turn " +
                          std::to_string(req.turn);
  for (std::size_t i = 0; i < std::max(was.size(), msgs.size()); ++i) {
    if (i >= was.size()) return "the request of " + who + " has more messages than the recording's " + std::to_string(was.size());
    if (i >= msgs.size()) return "the request of " + who + " has " + std::to_string(msgs.size()) + " messages, the recording " + std::to_string(was.size());
    if (was[i].role != msgs[i].role) {
      return "message " + std::to_string(i + 1) + " of " + who + " is " + messages::role_name(msgs[i].role) +
             ", recorded " + messages::role_name(was[i].role);
    }
    const std::string a = was[i].text(), b = msgs[i].text();
    if (a != b) {
      return "it differs from the recording of " + who + " in message " + std::to_string(i + 1) + " (" +
             messages::role_name(msgs[i].role) + ")\n" + cassette_line_diff(a, b);
    }
  }
  return "it differs from the recording of " + who + " outside the messages' text (content blocks)";
}

struct cassette_writer::impl {
  std::filesystem::path path;
  std::unique_ptr<append_file> file;
};

cassette_writer::cassette_writer(std::unique_ptr<impl> i) : impl_(std::move(i)) {}

cassette_writer::~cassette_writer() = default;

std::shared_ptr<cassette_writer> cassette_writer::open(const std::filesystem::path& p) {
  // One writer per file for the process (actors recording to the same cassette share it);
  // append_file keeps the lines of every writer, in this process or another, whole.
  static std::mutex registry_mutex;
  static std::map<std::string, std::weak_ptr<cassette_writer>> registry;
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(p, ec);
  std::string name = (ec ? p : absolute).lexically_normal().string();
  std::lock_guard lock(registry_mutex);
  if (auto existing = registry[name].lock()) return existing;
  auto i = std::make_unique<impl>();
  i->path = p;
  try {
    i->file = std::make_unique<append_file>(p);
  } catch (const std::system_error& e) {
    throw config::config_error(p.string(), "cannot open the cassette for recording: " + e.code().message());
  }
  auto w = std::make_shared<cassette_writer>(std::move(i));
  registry[name] = w;
  return w;
}

void cassette_writer::append(const std::string& provider, const std::string& model,
                             const llm_request& req, const llm_response& res) {
  auto r = redacted(req);
  json line{{"key", cassette_key(provider, model, r ? *r : req)},
            {"provider", provider},
            {"model", model},
            {"request", to_json(r ? *r : req)},
            {"response", to_json(res)}};
  std::string text = line.dump(-1, ' ', false, json::error_handler_t::replace);
  config::redact_in_place(text);  // the response too: a key the model repeated
  text += '\n';
  impl_->file->append(text);  // one write(2) of the whole line
}

}  // namespace ptc::actors::llm_detail
