#include "ptc/config/fields.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cctype>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace ptc::config::detail {

namespace {

using millis = std::chrono::milliseconds;
constexpr double unbounded = std::numeric_limits<double>::infinity();

template <class T>
constexpr bool is_count = std::is_integral_v<T> && !std::is_same_v<T, bool>;

/// What a value of T must look like, for messages.
template <class T>
std::string expected(bool text) {
  if constexpr (std::is_same_v<T, std::string>) return "a string";
  else if constexpr (std::is_same_v<T, bool>) return text ? "1, 0, true, false, yes, no, on or off" : "true or false";
  else if constexpr (std::is_same_v<T, double>) return "a number";
  else if constexpr (std::is_same_v<T, millis>) return "a non-negative integer of milliseconds";
  else return "a non-negative integer";
}

/// Converts a non-negative integer to T, or says why it does not fit.
template <class T>
std::optional<std::string> store_count(T& out, std::uint64_t v) {
  using limit = std::numeric_limits<std::conditional_t<std::is_same_v<T, millis>, millis::rep, T>>;
  if (v > static_cast<std::uint64_t>(limit::max()))
    return "expected an integer no larger than " + std::to_string(limit::max());
  if constexpr (std::is_same_v<T, millis>) out = millis(static_cast<millis::rep>(v));
  else out = static_cast<T>(v);
  return std::nullopt;
}

template <class T>
std::optional<std::string> read_json(T& out, const json& j) {
  auto wrong = [&] { return "expected " + expected<T>(false) + ", got " + describe(j); };
  if constexpr (std::is_same_v<T, std::string>) {
    if (!j.is_string()) return wrong();
    out = j.get<std::string>();
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!j.is_boolean()) return wrong();
    out = j.get<bool>();
  } else if constexpr (std::is_same_v<T, double>) {
    if (!j.is_number()) return wrong();
    out = j.get<double>();
  } else {
    if (!j.is_number_unsigned()) return wrong();
    return store_count(out, j.get<std::uint64_t>());
  }
  return std::nullopt;
}

template <class T>
std::optional<std::string> read_text(T& out, std::string_view t) {
  auto wrong = [&] { return "expected " + expected<T>(true) + ", got \"" + std::string(t) + "\""; };
  if constexpr (std::is_same_v<T, std::string>) {
    out = std::string(t);
  } else if constexpr (std::is_same_v<T, bool>) {
    static constexpr std::array<std::string_view, 4> yes{"1", "true", "yes", "on"}, no{"0", "false", "no", "off"};
    if (std::find(yes.begin(), yes.end(), t) != yes.end()) out = true;
    else if (std::find(no.begin(), no.end(), t) != no.end()) out = false;
    else return wrong();
  } else if constexpr (std::is_same_v<T, double>) {
    double v = 0;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v)) return wrong();
    out = v;
  } else {
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range) return store_count(out, std::numeric_limits<std::uint64_t>::max());
    if (ec != std::errc() || end != t.data() + t.size()) return wrong();
    return store_count(out, v);
  }
  return std::nullopt;
}

template <class T>
json write_json(const T& v) {
  if constexpr (std::is_same_v<T, millis>) return v.count();
  else return v;
}

template <class T>
std::optional<double> as_number(const T& v) {
  if constexpr (std::is_same_v<T, millis>) return static_cast<double>(v.count());
  else if constexpr (is_count<T> || std::is_same_v<T, double>) return static_cast<double>(v);
  else return std::nullopt;
}

std::string show(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<long long>(v));
  std::string s = std::to_string(v);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  return s;
}

/// A table entry for the setting `get` reaches; `get` is a generic lambda so it serves both
/// `settings&` and `const settings&`. [min, max] bounds numeric settings.
template <class Get>
field make(std::string_view path, std::string_view env, Get get, double min = 0, double max = unbounded) {
  using T = std::remove_cvref_t<decltype(get(std::declval<settings&>()))>;
  field f{path, env, {}, {}, {}, {}};
  f.from_json = [get](settings& s, const json& j) { return read_json<T>(get(s), j); };
  f.from_text = [get](settings& s, std::string_view t) { return read_text<T>(get(s), t); };
  f.to_json = [get](const settings& s) { return write_json<T>(get(s)); };
  f.check = [get, min, max](const settings& s) -> std::optional<std::string> {
    std::optional<double> v = as_number<T>(get(s));
    if (!v) return std::nullopt;
    if (!std::isfinite(*v)) return "must be a finite number";
    if (*v < min) return "must be at least " + show(min) + ", got " + show(*v);
    if (*v > max) return "must be at most " + show(max) + ", got " + show(*v);
    return std::nullopt;
  };
  return f;
}

