// JSON for the messages types (traces, resume, other nodes). Values and user namespaces are in
// serialization_values.cpp. Every field is written; on reading, absent fields take their
// defaults except the few that identify a thing (a message's role, a tool's name, a turn's
// number and outcome), and a field of the wrong type is an error naming its path.
#include "ptc/messages/serialization.hpp"

#include "ptc/messages/json_fields.hpp"

namespace ptc::messages {

using json_detail::at_index;
using json_detail::bad;
using json_detail::fields;
using json_detail::memory_at;
using json_detail::value_at;

namespace {

std::int64_t micros(std::chrono::microseconds d) { return d.count(); }

template <class Enum, std::size_t N>
Enum enum_from(const fields& f, const char* key, const char* (*name_of)(Enum), const Enum (&all)[N],
               bool is_required, Enum fallback) {
  const std::string text = f.str(key, is_required);
  if (text.empty() && !is_required && !f.find(key)) return fallback;
  std::string names;
  for (Enum e : all) {
    if (text == name_of(e)) return e;
    if (!names.empty()) names += ", ";
    names += name_of(e);
  }
  bad(f.path(key), "expected one of " + names + ", got \"" + text + "\"");
}

constexpr role all_roles[] = {role::system, role::user, role::assistant};
constexpr compression_options::strategy all_strategies[] = {
    compression_options::strategy::uncompressed, compression_options::strategy::single_user_coalesced};
constexpr turn_outcome all_outcomes[] = {turn_outcome::value,   turn_outcome::returned,
                                         turn_outcome::failed,  turn_outcome::error,
                                         turn_outcome::no_code, turn_outcome::invalid_return};
constexpr failure_reason all_reasons[] = {
    failure_reason::failed,           failure_reason::max_turns_exceeded,
    failure_reason::mission_timeout,  failure_reason::llm_error,
    failure_reason::turn_budget_exhausted, failure_reason::max_depth_exceeded,
    failure_reason::invalid_spec,     failure_reason::cancelled,
    failure_reason::node_lost,        failure_reason::refused};

token_usage usage_at(const json& j, const std::string& path) {
  fields f(j, path);
  token_usage u;
  u.input = f.u64("input");
  u.output = f.u64("output");
  u.cache_read = f.u64("cache_read");
  u.cache_write = f.u64("cache_write");
  u.requests = f.u64("requests");
  return u;
}

chat_message message_at(const json& j, const std::string& path) {
  fields f(j, path);
  chat_message m;
  m.role = enum_from(f, "role", role_name, all_roles, true, role::user);
  const json& content = f.required("content");
  if (!content.is_array()) bad(f.path("content"), "expected an array");
  for (std::size_t i = 0; i < content.size(); ++i) {
    fields b(content[i], at_index(f.path("content"), i));
    m.content.push_back(content_block{b.str("text", true), b.boolean("cache_breakpoint")});
  }
  return m;
}

std::vector<chat_message> messages_at(const json& j, const std::string& path) {
  if (!j.is_array()) bad(path, "expected an array");
  std::vector<chat_message> out;
  out.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) out.push_back(message_at(j[i], at_index(path, i)));
  return out;
}

tool_spec tool_at(const json& j, const std::string& path) {
  fields f(j, path);
  return tool_spec{f.str("name", true), f.str("description"), f.str("signature")};
}

compression_options compression_at(const json& j, const std::string& path) {
  fields f(j, path);
  compression_options c;
  c.kind = enum_from(f, "strategy", strategy_name, all_strategies, false, c.kind);
  c.println_limit = f.u64("println_limit", c.println_limit);
  c.tool_call_limit = f.u64("tool_call_limit", c.tool_call_limit);
  return c;
}

}  // namespace

// Shared with other codecs (actors/interpreter_codec.cpp): declared in serialization.hpp.
json limits_to_json(const lisp::limits& l) {
  return json{{"max_steps", l.max_steps},
              {"timeout_ms", l.timeout_ms},
              {"max_depth", l.max_depth},
              {"max_memory_bytes", l.max_memory_bytes},
              {"max_print_chars", l.max_print_chars},
              {"max_output_bytes", l.max_output_bytes},
              {"max_string_bytes", l.max_string_bytes}};
}

