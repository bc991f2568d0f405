#pragma once
// JSON for every messages type: traces (one JSON object per line), resume, other nodes.
//
// Values (results, fail details) are written as {"edn": pr-str text} plus, where the value can
// be sent as JSON, {"json": ...}; reading uses the EDN text, so keywords, sets, lists and
// characters survive a round trip. Functions cannot: they come back as their printed name in a
// string. A user namespace is written as its definitions: values as EDN, functions as the
// source of the form that defined them; reading it back re-evaluates those forms in order.
// from_json throws std::invalid_argument naming the field on malformed input. A value too large
// to write (max_written_parts) is written as a string saying so.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "ptc/lisp/json.hpp"
#include "ptc/messages/step.hpp"
#include "ptc/messages/turn.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::messages {

using json = nlohmann::ordered_json;

json to_json(const token_usage& u);
json to_json(const chat_message& m);
json to_json(const std::vector<chat_message>& ms);
json to_json(const tool_spec& t);
json to_json(const compression_options& c);
json to_json(const agent_spec& a);
json to_json(const turn& t);
json to_json(const step& s);
json to_json(const compression_stats& s);
/// Writing a value does work proportional to its size when walked, shared structure counted
/// each time it is reached. A value of more than this many parts (collections and scalars;
/// strings one per 64 bytes) is written as {"edn": "\"#<value too large to write: ...>\"",
/// "too_large": true}: such a value (e.g. a 40-level DAG of shared vectors, 2^40 parts) would
/// otherwise hold a thread for hours.
inline constexpr std::uint64_t max_written_parts = 4'000'000;
/// value_to_json writes a value nested deeper than this as a string saying so: writing
/// recurses per level, and the EDN text is read back by the reader, whose limit
/// (lisp::max_json_depth) counts a scalar inside the deepest collection as one more level.
inline constexpr std::size_t max_written_depth = lisp::max_json_depth - 1;
json value_to_json(const lisp::value& v);
/// A value as a person or another program reads it: its JSON form when it has one, else
/// {"edn": "<its text>"} (keywords as keys, sets, ...). `ptc run` prints results so, and
/// `ptc mcp` answers so.
json value_as_plain_json(const lisp::value& v);
json memory_to_json(const lisp::memory& m);

token_usage usage_from_json(const json& j);
chat_message message_from_json(const json& j);
std::vector<chat_message> messages_from_json(const json& j);
tool_spec tool_spec_from_json(const json& j);
compression_options compression_from_json(const json& j);
agent_spec agent_spec_from_json(const json& j);
turn turn_from_json(const json& j);
step step_from_json(const json& j);
compression_stats compression_stats_from_json(const json& j);
lisp::value value_from_json(const json& j);
lisp::memory_ptr memory_from_json(const json& j);

/// Parts other codecs reuse (actors/ run records). `path` names the field in error messages.
json limits_to_json(const lisp::limits& l);
lisp::limits limits_from_json(const json& j, const std::string& path = "limits");
json tool_call_to_json(const lisp::tool_call_record& r);
lisp::tool_call_record tool_call_from_json(const json& j, const std::string& path);

}  // namespace ptc::messages
