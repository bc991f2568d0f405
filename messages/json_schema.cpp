// JSON Schema → PTC signature and notes (json_schema.hpp).
#include "ptc/messages/json_schema.hpp"

#include "ptc/messages/text.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string_view>

namespace ptc::messages {
namespace {

using json = nlohmann::ordered_json;

constexpr int max_depth = 8;
constexpr std::size_t max_fragment_bytes = 200;
constexpr std::size_t max_text_bytes = 300;

/// One line of text: whitespace runs (newlines included) become one space; cut with "...".
std::string one_line(std::string_view text, std::size_t limit = max_text_bytes) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return cut_utf8(std::move(out), limit);
}

std::string compact(const json& j, std::size_t limit = max_fragment_bytes) {
  return one_line(j.dump(-1, ' ', false, json::error_handler_t::replace), limit);
}

bool valid_param_name(std::string_view n) {
  auto start = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  auto rest = [&](char c) {
    return start(c) || (c >= '0' && c <= '9') || c == '-' || c == '?' || c == '!' || c == '*';
  };
  return !n.empty() && start(n.front()) && std::all_of(n.begin() + 1, n.end(), rest);
}

struct rendered_type {
  std::string text;       ///< without the optional marker
  bool nullable = false;  ///< null is allowed: rendered with `?`
};

class renderer {
 public:
  explicit renderer(const json& root) : root_(root) {}

  std::vector<std::string> notes;

  rendered_type type_of(const json& s, const std::string& path, int depth) {
    if (s.is_boolean()) {
      if (!s.get<bool>()) note(path, "accepts no value (schema false)");
      return {":any"};
    }
    if (!s.is_object()) return fallback(s, path);
    if (depth > max_depth) return fallback(s, path, "nested too deeply to show");
    if (auto it = s.find("$ref"); it != s.end()) {
      const json* target = it->is_string() ? resolve(it->get<std::string>()) : nullptr;
      if (!target) return fallback(s, path);
      describe(s, path);  // the referring schema's own description comes first
      return type_of(*target, path, depth + 1);
    }
    describe(s, path);
    if (auto it = s.find("enum"); it != s.end() && it->is_array()) return enumeration(*it, path);
    if (auto it = s.find("const"); it != s.end()) {
      note(path, "always " + compact(*it));
      return {base_of_values(json::array({*it}))};
    }
    for (const char* key : {"anyOf", "oneOf"}) {
      if (auto it = s.find(key); it != s.end()) return union_of(s, *it, path, depth);
    }
    if (auto it = s.find("allOf"); it != s.end()) return all_of(s, *it, path, depth);
    if (s.contains("not")) return fallback(s, path);
    const json* type = nullptr;
    if (auto it = s.find("type"); it != s.end()) type = &*it;
    if (type && type->is_array()) {
      std::vector<std::string> names;
      bool nullable = false;
      for (const auto& t : *type) {
        if (t == "null") nullable = true;
        else if (t.is_string()) names.push_back(t.get<std::string>());
      }
      if (names.size() != 1) return fallback(s, path);
      rendered_type r = of_type(names.front(), s, path, depth);
      r.nullable = r.nullable || nullable;
      return r;
    }
    if (type && type->is_string()) return of_type(type->get<std::string>(), s, path, depth);
    if (type) return fallback(s, path);
    if (s.contains("properties")) return object_of(s, path, depth);
    if (s.contains("items")) return array_of(s, path, depth);
    return {":any"};
  }

  /// The fields of an object schema: "a :int, b :string?" (empty: none), or nullopt when a
  /// property name cannot be written in a signature.
  std::optional<std::string> fields_of(const json& s, const std::string& prefix, int depth) {
    const auto props = s.find("properties");
    if (props == s.end() || !props->is_object()) return std::string();
    std::vector<std::string> required;
    if (auto r = s.find("required"); r != s.end() && r->is_array()) {
      for (const auto& x : *r)
        if (x.is_string()) required.push_back(x.get<std::string>());
    }
    for (const auto& [name, _] : props->items()) {
      if (!valid_param_name(name)) return std::nullopt;
    }
    std::string out;
    for (const auto& [name, sub] : props->items()) {
      rendered_type t = type_of(sub, prefix.empty() ? name : prefix + "." + name, depth + 1);
      const bool is_required = std::find(required.begin(), required.end(), name) != required.end();
      if (!out.empty()) out += ", ";
      out += name + " " + t.text + (t.nullable || !is_required ? "?" : "");
    }
    return out;
  }