lisp::limits limits_from_json(const json& j, const std::string& path) {
  fields f(j, path);
  lisp::limits l;
  l.max_steps = f.u64("max_steps", l.max_steps);
  l.timeout_ms = f.u64("timeout_ms", l.timeout_ms);
  const std::uint64_t depth = f.u64("max_depth", l.max_depth);
  if (depth > UINT32_MAX) bad(f.path("max_depth"), "too large");
  l.max_depth = static_cast<std::uint32_t>(depth);
  l.max_memory_bytes = f.u64("max_memory_bytes", l.max_memory_bytes);
  l.max_print_chars = f.u64("max_print_chars", l.max_print_chars);
  l.max_output_bytes = f.u64("max_output_bytes", l.max_output_bytes);
  l.max_string_bytes = f.u64("max_string_bytes", l.max_string_bytes);
  return l;
}

json tool_call_to_json(const lisp::tool_call_record& r) {
  json j{{"name", r.name}, {"args", r.args}};
  if (r.result) j["result"] = *r.result;
  if (r.error) j["error"] = *r.error;
  j["duration_us"] = micros(r.duration);
  j["start_us"] = micros(r.started);
  return j;
}

lisp::tool_call_record tool_call_from_json(const json& j, const std::string& path) {
  fields f(j, path);
  lisp::tool_call_record r;
  r.name = f.str("name", true);
  if (const json* a = f.find("args")) r.args = *a;
  else r.args = json::object();
  // A tool may return null: "result" present (even null) means success.
  if (j.is_object()) {
    if (auto it = j.find("result"); it != j.end()) r.result = *it;
  }
  if (f.find("error")) r.error = f.str("error");
  r.duration = std::chrono::microseconds(f.i64("duration_us"));
  r.started = std::chrono::microseconds(f.i64("start_us"));  // 0 in traces before it was kept
  return r;
}

namespace {

json definition_to_json(const definition_info& d) {
  return json{{"name", d.name()},     {"docstring", d.docstring()},     {"is_function", d.is_function()},
              {"params", d.params()}, {"return_type", d.return_type()}, {"type_label", d.type_label()},
              {"sample", d.sample()}};
}

/// A description read back describes a definition made of what it says (no value, no source).
definition_info definition_at(const json& j, const std::string& path) {
  fields f(j, path);
  lisp::definition of;
  of.name = f.str("name", true);
  of.is_function = f.boolean("is_function");
  of.set_details({f.str("docstring"), f.str("params"), f.str("return_type"), {}});
  definition_info d;
  d.of = std::make_shared<const lisp::definition>(std::move(of));
  d.set_texts(f.str("type_label"), f.str("sample"));
  return d;
}

step step_at(const json& j, const std::string& path);

turn turn_at(const json& j, const std::string& path) {
  fields f(j, path);
  turn t;
  const std::uint64_t number = f.u64("number", 0, true);
  if (number > UINT32_MAX) bad(f.path("number"), "a turn number past 4294967295: " + std::to_string(number));
  t.number = static_cast<std::uint32_t>(number);
  t.set_texts(f.str("raw_response"), f.str("program"));
  t.outcome = enum_from(f, "outcome", outcome_name, all_outcomes, true, turn_outcome::value);
  if (const json* r = f.find("result")) t.result = value_at(*r, f.path("result"));
  if (std::string error = f.str("error"), kind = f.str("error_kind"); !error.empty() || !kind.empty())
    t.set_error(std::move(kind), std::move(error));
  t.prints = packed_texts(f.strings("prints"));
  const json& calls = f.array("tool_calls");
  std::vector<lisp::tool_call_record> tool_calls;
  for (std::size_t i = 0; i < calls.size(); ++i)
    tool_calls.push_back(tool_call_from_json(calls[i], at_index(f.path("tool_calls"), i)));
  t.tool_calls = std::move(tool_calls);
  if (const json* m = f.find("memory"); m && !m->is_null()) t.memory = memory_at(*m, f.path("memory"));
  const json& defs = f.array("definitions");
  std::vector<definition_ptr> definitions;
  for (std::size_t i = 0; i < defs.size(); ++i)
    definitions.push_back(std::make_shared<const definition_info>(definition_at(defs[i], at_index(f.path("definitions"), i))));
  t.definitions = std::move(definitions);
  t.defined = packed_texts(f.strings("defined"));
  const json& children = f.array("children");
  std::vector<std::shared_ptr<const step>> steps;
  for (std::size_t i = 0; i < children.size(); ++i)
    steps.push_back(std::make_shared<const step>(step_at(children[i], at_index(f.path("children"), i))));
  t.children = std::move(steps);
  if (const json* u = f.find("usage")) t.usage = usage_at(*u, f.path("usage"));
  if (const json* tm = f.find("timings")) {
    fields tf(*tm, f.path("timings"));
    t.timings = turn_timings{std::chrono::microseconds(tf.i64("llm_us")), std::chrono::microseconds(tf.i64("eval_us")),
                             std::chrono::microseconds(tf.i64("tools_us"))};
  }
  return t;
}

compression_stats stats_at(const json& j, const std::string& path) {
  fields f(j, path);
  compression_stats s;
  s.enabled = f.boolean("enabled");
  s.strategy = f.str("strategy");
  s.turns_compressed = f.u64("turns_compressed");
  s.tool_calls_total = f.u64("tool_calls_total");
  s.tool_calls_shown = f.u64("tool_calls_shown");
  s.tool_calls_dropped = f.u64("tool_calls_dropped");
  s.printlns_total = f.u64("printlns_total");
  s.printlns_shown = f.u64("printlns_shown");
  s.printlns_dropped = f.u64("printlns_dropped");
  s.error_turns_collapsed = f.u64("error_turns_collapsed");
  return s;
}

step step_at(const json& j, const std::string& path) {
  fields f(j, path);
  step s;
  s.agent_name = f.str("agent_name");
  if (const json* r = f.find("return")) s.return_value = value_at(*r, f.path("return"));
  if (const json* fl = f.find("fail")) {
    if (s.return_value) bad(path, "both return and fail are set");
    fields ff(*fl, f.path("fail"));
    failure x;
    x.reason = enum_from(ff, "reason", reason_name, all_reasons, true, failure_reason::failed);
    x.message = ff.str("message");
    if (const json* d = ff.find("details")) x.details = value_at(*d, ff.path("details"));
    s.fail = std::move(x);
  }
  const json& turns = f.array("turns");
  for (std::size_t i = 0; i < turns.size(); ++i)
    s.turns.push_back(std::make_shared<const turn>(turn_at(turns[i], at_index(f.path("turns"), i))));
  if (const json* u = f.find("usage")) s.usage = usage_at(*u, f.path("usage"));
  s.llm_time = std::chrono::microseconds(f.i64("llm_time_us"));
  s.eval_time = std::chrono::microseconds(f.i64("eval_time_us"));
  s.duration = std::chrono::microseconds(f.i64("duration_us"));
  if (const json* c = f.find("compression")) s.compression = stats_at(*c, f.path("compression"));
  return s;
}

}  // namespace

