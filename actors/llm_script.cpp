// Offline LLMs: scripts (responses per mission and turn) and cassette keys.
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "ptc/actors/llm.hpp"
#include "ptc/actors/llm_internal.hpp"
#include "ptc/messages/serialization.hpp"

namespace ptc::actors {

namespace {

using json = nlohmann::ordered_json;

[[noreturn]] void script_error(const std::filesystem::path& p, const std::string& what) {
  throw std::runtime_error("script file " + p.string() + ": " + what);
}

std::vector<std::string> responses_at(const json& j, const std::filesystem::path& p,
                                      const std::string& where) {
  if (!j.is_array()) script_error(p, where + ": expected an array of strings");
  std::vector<std::string> out;
  out.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_string())
      script_error(p, where + "[" + std::to_string(i) + "]: expected a string");
    out.push_back(j[i].get<std::string>());
  }
  return out;
}

}  // namespace

scripted_fn script_from(std::vector<script_entry> entries) {
  auto shared = std::make_shared<const std::vector<script_entry>>(std::move(entries));
  return [shared](const llm_request& req) -> std::optional<std::string> {
    for (const script_entry& e : *shared) {
      if (!e.match.empty() && req.mission.find(e.match) == std::string::npos) continue;
      // The first matching entry owns the mission: running past its end is "exhausted", not
      // a fall-through to a later entry meant for another mission.
      std::size_t k = req.turn == 0 ? 1 : req.turn;
      if (k > e.responses.size()) return std::nullopt;
      return e.responses[k - 1];
    }
    return std::nullopt;
  };
}

std::vector<script_entry> read_script_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) script_error(p, "cannot be read");
  std::stringstream buf;
  buf << in.rdbuf();
  json j = json::parse(buf.str(), nullptr, false);
  if (j.is_discarded()) script_error(p, "not valid JSON");
  if (!j.is_object()) script_error(p, "expected a JSON object {\"scripts\": [...]}");
  for (const auto& [key, value] : j.items())
    if (key != "scripts") script_error(p, "unknown key \"" + key + "\" (expected \"scripts\")");
  auto scripts = j.find("scripts");
  if (scripts == j.end()) script_error(p, "missing \"scripts\"");
  if (!scripts->is_array()) script_error(p, "scripts: expected an array");
  std::vector<script_entry> out;
  for (std::size_t i = 0; i < scripts->size(); ++i) {
    const json& e = (*scripts)[i];
    const std::string where = "scripts[" + std::to_string(i) + "]";
    if (!e.is_object()) script_error(p, where + ": expected an object {\"match\", \"responses\"}");
    script_entry entry;
    for (const auto& [key, value] : e.items()) {
      if (key == "match") {
        if (!value.is_string()) script_error(p, where + ".match: expected a string");
        entry.match = value.get<std::string>();
      } else if (key == "responses") {
        entry.responses = responses_at(value, p, where + ".responses");
      } else {
        script_error(p, where + ": unknown key \"" + key + "\" (expected match, responses)");
      }
    }
    if (!e.contains("responses")) script_error(p, where + ": missing \"responses\"");
    out.push_back(std::move(entry));
  }
  return out;
}

std::string cassette_key(const std::string& provider, const std::string& model,
                         const llm_request& req) {
  // Only what the provider sees decides the answer: the agent's name, mission and turn number
  // are bookkeeping and stay out of the key.
  json canonical{{"provider", provider},
                 {"model", model},
                 {"messages", messages::to_json(req.messages)}};
  return llm_detail::sha256_hex(
      canonical.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace ptc::actors
