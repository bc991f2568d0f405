#pragma once
// The JSON ↔ value mapping at the host boundary (data/, tool arguments and results).
// nlohmann::ordered_json keeps object keys in document order, so a map made from JSON lists its
// keys as the tool or data file wrote them (and the prompt samples show them that way).
// In: objects → maps (keyword keys where the key is valid keyword text, string keys otherwise),
// arrays → vectors, null → nil, integers → integer (beyond int64: double), other numbers → double.
// Out: maps → objects (keyword keys as their name, other keys as their pr-str text unless they
// are strings), vectors, lists, sets and finite lazy seqs → arrays, keywords and symbols →
// their name, characters → one-character strings, nil → null, NaN/±Inf → null. Functions, regex
// and vars cannot be sent: a `type` error names the path.
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

/// The deepest nesting of arrays and objects accepted in JSON from outside the program (data
/// files, tool results, LLM and MCP messages), as deep as the reader's forms may nest. Deeper
/// text is refused before it is parsed: copying, printing or converting parsed JSON recurses
/// once per level, and a server's message a million levels deep would overflow the stack.
inline constexpr int max_json_depth = 512;

/// True when JSON text nests arrays and objects more than max_json_depth levels deep, counted
/// on the text (string contents skipped): one pass, no allocation.
bool json_too_deep(std::string_view text);

/// How errors name such text: "nests arrays and objects more than 512 levels deep (ptc's limit)".
std::string too_deep_text();

/// JSON text from outside, parsed: a discarded value (is_discarded()) when it is not JSON or
/// nests more than max_json_depth levels deep (json_too_deep tells which).
template <class Json>
Json parse_outside_json(std::string_view text) {
  if (json_too_deep(text)) return Json(Json::value_t::discarded);
  return Json::parse(text, nullptr, false);
}

value from_json(const nlohmann::ordered_json& j);
nlohmann::ordered_json to_json(const value& v);
/// True when `s` is valid keyword text (so a JSON key "name" becomes :name).
bool valid_keyword_text(std::string_view s);

}  // namespace ptc::lisp