json to_json(const token_usage& u) {
  return json{{"input", u.input},
              {"output", u.output},
              {"cache_read", u.cache_read},
              {"cache_write", u.cache_write},
              {"requests", u.requests}};
}

json to_json(const chat_message& m) {
  json content = json::array();
  for (const auto& b : m.content) {
    json block{{"text", b.text.str()}};
    if (b.cache_breakpoint) block["cache_breakpoint"] = true;
    content.push_back(std::move(block));
  }
  return json{{"role", role_name(m.role)}, {"content", std::move(content)}};
}

json to_json(const std::vector<chat_message>& ms) {
  json out = json::array();
  for (const auto& m : ms) out.push_back(to_json(m));
  return out;
}

json to_json(const tool_spec& t) {
  return json{{"name", t.name}, {"description", t.description}, {"signature", t.signature}};
}

json to_json(const compression_options& c) {
  return json{{"strategy", strategy_name(c.kind)},
              {"println_limit", c.println_limit},
              {"tool_call_limit", c.tool_call_limit}};
}

json to_json(const agent_spec& a) {
  json tools = json::array();
  for (const auto& t : a.tools) tools.push_back(to_json(t));
  return json{{"name", a.name},
              {"mission", a.mission},
              {"description", a.description},
              {"tools", std::move(tools)},
              {"data", a.data},
              {"signature", a.signature},
              {"max_turns", a.max_turns},
              {"compression", to_json(a.compression)},
              {"limits", limits_to_json(a.limits)},
              {"system_prompt",
               json{{"prefix", a.system_prompt.prefix},
                    {"suffix", a.system_prompt.suffix},
                    {"replacement", a.system_prompt.replacement}}},
              {"mission_timeout_ms", a.mission_timeout.count()}};
}