/// The API key: a string, or null / "<redacted>" (what to_json writes) for "no key", so a
/// settings dump loads back. Never quoted in a message.
field make_key() {
  field f{"llm.api_key", "", {}, {}, {}, {}};
  f.from_json = [](settings& s, const json& j) -> std::optional<std::string> {
    if (j.is_null() || (j.is_string() && j.get_ref<const std::string&>() == "<redacted>")) {
      s.llm.api_key = secret();
      return std::nullopt;
    }
    if (!j.is_string()) return "expected a string, got " + describe(j);
    s.llm.api_key = secret(j.get<std::string>());
    return std::nullopt;
  };
  f.from_text = [](settings& s, std::string_view t) -> std::optional<std::string> {
    s.llm.api_key = secret(std::string(t));
    return std::nullopt;
  };
  f.to_json = [](const settings& s) { return json(s.llm.api_key); };
  f.check = [](const settings&) { return std::optional<std::string>(); };
  return f;
}

/// node.agents and mcp.agents: an array of objects with known keys of the right types (checked
/// here, so a typo in a declared agent is an error naming its place, like any other setting).
template <class Section>
field make_agents(const char* name, Section settings::*section, nlohmann::ordered_json Section::*agents) {
  field f{name, "", {}, {}, {}, {}};
  f.from_json = [section, agents](settings& s, const json& j) -> std::optional<std::string> {
    if (!j.is_array()) return "expected an array of agents, got " + describe(j);
    for (std::size_t i = 0; i < j.size(); ++i) {
      const json& a = j[i];
      const std::string at = "[" + std::to_string(i) + "]";
      if (!a.is_object()) return at + ": expected an object, got " + describe(a);
      for (const char* required : {"name", "mission"})
        if (!a.contains(required)) return at + ": \"" + std::string(required) + "\" is required";
      for (const auto& [key, value] : a.items()) {
        if (key == "max_turns") {
          if (!value.is_number_unsigned() || value.template get<std::uint64_t>() == 0)
            return at + ".max_turns: expected a positive integer, got " + describe(value);
        } else if (key == "name" || key == "mission" || key == "description" || key == "signature" ||
                   key == "tools") {
          if (!value.is_string()) return at + "." + key + ": expected a string, got " + describe(value);
        } else {
          return at + "." + key + ": unknown key (name, mission, description, signature, tools, max_turns)";
        }
      }
      // The name is a tool's name: tool/NAME in a program, NAME in an MCP host.
      const std::string agent_name = a["name"].template get<std::string>();
      const bool spellable = !agent_name.empty() && agent_name.size() <= 64 && std::isalpha(static_cast<unsigned char>(agent_name[0])) &&
                             std::all_of(agent_name.begin(), agent_name.end(), [](char c) {
                               return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
                             });
      if (!spellable)
        return at + ".name: \"" + agent_name + "\" is not a tool name (a letter, then letters, digits, - or _; at most 64)";
      for (std::size_t k = 0; k < i; ++k)
        if (j[k]["name"] == a["name"]) return at + ".name: \"" + agent_name + "\" is declared twice";
    }
    s.*section.*agents = j;
    return std::nullopt;
  };
  f.from_text = [](settings&, std::string_view) -> std::optional<std::string> {
    return "set in a config file only";
  };
  f.to_json = [section, agents](const settings& s) { return s.*section.*agents; };
  f.check = [](const settings&) { return std::optional<std::string>(); };
  return f;
}

