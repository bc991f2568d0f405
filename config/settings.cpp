#include "ptc/config/settings.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>
#include <vector>

#include "ptc/config/fields.hpp"

namespace ptc::config {

namespace {

using detail::json;

/// Where the file layer left the LLM choice: its key and base URL belong to the provider the
/// file names, and must not follow a different provider chosen later (an OpenAI key sent to
/// a self-hosted URL, or to Anthropic, would leak it).
struct file_layer {
  std::optional<std::string> provider;  ///< set when the file names one
  bool has_base_url = false;
};

/// Line and column (1-based) of byte `offset` in `text`.
std::pair<std::size_t, std::size_t> position(const std::string& text, std::size_t offset) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, column = 1;
    else ++column;
  }
  return {line, column};
}

void read_object(settings& s, const json& obj, const std::string& section, const std::string& origin) {
  for (const auto& [key, value] : obj.items()) {
    std::string path = section.empty() ? key : section + "." + key;
    if (const detail::field* f = detail::find_field(path)) {
      if (auto problem = f->from_json(s, value)) throw config_error(path, *problem + " (" + origin + ")");
    } else if (detail::is_section(path)) {
      if (!value.is_object())
        throw config_error(path, "expected an object, got " + detail::describe(value) + " (" + origin + ")");
      read_object(s, value, path, origin);
    } else {
      std::string hint = detail::suggest(section, key);
      throw config_error(path, "unknown setting" + (hint.empty() ? "" : "; did you mean " + hint + "?") + " (" +
                                   origin + ")");
    }
  }
}

/// Every string under `j` (a key field of any shape), to scrub from messages.
void collect_strings(const json& j, std::vector<std::string>& out) {
  if (j.is_string()) out.push_back(j.get<std::string>());
  else if (j.is_structured())
    for (const auto& item : j) collect_strings(item, out);
}

file_layer read_file(settings& s, const std::filesystem::path& file, std::vector<std::string>& file_keys) {
  std::string origin = "config file " + file.string();
  std::ifstream in(file, std::ios::binary);
  if (!in) throw config_error(origin, "cannot be read");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    // nlohmann's message quotes the text it last read, which may be the key: report the
    // position only.
    auto [line, column] = position(text, e.byte == 0 ? 0 : e.byte - 1);
    throw config_error(origin, "invalid JSON at line " + std::to_string(line) + ", column " + std::to_string(column));
  }
  if (!doc.is_object()) throw config_error(origin, "expected a JSON object, got " + detail::describe(doc));
  if (auto llm = doc.find("llm"); llm != doc.end() && llm->is_object())
    if (auto key = llm->find("api_key"); key != llm->end()) collect_strings(*key, file_keys);
  read_object(s, doc, "", origin);

  file_layer layer;
  if (auto llm = doc.find("llm"); llm != doc.end()) {
    if (llm->contains("provider")) layer.provider = s.llm.provider;
    layer.has_base_url = llm->contains("base_url");
  }
  return layer;
}

void read_environment(settings& s, const environment& env) {
  if (auto llm = env.get("PTC_LLM")) {
    llm_choice choice;
    try {
      choice = parse_llm(*llm);
    } catch (const config_error& e) {
      throw config_error("PTC_LLM", e.message());
    }
    // A bare provider keeps the model only when it is the same provider's.
    if (!choice.model.empty() || choice.provider != s.llm.provider) s.llm.model = choice.model;
    s.llm.provider = choice.provider;
  }
  for (const detail::field& f : detail::fields()) {
    if (f.env.empty()) continue;
    if (auto text = env.get(f.env))
      if (auto problem = f.from_text(s, *text)) throw config_error(std::string(f.env), *problem);
  }
  if (auto compress = env.get("PTC_COMPRESS")) {
    // 1|0|true|false|on|off, or "P,T": compression on with println_limit P, tool_call_limit T.
    auto wrong = [&] {
      return config_error("PTC_COMPRESS", "expected 1, 0, true, false, yes, no, on, off, or P,T (println and tool "
                                          "call limits), got \"" + std::string(*compress) + "\"");
    };
    auto comma = compress->find(',');
    if (comma == std::string_view::npos) {
      if (detail::find_field("agent.compress")->from_text(s, *compress)) throw wrong();
    } else {
      auto p = detail::find_field("agent.println_limit")->from_text(s, compress->substr(0, comma));
      auto t = detail::find_field("agent.tool_call_limit")->from_text(s, compress->substr(comma + 1));
      if (p || t) throw wrong();
      s.agent.compress = true;
    }
  }
}

/// The key: the caller's override, else PTC_API_KEY, else the provider's variable, else the
/// file's (only while the provider is the one the file names, when it names one).
void resolve_key(settings& s, const environment& env, const secret& before_overrides, const file_layer& file) {
  if (s.llm.api_key != before_overrides) return;
  const provider_info* p = find_provider(s.llm.provider);
  if (auto key = env.get("PTC_API_KEY")) {
    s.llm.api_key = secret(std::string(*key));
  } else if (p && !p->key_variable.empty() && env.get(p->key_variable)) {
    s.llm.api_key = secret(std::string(*env.get(p->key_variable)));
  } else if (file.provider && *file.provider != s.llm.provider) {
    s.llm.api_key = secret();
  }
}

