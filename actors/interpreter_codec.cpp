// JSON for eval_request and eval_reply (wire<T> between nodes). Values and user namespaces use
// the messages/ writers (EDN text, definitions re-evaluated on reading); the run record's own
// fields are written here. Reading throws std::invalid_argument naming the field.
#include <stdexcept>
#include <string>

#include "ptc/actors/interpreter.hpp"
#include "ptc/messages/serialization.hpp"

namespace ptc::actors {

namespace {

using json = nlohmann::ordered_json;

[[noreturn]] void bad(const std::string& path, const std::string& what) {
  throw std::invalid_argument(path + ": " + what);
}

const json& object_at(const json& j, const std::string& path) {
  if (!j.is_object()) bad(path, "expected an object, got " + std::string(j.type_name()));
  return j;
}

const json* find(const json& j, const char* key) {
  auto it = j.find(key);
  return it == j.end() || it->is_null() ? nullptr : &*it;
}

std::uint64_t u64(const json& j, const char* key, std::uint64_t fallback, const std::string& path) {
  const json* f = find(j, key);
  if (!f) return fallback;
  if (f->is_number_unsigned()) return f->get<std::uint64_t>();
  if (f->is_number_integer() && f->get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(f->get<std::int64_t>());
  bad(path + "." + key, "expected a non-negative integer, got " + f->dump());
}

std::string str(const json& j, const char* key, const std::string& path) {
  const json* f = find(j, key);
  if (!f) return {};
  if (!f->is_string()) bad(path + "." + key, "expected a string, got " + std::string(f->type_name()));
  return f->get<std::string>();
}

const json& array(const json& j, const char* key, const std::string& path) {
  static const json empty = json::array();
  const json* f = find(j, key);
  if (!f) return empty;
  if (!f->is_array()) bad(path + "." + key, "expected an array, got " + std::string(f->type_name()));
  return *f;
}

std::vector<std::string> strings(const json& j, const char* key, const std::string& path) {
  const json& a = array(j, key, path);
  std::vector<std::string> out;
  out.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string()) bad(path + "." + key + "[" + std::to_string(i) + "]", "expected a string");
    out.push_back(a[i].get<std::string>());
  }
  return out;
}

/// messages' readers name their own fields; prefix them with where we are.
template <class F>
auto nested(const std::string& path, F&& read) {
  try {
    return read();
  } catch (const std::invalid_argument& e) {
    bad(path, e.what());
  }
}


// --- the run record ----------------------------------------------------------------------------

constexpr lisp::outcome all_outcomes[] = {lisp::outcome::value, lisp::outcome::returned,
                                          lisp::outcome::failed, lisp::outcome::error};
constexpr lisp::error_kind all_kinds[] = {
    lisp::error_kind::parse,      lisp::error_kind::analysis,     lisp::error_kind::unbound,
    lisp::error_kind::arity,      lisp::error_kind::type,         lisp::error_kind::index,
    lisp::error_kind::not_callable, lisp::error_kind::arithmetic, lisp::error_kind::tool,
    lisp::error_kind::limit,      lisp::error_kind::exception,    lisp::error_kind::unsupported};

template <class Enum, std::size_t N>
Enum enum_named(const std::string& text, const char* (*name_of)(Enum), const Enum (&all)[N],
                const std::string& path) {
  for (Enum e : all) {
    if (text == name_of(e)) return e;
  }
  bad(path, "unknown name \"" + text + "\"");
}

json error_to_json(const lisp::error& e) {
  json j{{"kind", lisp::kind_name(e.kind)}, {"message", e.message}, {"line", e.pos.line}, {"col", e.pos.col}};
  if (!e.hint.empty()) j["hint"] = e.hint;
  if (!e.data.is_nil()) j["data"] = messages::value_to_json(e.data);
  return j;
}

lisp::error error_from(const json& j, const std::string& path) {
  object_at(j, path);
  lisp::error e;
  e.kind = enum_named(str(j, "kind", path), lisp::kind_name, all_kinds, path + ".kind");
  e.message = str(j, "message", path);
  const std::uint64_t line = u64(j, "line", 0, path), col = u64(j, "col", 0, path);
  if (line > UINT32_MAX || col > UINT32_MAX) bad(path, "position too large");
  e.pos.line = static_cast<std::uint32_t>(line);
  e.pos.col = static_cast<std::uint32_t>(col);
  e.hint = str(j, "hint", path);
  if (const json* d = find(j, "data")) e.data = nested(path + ".data", [&] { return messages::value_from_json(*d); });
  return e;
}

json run_to_json(const lisp::run_result& r) {
  json j;
  j["kind"] = lisp::outcome_name(r.kind);
  j["result"] = messages::value_to_json(r.result);
  if (r.err) j["error"] = error_to_json(*r.err);
  j["prints"] = r.prints;
  json calls = json::array();
  for (const auto& c : r.tool_calls) calls.push_back(messages::tool_call_to_json(c));
  j["tool_calls"] = std::move(calls);
  j["defined"] = r.defined;
  j["mem"] = r.mem ? messages::memory_to_json(*r.mem) : json(nullptr);
  j["steps"] = r.steps;
  j["eval_time_us"] = r.eval_time.count();
  j["peak_memory_bytes"] = r.peak_memory_bytes;
  return j;
}

lisp::run_result run_from(const json& j, const std::string& path) {
  object_at(j, path);
  lisp::run_result r;
  r.kind = enum_named(str(j, "kind", path), lisp::outcome_name, all_outcomes, path + ".kind");
  if (const json* v = find(j, "result")) r.result = nested(path + ".result", [&] { return messages::value_from_json(*v); });
  if (const json* e = find(j, "error")) r.err = error_from(*e, path + ".error");
  r.prints = strings(j, "prints", path);
  const json& calls = array(j, "tool_calls", path);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    r.tool_calls.push_back(messages::tool_call_from_json(calls[i], path + ".tool_calls[" + std::to_string(i) + "]"));
  }
  r.defined = strings(j, "defined", path);
  if (const json* m = find(j, "mem")) r.mem = nested(path + ".mem", [&] { return messages::memory_from_json(*m); });
  r.steps = u64(j, "steps", 0, path);
  r.eval_time = std::chrono::microseconds(u64(j, "eval_time_us", 0, path));
  r.peak_memory_bytes = u64(j, "peak_memory_bytes", 0, path);
  return r;
}