  /// One line per path: what more is said of the path just noted joins its line.
  void note(const std::string& path, const std::string& text) {
    const std::string head = path.empty() ? std::string() : path + ": ";
    if (!head.empty() && path == last_path_ && !notes.empty()) {
      notes.back() += "; " + text;
      return;
    }
    last_path_ = path;
    notes.push_back(head + text);
  }

  rendered_type fallback(const json& s, const std::string& path, std::string_view why = {}) {
    note(path, why.empty() ? "schema " + compact(s) : std::string(why) + ": schema " + compact(s));
    return {":any"};
  }

 private:
  const json& root_;
  std::string last_path_;

  const json* resolve(const std::string& ref) {
    for (std::string_view prefix : {"#/$defs/", "#/definitions/"}) {
      if (!ref.starts_with(prefix)) continue;
      const std::string section(prefix.substr(2, prefix.size() - 3));  // "$defs" / "definitions"
      const std::string name = ref.substr(prefix.size());
      auto defs = root_.find(section);
      if (defs == root_.end() || !defs->is_object()) return nullptr;
      auto it = defs->find(name);
      return it == defs->end() ? nullptr : &*it;
    }
    return nullptr;
  }

  void describe(const json& s, const std::string& path) {
    if (path.empty()) return;  // the tool's own description says what the whole is
    std::string text;
    if (auto d = s.find("description"); d != s.end() && d->is_string()) text = one_line(d->get<std::string>());
    else if (auto t = s.find("title"); t != s.end() && t->is_string()) text = one_line(t->get<std::string>());
    std::vector<std::string> facts;
    if (auto f = s.find("format"); f != s.end() && f->is_string()) facts.push_back("format " + f->get<std::string>());
    if (auto d = s.find("default"); d != s.end()) facts.push_back("default " + compact(*d, 60));
    for (const char* k : {"minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "pattern"}) {
      if (auto b = s.find(k); b != s.end()) facts.push_back(std::string(k) + " " + compact(*b, 60));
    }
    if (!facts.empty()) {
      std::string joined;
      for (const auto& f : facts) joined += (joined.empty() ? "" : ", ") + f;
      text += (text.empty() ? "(" : " (") + joined + ")";
    }
    if (!text.empty()) note(path, text);
  }

  static std::string base_of_values(const json& values) {
    auto all = [&](auto pred) { return std::all_of(values.begin(), values.end(), pred); };
    if (values.empty()) return ":any";
    if (all([](const json& v) { return v.is_string(); })) return ":string";
    if (all([](const json& v) { return v.is_number_integer(); })) return ":int";
    if (all([](const json& v) { return v.is_number(); })) return ":float";
    if (all([](const json& v) { return v.is_boolean(); })) return ":bool";
    return ":any";
  }

  rendered_type enumeration(const json& values, const std::string& path) {
    json non_null = json::array();
    bool nullable = false;
    std::string listed;
    for (const auto& v : values) {
      if (v.is_null()) nullable = true;
      else non_null.push_back(v);
      listed += (listed.empty() ? "" : " ") + compact(v, 60);
    }
    note(path, "one of " + one_line(listed, max_text_bytes));
    return {base_of_values(non_null), nullable};
  }

  rendered_type union_of(const json& s, const json& members, const std::string& path, int depth) {
    if (!members.is_array()) return fallback(s, path);
    std::vector<const json*> rest;
    bool nullable = false;
    for (const auto& m : members) {
      if (m.is_object() && m.size() == 1 && m.value("type", json()) == "null") nullable = true;
      else rest.push_back(&m);
    }
    if (rest.size() != 1) return fallback(s, path);
    rendered_type r = type_of(*rest.front(), path, depth + 1);
    r.nullable = r.nullable || nullable;
    return r;
  }

  rendered_type all_of(const json& s, const json& members, const std::string& path, int depth) {
    if (!members.is_array() || members.empty()) return fallback(s, path);
    if (members.size() == 1) return type_of(members.front(), path, depth + 1);
    // Objects only: one object with every member's properties and required names.
    json merged = {{"type", "object"}, {"properties", json::object()}, {"required", json::array()}};
    for (const auto& m : members) {
      if (!m.is_object() || !m.contains("properties") || m.contains("$ref")) return fallback(s, path);
      for (const auto& [k, v] : m["properties"].items()) merged["properties"][k] = v;
      if (auto r = m.find("required"); r != m.end() && r->is_array())
        for (const auto& x : *r) merged["required"].push_back(x);
    }
    return object_of(merged, path, depth);
  }

  rendered_type of_type(const std::string& name, const json& s, const std::string& path, int depth) {
    if (name == "string") return {":string"};
    if (name == "integer") return {":int"};
    if (name == "number") return {":float"};
    if (name == "boolean") return {":bool"};
    if (name == "null") {
      note(path, "always null");
      return {":any", true};
    }
    if (name == "array") return array_of(s, path, depth);
    if (name == "object") return object_of(s, path, depth);
    return fallback(s, path);
  }

  rendered_type array_of(const json& s, const std::string& path, int depth) {
    if (s.contains("prefixItems") || (s.contains("items") && s["items"].is_array())) {
      note(path, "a tuple: schema " + compact(s));
      return {"[:any]"};
    }
    auto items = s.find("items");
    if (items == s.end()) return {"[:any]"};
    rendered_type t = type_of(*items, path + "[]", depth + 1);
    return {"[" + t.text + (t.nullable ? "?" : "") + "]"};
  }

  rendered_type object_of(const json& s, const std::string& path, int depth) {
    auto fields = fields_of(s, path, depth);
    if (!fields) {
      note(path.empty() ? "value" : path, "a map with keys a signature cannot name: schema " + compact(s));
      return {":map"};
    }
    if (fields->empty()) {
      if (auto extra = s.find("additionalProperties"); extra != s.end() && extra->is_object()) {
        rendered_type t = type_of(*extra, path + "[*]", depth + 1);
        note(path.empty() ? "value" : path, "a map whose values are " + t.text + (t.nullable ? "?" : ""));
      }
      return {":map"};
    }
    return {"{" + *fields + "}"};
  }
};

}  // namespace

schema_rendering render_tool_schema(const json& input_schema, const json& output_schema) {
  schema_rendering out;
  renderer r(input_schema);
  std::string params;
  if (input_schema.is_object()) {
    const auto props = input_schema.find("properties");
    std::vector<std::string> required;
    if (auto req = input_schema.find("required"); req != input_schema.end() && req->is_array()) {
      for (const auto& x : *req)
        if (x.is_string()) required.push_back(x.get<std::string>());
    }
    if (props != input_schema.end() && props->is_object()) {
      for (const auto& [name, sub] : props->items()) {
        const bool is_required = std::find(required.begin(), required.end(), name) != required.end();
        if (!valid_param_name(name)) {
          // Still callable, with a string key; the signature cannot name it.
          r.note(name, std::string(is_required ? "required" : "optional") +
                           ", not in the signature: pass it as \"" + name + "\" in the argument map; schema " +
                           compact(sub));
          continue;
        }
        rendered_type t = r.type_of(sub, name, 1);
        if (!params.empty()) params += ", ";
        params += name + " " + t.text + (t.nullable || !is_required ? "?" : "");
      }
    }
  } else if (!input_schema.is_null()) {
    r.fallback(input_schema, "arguments");
  }
  std::string output = ":any";
  if (output_schema.is_object() || output_schema.is_boolean()) {
    renderer o(output_schema);
    rendered_type t = o.type_of(output_schema, "returns", 0);
    output = t.text + (t.nullable ? "?" : "");
    for (auto& n : o.notes) r.notes.push_back(std::move(n));
  }
  out.signature = "(" + params + ") -> " + output;
  out.notes = std::move(r.notes);
  return out;
}

namespace {

/// An object schema of named types: the non-optional ones required.
json object_of(const std::vector<std::pair<std::string, sig_type>>& fields) {
  json props = json::object();
  json required = json::array();
  for (const auto& [name, type] : fields) {
    props[name] = schema_of(type);
    if (!type.optional) required.push_back(name);
  }
  json out = {{"type", "object"}, {"properties", std::move(props)}};
  if (!required.empty()) out["required"] = std::move(required);
  return out;
}

}  // namespace

json schema_of(const sig_type& t) {
  json out;
  switch (t.k) {
    case sig_type::kind::string:
    case sig_type::kind::keyword: out = {{"type", "string"}}; break;
    case sig_type::kind::int_: out = {{"type", "integer"}}; break;
    case sig_type::kind::float_: out = {{"type", "number"}}; break;
    case sig_type::kind::bool_: out = {{"type", "boolean"}}; break;
    case sig_type::kind::map_any: out = {{"type", "object"}}; break;
    case sig_type::kind::any: return json::object();  // anything, null included
    case sig_type::kind::list:
      out = {{"type", "array"}, {"items", t.items.empty() ? json::object() : schema_of(t.items.front())}};
      break;
    case sig_type::kind::map: out = object_of(t.fields); break;
  }
  if (t.optional) out["type"] = json::array({out["type"], "null"});
  return out;
}

json input_schema_of(const signature& s) {
  std::vector<std::pair<std::string, sig_type>> fields;
  for (const auto& p : s.params) fields.emplace_back(p.name, p.type);
  return object_of(fields);
}

}  // namespace ptc::messages
