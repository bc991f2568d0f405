// JSON of llm_request and llm_response: the wire<T> codec (other nodes) and cassettes.
#include <stdexcept>
#include <string>

#include "ptc/actors/llm.hpp"
#include "ptc/actors/llm_internal.hpp"
#include "ptc/messages/serialization.hpp"

namespace ptc::actors {

namespace {

using json = nlohmann::ordered_json;

json parse_object(const std::string& text, const char* what) {
  json j = json::parse(text);  // throws json::parse_error, a std::exception
  if (!j.is_object()) throw std::invalid_argument(std::string(what) + ": expected a JSON object");
  return j;
}

/// A field that must hold a string when present.
std::string str_at(const json& j, const char* key, const char* what) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return {};
  if (!it->is_string())
    throw std::invalid_argument(std::string(what) + "." + key + ": expected a string");
  return it->get<std::string>();
}

template <class Int>
Int int_at(const json& j, const char* key, const char* what) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return Int{};
  if (!it->is_number_integer())
    throw std::invalid_argument(std::string(what) + "." + key + ": expected an integer");
  return it->get<Int>();
}

}  // namespace

json to_json(const llm_request& r) {
  return json{{"agent", r.agent},
              {"mission", r.mission.str()},
              {"turn", r.turn},
              {"messages", messages::to_json(r.messages)}};
}

json to_json(const llm_response& r) {
  json j{{"ok", r.ok},
         {"text", r.text},
         {"usage", messages::to_json(r.usage)},
         {"latency_us", r.latency_us},
         {"attempts", r.attempts},
         {"model", r.model}};
  // A success carries no error fields: cassettes and traces stay small and unambiguous.
  if (!r.ok) {
    j["error"] = r.error;
    j["error_kind"] = r.error_kind;
  }
  return j;
}

namespace llm_detail {

llm_request request_from_json(const json& j) {
  if (!j.is_object()) throw std::invalid_argument("llm_request: expected a JSON object");
  llm_request r;
  r.agent = str_at(j, "agent", "llm_request");
  r.mission = str_at(j, "mission", "llm_request");
  r.turn = int_at<std::size_t>(j, "turn", "llm_request");
  auto it = j.find("messages");
  if (it == j.end()) throw std::invalid_argument("llm_request.messages: missing");
  r.messages = messages::messages_from_json(*it);
  return r;
}

llm_response response_from_json(const json& j) {
  if (!j.is_object()) throw std::invalid_argument("llm_response: expected a JSON object");
  llm_response r;
  auto ok = j.find("ok");
  if (ok == j.end() || !ok->is_boolean())
    throw std::invalid_argument("llm_response.ok: expected true or false");
  r.ok = ok->get<bool>();
  r.text = str_at(j, "text", "llm_response");
  if (auto u = j.find("usage"); u != j.end()) r.usage = messages::usage_from_json(*u);
  r.latency_us = int_at<std::int64_t>(j, "latency_us", "llm_response");
  r.attempts = int_at<int>(j, "attempts", "llm_response");
  r.model = str_at(j, "model", "llm_response");
  r.error = str_at(j, "error", "llm_response");
  r.error_kind = str_at(j, "error_kind", "llm_response");
  return r;
}

}  // namespace llm_detail

std::string codec<llm_request>::encode(const llm_request& r) { return to_json(r).dump(); }

llm_request codec<llm_request>::decode(const std::string& text) {
  return llm_detail::request_from_json(parse_object(text, "llm_request"));
}

std::string codec<llm_response>::encode(const llm_response& r) { return to_json(r).dump(); }

llm_response codec<llm_response>::decode(const std::string& text) {
  return llm_detail::response_from_json(parse_object(text, "llm_response"));
}

}  // namespace ptc::actors
