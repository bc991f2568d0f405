// Mission templates (mission.hpp): `{{name}}` / `{{a.b}}` filled from the agent's inputs.
//
// Anything between double braces that is not a placeholder name (a Clojure map of maps
// `{{:a 1} 2}`, a Mustache section `{{#x}}`, an empty `{{}}`) is ordinary text and stays as
// written, so missions can show code and templates of their own.
#include "ptc/messages/mission.hpp"

#include <algorithm>
#include <optional>

namespace ptc::messages {

namespace {

bool name_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9') || c == '-'; }

/// A dotted name: segments of [A-Za-z_][A-Za-z0-9_-]* joined by single dots.
bool valid_placeholder(std::string_view s) {
  bool at_start = true;
  for (char c : s) {
    if (at_start) {
      if (!name_start(c)) return false;
      at_start = false;
    } else if (c == '.') {
      at_start = true;
    } else if (!name_char(c)) {
      return false;
    }
  }
  return !at_start;
}

struct placeholder {
  std::size_t begin = 0, end = 0;  ///< the whole `{{ ... }}` in the template
  std::string name;
};

/// The placeholder starting at `pos` (which holds "{{"), if the braces hold a valid name.
std::optional<placeholder> placeholder_at(std::string_view t, std::size_t pos) {
  const auto close = t.find("}}", pos + 2);
  if (close == std::string_view::npos) return std::nullopt;
  auto inner = t.substr(pos + 2, close - pos - 2);
  while (!inner.empty() && inner.front() == ' ') inner.remove_prefix(1);
  while (!inner.empty() && inner.back() == ' ') inner.remove_suffix(1);
  if (!valid_placeholder(inner)) return std::nullopt;
  return placeholder{pos, close + 2, std::string(inner)};
}

template <class F>
void each_placeholder(std::string_view t, F&& f) {
  std::size_t pos = 0;
  while ((pos = t.find("{{", pos)) != std::string_view::npos) {
    if (auto p = placeholder_at(t, pos)) {
      f(*p);
      pos = p->end;
    } else {
      ++pos;
    }
  }
}

/// The input a name refers to: the dotted path through nested objects, or else a key that is
/// the whole name (a key may itself contain dots).
const nlohmann::ordered_json* lookup(const nlohmann::ordered_json& inputs, const std::string& name) {
  const nlohmann::ordered_json* cur = &inputs;
  std::size_t start = 0;
  while (cur) {
    const auto dot = name.find('.', start);
    const auto key = name.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!cur->is_object()) {
      cur = nullptr;
      break;
    }
    const auto it = cur->find(key);
    cur = it == cur->end() ? nullptr : &*it;
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (cur) return cur;
  if (inputs.is_object()) {
    const auto it = inputs.find(name);
    if (it != inputs.end()) return &*it;
  }
  return nullptr;
}

std::string as_text(const nlohmann::ordered_json& v) {
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

}  // namespace

std::variant<std::string, mission_error> expand_mission(std::string_view tmpl,
                                                        const nlohmann::ordered_json& inputs) {
  std::string out;
  out.reserve(tmpl.size());
  std::vector<std::string> missing;
  std::size_t copied = 0;
  each_placeholder(tmpl, [&](const placeholder& p) {
    out.append(tmpl.substr(copied, p.begin - copied));
    copied = p.end;
    if (const auto* v = lookup(inputs, p.name)) {
      out += as_text(*v);
    } else if (std::find(missing.begin(), missing.end(), p.name) == missing.end()) {
      missing.push_back(p.name);
    }
  });
  if (!missing.empty()) {
    std::string braces, quoted;
    for (std::size_t i = 0; i < missing.size(); ++i) {
      if (i) {
        braces += ", ";
        quoted += ", ";
      }
      braces += "{{" + missing[i] + "}}";
      quoted += "\"" + missing[i] + "\"";
    }
    const bool one = missing.size() == 1;
    std::string message = std::string(one ? "mission placeholder " : "mission placeholders ") +
                          braces + (one ? " has no input " : " have no inputs ") + quoted;
    return mission_error{std::move(message), std::move(missing)};
  }
  out.append(tmpl.substr(copied));
  return out;
}

std::vector<std::string> placeholders(std::string_view tmpl) {
  std::vector<std::string> names;
  each_placeholder(tmpl, [&](const placeholder& p) {
    if (std::find(names.begin(), names.end(), p.name) == names.end()) names.push_back(p.name);
  });
  return names;
}

}  // namespace ptc::messages