json parse(const std::string& text, const char* what) {
  try {
    return json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::invalid_argument(std::string(what) + ": not valid JSON (" + e.what() + ")");
  }
}

}  // namespace

// --- eval_request ------------------------------------------------------------------------------

std::string codec<eval_request>::encode(const eval_request& r) {
  json j;
  j["source"] = r.source;
  j["data"] = messages::value_to_json(r.data);
  j["mem"] = r.mem ? messages::memory_to_json(*r.mem) : json(nullptr);
  j["limits"] = messages::limits_to_json(r.limits);
  return j.dump();
}

eval_request codec<eval_request>::decode(const std::string& text) {
  const json j = parse(text, "eval_request");
  const std::string path = "eval_request";
  object_at(j, path);
  eval_request r;
  r.source = str(j, "source", path);
  if (const json* d = find(j, "data")) r.data = nested(path + ".data", [&] { return messages::value_from_json(*d); });
  if (const json* m = find(j, "mem")) r.mem = nested(path + ".mem", [&] { return messages::memory_from_json(*m); });
  if (const json* l = find(j, "limits")) r.limits = messages::limits_from_json(*l, path + ".limits");
  return r;
}

// --- eval_reply --------------------------------------------------------------------------------

std::string codec<eval_reply>::encode(const eval_reply& r) {
  json j;
  j["run"] = run_to_json(r.run);
  json children = json::array();
  for (const auto& c : r.children) children.push_back(c ? messages::to_json(*c) : json(nullptr));
  j["children"] = std::move(children);
  j["tool_time_us"] = r.tool_time.count();
  return j.dump();
}

eval_reply codec<eval_reply>::decode(const std::string& text) {
  const json j = parse(text, "eval_reply");
  const std::string path = "eval_reply";
  object_at(j, path);
  eval_reply r;
  const json* run = find(j, "run");
  if (!run) bad(path + ".run", "missing");
  r.run = run_from(*run, path + ".run");
  const json& children = array(j, "children", path);
  for (std::size_t i = 0; i < children.size(); ++i) {
    const std::string at = path + ".children[" + std::to_string(i) + "]";
    if (children[i].is_null()) {
      r.children.emplace_back();
    } else {
      r.children.emplace_back(nested(at, [&] { return messages::step_from_json(children[i]); }));
    }
  }
  r.tool_time = std::chrono::microseconds(u64(j, "tool_time_us", 0, path));
  return r;
}

}  // namespace ptc::actors