/// Every key value the inputs hold, to scrub from messages.
std::vector<std::string> known_keys(const environment& env, const settings& s, std::vector<std::string> keys) {
  auto add = [&](std::string_view k) { keys.emplace_back(k); };
  if (auto k = env.get("PTC_API_KEY")) add(*k);
  for (const provider_info& p : providers())
    if (!p.key_variable.empty())
      if (auto k = env.get(p.key_variable)) add(*k);
  add(s.llm.api_key.reveal());
  std::erase_if(keys, [](const std::string& k) { return k.size() < 4; });  // no credential is that short
  // Longest first, so a key that contains another is replaced whole.
  std::sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  return keys;
}

/// `text` with every occurrence of a key replaced by "<redacted>", in one pass so that a mask
/// never gets scrubbed again (`keys` is sorted longest first: the longest match wins).
std::string scrub(const std::string& text, const std::vector<std::string>& keys) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto hit = std::find_if(keys.begin(), keys.end(),
                            [&](const std::string& k) { return std::string_view(text).substr(i).starts_with(k); });
    if (hit == keys.end()) {
      out += text[i++];
    } else {
      out += "<redacted>";
      i += hit->size();
    }
  }
  return out;
}

}  // namespace

settings defaults() { return settings{}; }

settings load(const std::optional<std::filesystem::path>& file, const environment& env, const overrides& apply) {
  settings s = defaults();
  std::vector<std::string> file_keys;
  try {
    file_layer from_file;
    std::optional<std::filesystem::path> path = file;
    if (!path)
      if (auto p = env.get("PTC_CONFIG")) path = std::filesystem::path(std::string(*p));
    if (path) from_file = read_file(s, *path, file_keys);
    // Every key the inputs hold is redacted from all output, whichever provider runs.
    for (const std::string& k : known_keys(env, s, file_keys)) register_secret(k);
    read_environment(s, env);

    secret key_before_overrides = s.llm.api_key;
    std::string url_before_overrides = s.llm.base_url;
    if (apply) apply(s);
    resolve_key(s, env, key_before_overrides, from_file);
    bool url_from_file = from_file.has_base_url && !env.get("PTC_BASE_URL") && s.llm.base_url == url_before_overrides;
    if (url_from_file && from_file.provider && *from_file.provider != s.llm.provider) s.llm.base_url.clear();
    if (s.llm.base_url.empty())
      if (const provider_info* p = find_provider(s.llm.provider)) s.llm.base_url = std::string(p->default_base_url);
    validate(s);
  } catch (const config_error& e) {
    // Last line of defence: whatever a message quotes, no key survives in it.
    std::vector<std::string> keys = known_keys(env, s, std::move(file_keys));
    throw config_error(scrub(e.where(), keys), scrub(e.message(), keys));
  }
  return s;
}

void validate(const settings& s) {
  for (const detail::field& f : detail::fields())
    if (auto problem = f.check(s)) throw config_error(std::string(f.path), *problem);

  const provider_info* p = find_provider(s.llm.provider);
  if (!p) {
    std::string known;
    for (const provider_info& q : providers()) known += (known.empty() ? "" : ", ") + std::string(q.name);
    throw config_error("llm.provider", "unknown LLM provider \"" + s.llm.provider + "\"; known providers: " + known);
  }
  if (p->needs_model && s.llm.model.empty())
    throw config_error("llm.model", "provider " + s.llm.provider + " needs a model: PTC_LLM=" + s.llm.provider +
                                        ":<model>");
  if (p->needs_key && s.llm.api_key.empty())
    throw config_error("llm.api_key", "provider " + s.llm.provider + " needs an API key: set " +
                                          std::string(p->key_variable) + " (or PTC_API_KEY)");
  if (p->api != provider_api::offline) {
    if (s.llm.base_url.empty())
      throw config_error("llm.base_url", "provider " + s.llm.provider +
                                             " needs a base URL: set PTC_BASE_URL (e.g. http://127.0.0.1:8000/v1)");
    if (!s.llm.base_url.starts_with("http://") && !s.llm.base_url.starts_with("https://"))
      throw config_error("llm.base_url", "expected an http:// or https:// URL");
  }
  if (s.llm.backoff_base > s.llm.backoff_max)
    throw config_error("llm.backoff_base_ms", "must not exceed llm.backoff_max_ms (" +
                                                  std::to_string(s.llm.backoff_max.count()) + ")");

  static constexpr std::array<std::string_view, 7> levels{"trace", "debug", "info", "warn", "error", "critical", "off"};
  if (std::find(levels.begin(), levels.end(), s.log.level) == levels.end())
    throw config_error("log.level", "expected one of trace, debug, info, warn, error, critical, off, got \"" +
                                        s.log.level + "\"");
}

json to_json(const settings& s) {
  json out = json::object();
  for (const detail::field& f : detail::fields()) {
    json* at = &out;
    std::string_view path = f.path;
    for (auto dot = path.find('.'); dot != std::string_view::npos; dot = path.find('.')) {
      at = &(*at)[std::string(path.substr(0, dot))];
      path.remove_prefix(dot + 1);
    }
    (*at)[std::string(path)] = f.to_json(s);
  }
  return out;
}

}  // namespace ptc::config
