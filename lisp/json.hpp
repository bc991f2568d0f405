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
#include <nlohmann/json.hpp>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

value from_json(const nlohmann::ordered_json& j);
nlohmann::ordered_json to_json(const value& v);
/// True when `s` is valid keyword text (so a JSON key "name" becomes :name).
bool valid_keyword_text(std::string_view s);

}  // namespace ptc::lisp