/// tools.mcp: an array of MCP servers (settings.hpp, mcp_server), each key checked so that a
/// typo is an error naming its place. env and headers values are written back as "<redacted>"
/// (they may hold tokens); env ones are read back as "inherit ptc's own", header ones dropped.
field make_mcp() {
  field f{"tools.mcp", "", {}, {}, {}, {}};
  f.from_json = [](settings& s, const json& j) -> std::optional<std::string> {
    if (!j.is_array()) return "expected an array of servers, got " + describe(j);
    std::vector<mcp_server> servers;
    for (std::size_t i = 0; i < j.size(); ++i) {
      const json& a = j[i];
      const std::string at = "[" + std::to_string(i) + "]";
      if (!a.is_object()) return at + ": expected an object, got " + describe(a);
      if (!a.contains("name")) return at + ": \"name\" is required";
      if (a.contains("command") == a.contains("url"))
        return at + ": give exactly one of \"command\" (stdio) and \"url\" (Streamable HTTP)";
      mcp_server m;
      auto strings = [&](const json& v, std::vector<std::string>& out) {
        if (!v.is_array()) return false;
        for (const auto& x : v) {
          if (!x.is_string()) return false;
          out.push_back(x.get<std::string>());
        }
        return true;
      };
      for (const auto& [key, value] : a.items()) {
        const std::string where = at + "." + key;
        if (key == "name" || key == "command" || key == "cwd" || key == "prefix" || key == "url" ||
            key == "bearer_token_env") {
          if (!value.is_string()) return where + ": expected a string, got " + describe(value);
          std::string& field = key == "name"      ? m.name
                               : key == "command" ? m.command
                               : key == "cwd"     ? m.cwd
                               : key == "url"     ? m.url
                               : key == "prefix"  ? m.prefix
                                                  : m.bearer_token_env;
          field = value.get<std::string>();
        } else if (key == "args" || key == "allow" || key == "deny") {
          auto& out = key == "args" ? m.args : key == "allow" ? m.allow : m.deny;
          if (!strings(value, out)) return where + ": expected an array of strings, got " + describe(value);
        } else if (key == "env" || key == "headers") {
          if (!value.is_object()) return where + ": expected an object of strings, got " + describe(value);
          for (const auto& [k, v] : value.items()) {
            if (!v.is_string()) return where + "." + k + ": expected a string, got " + describe(v);
            if (key == "headers") {
              if (k.empty() || k.find_first_of(": \r\n") != std::string::npos ||
                  v.get<std::string>().find_first_of("\r\n") != std::string::npos)
                return where + "." + k + ": not a valid HTTP header";
              if (v.get<std::string>() != "<redacted>") m.headers[k] = v.get<std::string>();
              continue;
            }
            // "<redacted>" (what a settings dump writes): ptc's own value, which the server inherits.
            if (v.get<std::string>() != "<redacted>") m.env[k] = v.get<std::string>();
          }
        } else if (key == "expose") {
          if (!value.is_boolean()) return where + ": expected true or false, got " + describe(value);
          m.expose = value.get<bool>();
        } else if (key == "call_timeout_ms" || key == "connect_timeout_ms" || key == "max_restarts" ||
                   key == "max_line_bytes") {
          const bool zero_ok = key == "max_restarts";
          if (!value.is_number_unsigned() || (!zero_ok && value.get<std::uint64_t>() == 0) ||
              value.get<std::uint64_t>() > (key == "max_restarts" ? 100u : (1ull << 40)))
            return where + ": expected a " + (zero_ok ? "" : "positive ") + "integer in range, got " + describe(value);
          const auto n = value.get<std::uint64_t>();
          if (key == "call_timeout_ms") m.call_timeout_ms = static_cast<std::int64_t>(n);
          else if (key == "connect_timeout_ms") m.connect_timeout_ms = static_cast<std::int64_t>(n);
          else if (key == "max_restarts") m.max_restarts = static_cast<int>(n);
          else m.max_line_bytes = n;
        } else {
          return where + ": unknown key (name, command, args, env, cwd, url, headers, bearer_token_env, "
                         "prefix, expose, call_timeout_ms, connect_timeout_ms, allow, deny, max_restarts, max_line_bytes)";
        }
      }
      if (m.name.empty()) return at + ".name: must not be empty";
      if (!m.url.empty()) {
        if (!m.url.starts_with("http://") && !m.url.starts_with("https://"))
          return at + ".url: expected an http:// or https:// URL, got \"" + m.url + "\"";
        if (!m.args.empty() || !m.env.empty() || !m.cwd.empty())
          return at + ": args, env and cwd belong to a \"command\" server, not a \"url\" one";
      } else if (!m.headers.empty() || !m.bearer_token_env.empty()) {
        return at + ": headers and bearer_token_env belong to a \"url\" server, not a \"command\" one";
      }
      for (const auto& other : servers)
        if (other.name == m.name) return at + ".name: \"" + m.name + "\" names two servers";
      servers.push_back(std::move(m));
    }
    s.tools.mcp = std::move(servers);
    return std::nullopt;
  };
  f.from_text = [](settings&, std::string_view) -> std::optional<std::string> {
    return "set in a config file only";
  };
  f.to_json = [](const settings& s) {
    json out = json::array();
    for (const auto& m : s.tools.mcp) {
      json env = json::object();
      for (const auto& [k, v] : m.env) env[k] = "<redacted>";
      json server = {{"name", m.name}};
      if (m.url.empty()) {
        server.update({{"command", m.command}, {"args", m.args}, {"env", env}, {"cwd", m.cwd}});
      } else {
        json headers = json::object();
        for (const auto& [k, v] : m.headers) headers[k] = "<redacted>";
        server.update({{"url", m.url}, {"headers", headers}, {"bearer_token_env", m.bearer_token_env}});
      }
      server.update({{"prefix", m.prefix}, {"expose", m.expose}, {"call_timeout_ms", m.call_timeout_ms},
                     {"connect_timeout_ms", m.connect_timeout_ms}, {"allow", m.allow}, {"deny", m.deny},
                     {"max_restarts", m.max_restarts}, {"max_line_bytes", m.max_line_bytes}});
      out.push_back(std::move(server));
    }
    return out;
  };
  f.check = [](const settings&) { return std::optional<std::string>(); };
  return f;
}