json to_json(const turn& t) {
  json j;
  j["number"] = t.number;
  j["raw_response"] = t.raw_response();
  j["program"] = t.program();
  j["outcome"] = outcome_name(t.outcome);
  j["result"] = value_to_json(t.result);
  j["error"] = t.error();
  j["error_kind"] = t.error_kind();
  j["prints"] = t.prints.views();
  json calls = json::array();
  for (const auto& c : t.tool_calls) calls.push_back(tool_call_to_json(c));
  j["tool_calls"] = std::move(calls);
  j["memory"] = t.memory ? memory_to_json(*t.memory) : json(nullptr);
  json defs = json::array();
  for (const auto& d : t.definitions) defs.push_back(definition_to_json(*d));
  j["definitions"] = std::move(defs);
  j["defined"] = t.defined.views();
  json children = json::array();
  for (const auto& c : t.children)
    if (c) children.push_back(to_json(*c));
  j["children"] = std::move(children);
  j["usage"] = to_json(t.usage);
  j["timings"] = json{{"llm_us", micros(t.timings.llm())},
                      {"eval_us", micros(t.timings.eval())},
                      {"tools_us", micros(t.timings.tools())}};
  return j;
}

json to_json(const step& s) {
  json j;
  j["agent_name"] = s.agent_name;
  if (s.return_value) j["return"] = value_to_json(*s.return_value);
  if (s.fail) {
    j["fail"] = json{{"reason", reason_name(s.fail->reason)},
                     {"message", s.fail->message},
                     {"details", value_to_json(s.fail->details)}};
  }
  json turns = json::array();
  for (const auto& t : s.turns)
    if (t) turns.push_back(to_json(*t));
  j["turns"] = std::move(turns);
  j["usage"] = to_json(s.usage);
  j["llm_time_us"] = micros(s.llm_time);
  j["eval_time_us"] = micros(s.eval_time);
  j["duration_us"] = micros(s.duration);
  j["compression"] = to_json(s.compression);
  return j;
}

json to_json(const compression_stats& s) {
  return json{{"enabled", s.enabled},
              {"strategy", s.strategy},
              {"turns_compressed", s.turns_compressed},
              {"tool_calls_total", s.tool_calls_total},
              {"tool_calls_shown", s.tool_calls_shown},
              {"tool_calls_dropped", s.tool_calls_dropped},
              {"printlns_total", s.printlns_total},
              {"printlns_shown", s.printlns_shown},
              {"printlns_dropped", s.printlns_dropped},
              {"error_turns_collapsed", s.error_turns_collapsed}};
}

token_usage usage_from_json(const json& j) { return usage_at(j, "usage"); }
chat_message message_from_json(const json& j) { return message_at(j, "message"); }
std::vector<chat_message> messages_from_json(const json& j) { return messages_at(j, "messages"); }
tool_spec tool_spec_from_json(const json& j) { return tool_at(j, "tool"); }
compression_options compression_from_json(const json& j) { return compression_at(j, "compression"); }

agent_spec agent_spec_from_json(const json& j) {
  fields f(j, "agent");
  agent_spec a;
  a.name = f.str("name");
  a.mission = f.str("mission");
  a.description = f.str("description");
  const json& tools = f.array("tools");
  for (std::size_t i = 0; i < tools.size(); ++i) a.tools.push_back(tool_at(tools[i], at_index(f.path("tools"), i)));
  if (const json* d = f.find("data")) a.data = *d;
  a.signature = f.str("signature");
  a.max_turns = f.u64("max_turns", a.max_turns);
  if (const json* c = f.find("compression")) a.compression = compression_at(*c, f.path("compression"));
  if (const json* l = f.find("limits")) a.limits = limits_from_json(*l, f.path("limits"));
  if (const json* p = f.find("system_prompt")) {
    fields pf(*p, f.path("system_prompt"));
    a.system_prompt.prefix = pf.str("prefix");
    a.system_prompt.suffix = pf.str("suffix");
    a.system_prompt.replacement = pf.str("replacement");
  }
  a.mission_timeout = std::chrono::milliseconds(f.i64("mission_timeout_ms"));
  return a;
}

turn turn_from_json(const json& j) { return turn_at(j, "turn"); }
step step_from_json(const json& j) { return step_at(j, "step"); }
compression_stats compression_stats_from_json(const json& j) { return stats_at(j, "compression"); }

}  // namespace ptc::messages