std::vector<field> build() {
  constexpr double int_max = std::numeric_limits<int>::max();
  std::vector<field> t;
  t.push_back(make("llm.provider", "", [](auto& s) -> auto& { return s.llm.provider; }));
  t.push_back(make("llm.model", "", [](auto& s) -> auto& { return s.llm.model; }));
  t.push_back(make("llm.base_url", "PTC_BASE_URL", [](auto& s) -> auto& { return s.llm.base_url; }));
  t.push_back(make_key());
  t.push_back(make("llm.request_timeout_ms", "PTC_REQUEST_TIMEOUT_MS", [](auto& s) -> auto& { return s.llm.request_timeout; }, 1));
  t.push_back(make("llm.max_retries", "PTC_MAX_RETRIES", [](auto& s) -> auto& { return s.llm.max_retries; }, 0, 100));
  t.push_back(make("llm.backoff_base_ms", "PTC_BACKOFF_BASE_MS", [](auto& s) -> auto& { return s.llm.backoff_base; }));
  t.push_back(make("llm.backoff_max_ms", "PTC_BACKOFF_MAX_MS", [](auto& s) -> auto& { return s.llm.backoff_max; }));
  t.push_back(make("llm.max_tokens", "PTC_MAX_TOKENS", [](auto& s) -> auto& { return s.llm.max_tokens; }, 1, int_max));
  t.push_back(make("llm.temperature", "PTC_TEMPERATURE", [](auto& s) -> auto& { return s.llm.temperature; }, 0, 2));
  t.push_back(make("llm.max_in_flight", "PTC_MAX_IN_FLIGHT", [](auto& s) -> auto& { return s.llm.max_in_flight; }, 1));
  t.push_back(make("llm.pool_size", "PTC_POOL_SIZE", [](auto& s) -> auto& { return s.llm.pool_size; }, 1, 1024));
  t.push_back(make("llm.max_response_bytes", "PTC_MAX_RESPONSE_BYTES", [](auto& s) -> auto& { return s.llm.max_response_bytes; }, 1));
  t.push_back(make("agent.max_turns", "PTC_MAX_TURNS", [](auto& s) -> auto& { return s.agent.max_turns; }, 1));
  t.push_back(make("agent.compress", "", [](auto& s) -> auto& { return s.agent.compress; }));
  t.push_back(make("agent.println_limit", "", [](auto& s) -> auto& { return s.agent.println_limit; }));
  t.push_back(make("agent.tool_call_limit", "", [](auto& s) -> auto& { return s.agent.tool_call_limit; }));
  t.push_back(make("agent.mission_timeout_ms", "PTC_MISSION_TIMEOUT_MS", [](auto& s) -> auto& { return s.agent.mission_timeout; }, 1));
  t.push_back(make("agent.max_depth", "PTC_MAX_DEPTH", [](auto& s) -> auto& { return s.agent.max_depth; }));
  t.push_back(make("agent.turn_budget", "PTC_TURN_BUDGET", [](auto& s) -> auto& { return s.agent.turn_budget; }, 1));
  t.push_back(make("agent.limits.max_steps", "PTC_MAX_STEPS", [](auto& s) -> auto& { return s.agent.limits.max_steps; }, 1));
  t.push_back(make("agent.limits.timeout_ms", "PTC_EVAL_TIMEOUT_MS", [](auto& s) -> auto& { return s.agent.limits.timeout_ms; }, 1));
  t.push_back(make("agent.limits.max_depth", "PTC_MAX_CALL_DEPTH", [](auto& s) -> auto& { return s.agent.limits.max_depth; }, 1));
  t.push_back(make("agent.limits.max_memory_bytes", "PTC_MAX_MEMORY_BYTES", [](auto& s) -> auto& { return s.agent.limits.max_memory_bytes; }, 1));
  t.push_back(make("agent.limits.max_print_chars", "PTC_MAX_PRINT_CHARS", [](auto& s) -> auto& { return s.agent.limits.max_print_chars; }, 1));
  t.push_back(make("agent.limits.max_output_bytes", "PTC_MAX_OUTPUT_BYTES", [](auto& s) -> auto& { return s.agent.limits.max_output_bytes; }, 1));
  t.push_back(make("agent.limits.max_string_bytes", "PTC_MAX_STRING_BYTES", [](auto& s) -> auto& { return s.agent.limits.max_string_bytes; }, 1));
  t.push_back(make("node.timeout_ms", "PTC_NODE_TIMEOUT_MS", [](auto& s) -> auto& { return s.node.timeout; }, 100));
  t.push_back(make("node.tools", "PTC_NODE_TOOLS", [](auto& s) -> auto& { return s.node.tools; }));
  t.push_back(make_agents("node.agents", &settings::node, &node_settings::agents));
  t.push_back(make("node.tls.cert", "PTC_TLS_CERT", [](auto& s) -> auto& { return s.node.tls.cert; }));
  t.push_back(make("node.tls.key", "PTC_TLS_KEY", [](auto& s) -> auto& { return s.node.tls.key; }));
  t.push_back(make("node.tls.ca", "PTC_TLS_CA", [](auto& s) -> auto& { return s.node.tls.ca; }));
  t.push_back(make("node.max_connections", "PTC_NODE_MAX_CONNECTIONS", [](auto& s) -> auto& { return s.node.max_connections; }, 1, 1'000'000));
  t.push_back(make("node.max_message_bytes", "PTC_NODE_MAX_MESSAGE_BYTES", [](auto& s) -> auto& { return s.node.max_message_bytes; }, 65536, 4294967295.0));
  t.push_back(make("node.max_agents_per_client", "PTC_NODE_MAX_AGENTS_PER_CLIENT", [](auto& s) -> auto& { return s.node.max_agents_per_client; }, 1));
  t.push_back(make("node.max_tool_calls_per_client", "PTC_NODE_MAX_TOOL_CALLS_PER_CLIENT", [](auto& s) -> auto& { return s.node.max_tool_calls_per_client; }, 1));
  t.push_back(make("node.handshake_timeout_ms", "PTC_NODE_HANDSHAKE_TIMEOUT_MS", [](auto& s) -> auto& { return s.node.handshake_timeout; }, 50));
  t.push_back(make_mcp());
  t.push_back(make_agents("mcp.agents", &settings::mcp, &mcp_settings::agents));
  t.push_back(make("log.level", "PTC_LOG_LEVEL", [](auto& s) -> auto& { return s.log.level; }));
  return t;
}

constexpr std::array<std::string_view, 8> sections{"llm", "agent", "agent.limits", "node", "node.tls", "tools", "mcp", "log"};

std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::span<const field> fields() {
  static const std::vector<field> table = build();
  return table;
}

const field* find_field(std::string_view path) {
  for (const field& f : fields())
    if (f.path == path) return &f;
  return nullptr;
}

bool is_section(std::string_view path) {
  return std::find(sections.begin(), sections.end(), path) != sections.end();
}

std::string suggest(std::string_view section, std::string_view key) {
  std::string prefix = section.empty() ? std::string() : std::string(section) + ".";
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, key.size() / 3) + 1;
  auto consider = [&](std::string_view path) {
    if (!path.starts_with(prefix)) return;
    std::string_view child = path.substr(prefix.size());
    if (child.find('.') != std::string_view::npos) return;
    std::size_t d = distance(key, child);
    if (d < best_distance) best_distance = d, best = std::string(child);
  };
  for (const field& f : fields()) consider(f.path);
  for (std::string_view s : sections) consider(s);
  return best;
}

std::string describe(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::number_unsigned: return "an integer";
    case json::value_t::number_integer: return j.get<std::int64_t>() < 0 ? "a negative integer" : "an integer";
    case json::value_t::number_float: return "a number with a fraction or exponent";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    default: return "an unsupported JSON value";
  }
}

}  // namespace ptc::config::detail
