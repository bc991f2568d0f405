// Settings: documented defaults, the file, PTC_* variables, overrides, and the errors that
// name what is wrong.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "ptc/config/settings.hpp"
#include "tests/config/temp_file.hpp"

namespace config_settings_test {

using namespace ptc::config;
using ptc::config::testing::temp_file;
using json = nlohmann::ordered_json;
using namespace std::chrono_literals;

namespace {

/// The message of the config_error `f` throws ("" when it throws none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const config_error& e) {
    return e.what();
  }
  return "";
}

settings load_text(const std::string& text, const environment& env = {}) {
  temp_file file(text);
  return load(file.path(), env);
}

std::string load_error(const std::string& text, const environment& env = {}) {
  return error_of([&] { load_text(text, env); });
}

/// Rows of the settings table in config/README.md: path → default (JSON text).
std::map<std::string, std::string> readme_defaults() {
  std::ifstream in(std::string(PTC_SOURCE_DIR) + "/config/README.md");
  std::stringstream text;
  text << in.rdbuf();
  std::map<std::string, std::string> rows;
  // The variable column: `PTC_...`, or — for a setting only a file can set.
  static const std::regex row(R"(^\| `([a-z_.]+)` \| `([^`]*)` \| (`PTC_[A-Z_]+`|—) \|)");
  std::string line;
  while (std::getline(text, line)) {
    std::smatch m;
    if (std::regex_search(line, m, row)) rows[m[1]] = m[2];
  }
  return rows;
}

void flatten(const json& j, const std::string& prefix, std::map<std::string, json>& out) {
  for (const auto& [k, v] : j.items()) {
    std::string path = prefix.empty() ? k : prefix + "." + k;
    if (v.is_object()) flatten(v, path, out);
    else out[path] = v;
  }
}

}  // namespace

TEST_CASE("defaults are the values settings.hpp documents") {
  settings s = defaults();
  CHECK(s.llm.provider == "scripted");
  CHECK(s.llm.model.empty());
  CHECK(s.llm.base_url.empty());
  CHECK(s.llm.api_key.empty());
  CHECK(s.llm.request_timeout == 60s);
  CHECK(s.llm.max_retries == 4);
  CHECK(s.llm.backoff_base == 500ms);
  CHECK(s.llm.backoff_max == 20s);
  CHECK(s.llm.max_tokens == 4096);
  CHECK(s.llm.temperature == 0.0);
  CHECK(s.llm.max_in_flight == 256);
  CHECK(s.llm.pool_size == 2);
  CHECK(s.agent.max_turns == 5);
  CHECK_FALSE(s.agent.compress);
  CHECK(s.agent.println_limit == 15);
  CHECK(s.agent.tool_call_limit == 20);
  CHECK(s.agent.mission_timeout == 300s);
  CHECK(s.agent.max_depth == 3);
  CHECK(s.agent.turn_budget == 50);
  CHECK(s.node.timeout == 2s);
  CHECK(s.node.tools.empty());
  CHECK(s.node.agents == json::array());
  CHECK(s.log.level == "warn");
}

TEST_CASE("program limits default to lisp::limits' own values") {
  ptc::lisp::limits l = defaults().agent.limits, lisp_defaults;
  CHECK(l.max_steps == lisp_defaults.max_steps);
  CHECK(l.timeout_ms == lisp_defaults.timeout_ms);
  CHECK(l.max_depth == lisp_defaults.max_depth);
  CHECK(l.max_memory_bytes == lisp_defaults.max_memory_bytes);
  CHECK(l.max_print_chars == lisp_defaults.max_print_chars);
  CHECK(l.max_output_bytes == lisp_defaults.max_output_bytes);
  CHECK(l.max_string_bytes == lisp_defaults.max_string_bytes);
}

TEST_CASE("the output limits load from the file and from PTC_ variables") {
  settings f = load_text(R"({"agent": {"limits": {"max_string_bytes": 1000, "max_print_chars": 50,
                                                  "max_output_bytes": 4096}}})");
  CHECK(f.agent.limits.max_string_bytes == 1000);
  CHECK(f.agent.limits.max_print_chars == 50);
  CHECK(f.agent.limits.max_output_bytes == 4096);
  settings e = load_text(R"({"agent": {"limits": {"max_string_bytes": 1000}}})",
                         environment{{"PTC_MAX_STRING_BYTES", "2048"}, {"PTC_MAX_PRINT_CHARS", "60"},
                                     {"PTC_MAX_OUTPUT_BYTES", "8192"}});
  CHECK(e.agent.limits.max_string_bytes == 2048);
  CHECK(e.agent.limits.max_print_chars == 60);
  CHECK(e.agent.limits.max_output_bytes == 8192);
  CHECK_THROWS(load_text(R"({"agent": {"limits": {"max_string_bytes": 0}}})"));
}

TEST_CASE("the README settings table lists every setting with its real default") {
  std::map<std::string, std::string> documented = readme_defaults();
  std::map<std::string, json> actual;
  flatten(to_json(defaults()), "", actual);
  REQUIRE(actual.size() == 41);
  for (const auto& [path, value] : actual) {
    INFO(path);
    REQUIRE(documented.count(path) == 1);
    CHECK(json::parse(documented[path]) == value);
  }
  CHECK(documented.size() == actual.size());
}

TEST_CASE("tools.mcp: servers load key by key, mistakes name their place, env is written redacted") {
  settings s = load_text(R"({"tools": {"mcp": [
    {"name": "fs", "command": "npx", "args": ["-y", "server-filesystem", "/srv"], "env": {"TOKEN": "t0p"},
     "call_timeout_ms": 5000, "allow": ["read_file"], "max_restarts": 0},
    {"name": "git", "command": "/usr/bin/mcp-git", "cwd": "/repo", "prefix": "g.", "expose": true}]}})");
  REQUIRE(s.tools.mcp.size() == 2);
  const auto& fs = s.tools.mcp[0];
  CHECK(fs.name == "fs");
  CHECK(fs.command == "npx");
  CHECK(fs.args == std::vector<std::string>{"-y", "server-filesystem", "/srv"});
  CHECK(fs.env.at("TOKEN") == "t0p");
  CHECK(fs.call_timeout_ms == 5000);
  CHECK(fs.connect_timeout_ms == 30'000);
  CHECK(fs.allow == std::vector<std::string>{"read_file"});
  CHECK(fs.max_restarts == 0);
  CHECK(s.tools.mcp[1].cwd == "/repo");
  CHECK(s.tools.mcp[1].prefix == "g.");
  CHECK_FALSE(fs.expose);
  CHECK(s.tools.mcp[1].expose);
  const json dumped = to_json(s)["tools"]["mcp"];
  CHECK(dumped[0]["env"]["TOKEN"] == "<redacted>");
  // A dump loads back; a redacted value means "inherit ptc's own".
  settings again = load_text(json{{"tools", {{"mcp", dumped}}}}.dump());
  CHECK(again.tools.mcp[0].env.empty());
  CHECK(again.tools.mcp[0].args == fs.args);
  CHECK(again.tools.mcp[1].expose);
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "fs", "command": "x", "expose": "yes"}]}})")
            .starts_with("tools.mcp: [0].expose: expected true or false"));

  // Streamable HTTP: url, headers (written redacted, like env) and the token's variable name.
  settings h = load_text(R"({"tools": {"mcp": [{"name": "web", "url": "https://mcp.example/mcp",
    "headers": {"X-Tenant": "t-42"}, "bearer_token_env": "WEB_MCP_TOKEN"}]}})");
  REQUIRE(h.tools.mcp.size() == 1);
  CHECK(h.tools.mcp[0].url == "https://mcp.example/mcp");
  CHECK(h.tools.mcp[0].headers.at("X-Tenant") == "t-42");
  CHECK(h.tools.mcp[0].bearer_token_env == "WEB_MCP_TOKEN");
  CHECK(h.tools.mcp[0].command.empty());
  const json web = to_json(h)["tools"]["mcp"][0];
  CHECK(web["headers"]["X-Tenant"] == "<redacted>");
  CHECK(web["bearer_token_env"] == "WEB_MCP_TOKEN");
  CHECK_FALSE(web.contains("command"));
  CHECK(load_text(json{{"tools", {{"mcp", to_json(h)["tools"]["mcp"]}}}}.dump()).tools.mcp[0].url == h.tools.mcp[0].url);

  CHECK(load_error(R"({"tools": {"mcp": [{"name": "fs"}]}})")
            .starts_with("tools.mcp: [0]: give exactly one of \"command\" (stdio) and \"url\" (Streamable HTTP)"));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "fs", "command": "x", "url": "http://127.0.0.1:9/mcp"}]}})")
            .starts_with("tools.mcp: [0]: give exactly one of"));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "fs", "command": "x", "timeout": 5}]}})")
            .starts_with("tools.mcp: [0].timeout: unknown key (name, command,"));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "a", "command": "x"}, {"name": "a", "command": "y"}]}})").starts_with(
        "tools.mcp: [1].name: \"a\" names two servers"));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "a", "url": "ftp://127.0.0.1:9/mcp"}]}})").starts_with(
        "tools.mcp: [0].url: expected an http:// or https:// URL, got \"ftp://127.0.0.1:9/mcp\""));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "a", "url": "http://h/mcp", "args": ["x"]}]}})").starts_with(
        "tools.mcp: [0]: args, env and cwd belong to a \"command\" server"));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "a", "command": "x", "bearer_token_env": "T"}]}})").starts_with(
        "tools.mcp: [0]: headers and bearer_token_env belong to a \"url\" server"));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "a", "url": "http://h/mcp", "headers": {"X-A b": "1"}}]}})").starts_with(
        "tools.mcp: [0].headers.X-A b: not a valid HTTP header"));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "a", "command": "x", "args": "-v"}]}})").starts_with(
        "tools.mcp: [0].args: expected an array of strings, got a string"));
  CHECK(load_error(R"({"tools": {"mcp": [{"name": "a", "command": "x", "call_timeout_ms": 0}]}})").starts_with(
        "tools.mcp: [0].call_timeout_ms: expected a positive integer in range, got an integer"));
}

TEST_CASE("loading with no file and no variables gives the defaults") {
  CHECK(to_json(load(std::nullopt, {})) == to_json(defaults()));
}

TEST_CASE("a file overrides defaults, settings it omits keep theirs") {
  settings s = load_text(R"({
    "llm": {"provider": "ollama", "model": "llama3.1:8b", "max_retries": 0, "temperature": 0.5,
            "request_timeout_ms": 1500},
    "agent": {"max_turns": 8, "compress": true, "limits": {"timeout_ms": 2000, "max_steps": 1000}},
    "log": {"level": "debug"}
  })");
  CHECK(s.llm.provider == "ollama");
  CHECK(s.llm.model == "llama3.1:8b");
  CHECK(s.llm.max_retries == 0);
  CHECK(s.llm.temperature == 0.5);
  CHECK(s.llm.request_timeout == 1500ms);
  CHECK(s.agent.max_turns == 8);
  CHECK(s.agent.compress);
  CHECK(s.agent.limits.timeout_ms == 2000);
  CHECK(s.agent.limits.max_steps == 1000);
  CHECK(s.log.level == "debug");
  // untouched
  CHECK(s.llm.max_tokens == 4096);
  CHECK(s.agent.println_limit == 15);
  CHECK(s.agent.limits.max_depth == ptc::lisp::limits{}.max_depth);
}

TEST_CASE("PTC_ variables override the file") {
  environment env{{"PTC_MAX_TURNS", "9"},          {"PTC_LOG_LEVEL", "error"},
                  {"PTC_REQUEST_TIMEOUT_MS", "250"}, {"PTC_MAX_RETRIES", "1"},
                  {"PTC_MISSION_TIMEOUT_MS", "1000"}, {"PTC_TEMPERATURE", "0.25"},
                  {"PTC_EVAL_TIMEOUT_MS", "100"},   {"PTC_MAX_CALL_DEPTH", "50"},
                  {"PTC_MAX_DEPTH", "1"},           {"PTC_TURN_BUDGET", "7"},
                  {"PTC_POOL_SIZE", "4"},           {"PTC_MAX_IN_FLIGHT", "8"}};
  settings s = load_text(R"({"agent": {"max_turns": 8, "limits": {"timeout_ms": 2000}}, "log": {"level": "debug"}})", env);
  CHECK(s.agent.max_turns == 9);
  CHECK(s.log.level == "error");
  CHECK(s.llm.request_timeout == 250ms);
  CHECK(s.llm.max_retries == 1);
  CHECK(s.agent.mission_timeout == 1000ms);
  CHECK(s.llm.temperature == 0.25);
  CHECK(s.agent.limits.timeout_ms == 100);
  CHECK(s.agent.limits.max_depth == 50);
  CHECK(s.agent.max_depth == 1);
  CHECK(s.agent.turn_budget == 7);
  CHECK(s.llm.pool_size == 4);
  CHECK(s.llm.max_in_flight == 8);
}

TEST_CASE("an empty variable counts as unset") {
  settings s = load_text(R"({"agent": {"max_turns": 8}})", {{"PTC_MAX_TURNS", ""}, {"PTC_LLM", ""}});
  CHECK(s.agent.max_turns == 8);
  CHECK(s.llm.provider == "scripted");
}

TEST_CASE("caller overrides win over variables and the file") {
  temp_file file(R"({"agent": {"max_turns": 8}})");
  settings s = load(file.path(), {{"PTC_MAX_TURNS", "9"}}, [](settings& s) { s.agent.max_turns = 2; });
  CHECK(s.agent.max_turns == 2);
}

TEST_CASE("PTC_CONFIG names the file when load is given none, an explicit file wins") {
  temp_file from_env(R"({"agent": {"max_turns": 11}})");
  temp_file explicit_file(R"({"agent": {"max_turns": 12}})");
  environment env{{"PTC_CONFIG", from_env.path().string()}};
  CHECK(load(std::nullopt, env).agent.max_turns == 11);
  CHECK(load(explicit_file.path(), env).agent.max_turns == 12);
}

TEST_CASE("PTC_COMPRESS takes 1, 0, or println and tool call limits") {
  CHECK(load(std::nullopt, {{"PTC_COMPRESS", "1"}}).agent.compress);
  CHECK(load(std::nullopt, {{"PTC_COMPRESS", "on"}}).agent.compress);
  CHECK_FALSE(load_text(R"({"agent": {"compress": true}})", {{"PTC_COMPRESS", "0"}}).agent.compress);
  settings s = load(std::nullopt, {{"PTC_COMPRESS", "5,7"}});
  CHECK(s.agent.compress);
  CHECK(s.agent.println_limit == 5);
  CHECK(s.agent.tool_call_limit == 7);
  std::string e = error_of([] { load(std::nullopt, {{"PTC_COMPRESS", "5;7"}}); });
  CHECK_THAT(e, Catch::StartsWith("PTC_COMPRESS: expected"));
  CHECK(error_of([] { load(std::nullopt, {{"PTC_COMPRESS", "5,x"}}); }).starts_with("PTC_COMPRESS:"));
}

TEST_CASE("PTC_LLM sets provider and model, a bare provider keeps only its own model") {
  environment keys{{"OPENAI_API_KEY", "k-openai-123"}, {"ANTHROPIC_API_KEY", "k-anthropic-123"}};
  environment env = keys;
  env.set("PTC_LLM", "anthropic:claude-sonnet-4");
  settings s = load(std::nullopt, env);
  CHECK(s.llm.provider == "anthropic");
  CHECK(s.llm.model == "claude-sonnet-4");

  env.set("PTC_LLM", "openai");
  CHECK(load_text(R"({"llm": {"provider": "openai", "model": "gpt-4o"}})", env).llm.model == "gpt-4o");
  std::string e = error_of([&] { load_text(R"({"llm": {"provider": "anthropic", "model": "claude"}})", env); });
  CHECK(e == "llm.model: provider openai needs a model: PTC_LLM=openai:<model>");

  env.set("PTC_LLM", "gemini:pro");
  CHECK(error_of([&] { load(std::nullopt, env); }) ==
        "PTC_LLM: unknown LLM provider \"gemini\"; known providers: scripted, replay, openai, anthropic, "
        "openrouter, ollama, vllm, llamacpp");
}

TEST_CASE("the base URL defaults to the provider's, vllm and llamacpp need one") {
  environment env{{"OPENAI_API_KEY", "k-1234"}, {"ANTHROPIC_API_KEY", "k-1234"}, {"OPENROUTER_API_KEY", "k-1234"}};
  auto url = [&](const std::string& llm) {
    environment e = env;
    e.set("PTC_LLM", llm);
    return load(std::nullopt, e).llm.base_url;
  };
  CHECK(url("openai:gpt-4o") == "https://api.openai.com/v1");
  CHECK(url("openrouter:anthropic/claude-sonnet-4") == "https://openrouter.ai/api/v1");
  CHECK(url("anthropic:claude-sonnet-4") == "https://api.anthropic.com");
  CHECK(url("ollama:llama3.1") == "http://127.0.0.1:11434/v1");
  CHECK(url("scripted") == "");
  CHECK(error_of([] { load(std::nullopt, {{"PTC_LLM", "vllm:qwen"}}); }) ==
        "llm.base_url: provider vllm needs a base URL: set PTC_BASE_URL (e.g. http://127.0.0.1:8000/v1)");
  settings s = load(std::nullopt, {{"PTC_LLM", "llamacpp"}, {"PTC_BASE_URL", "http://10.0.0.2:8080/v1"}});
  CHECK(s.llm.base_url == "http://10.0.0.2:8080/v1");
  CHECK(error_of([] { load(std::nullopt, {{"PTC_LLM", "llamacpp"}, {"PTC_BASE_URL", "10.0.0.2:8080"}}); }) ==
        "llm.base_url: expected an http:// or https:// URL");
}

TEST_CASE("a file's base URL is dropped when another provider is chosen, kept when the file names none") {
  const char* text = R"({"llm": {"provider": "ollama", "model": "m", "base_url": "http://gpu-box:11434/v1"}})";
  environment env{{"OPENAI_API_KEY", "k-1234"}};
  CHECK(load_text(text, env).llm.base_url == "http://gpu-box:11434/v1");
  env.set("PTC_LLM", "openai:gpt-4o");
  CHECK(load_text(text, env).llm.base_url == "https://api.openai.com/v1");
  CHECK(load_text(R"({"llm": {"base_url": "http://gpu-box:8000/v1"}})", {{"PTC_LLM", "vllm:qwen"}}).llm.base_url ==
        "http://gpu-box:8000/v1");
}

TEST_CASE("an unknown key in the file is an error naming its path, with a near-miss suggestion") {
  CHECK_THAT(load_error(R"({"agent": {"max_turn": 3}})"),
             Catch::StartsWith("agent.max_turn: unknown setting; did you mean max_turns? (config file "));
  CHECK_THAT(load_error(R"({"agent": {"limits": {"max_stepz": 3}}})"),
             Catch::StartsWith("agent.limits.max_stepz: unknown setting; did you mean max_steps?"));
  CHECK_THAT(load_error(R"({"lmm": {}})"), Catch::StartsWith("lmm: unknown setting; did you mean llm?"));
  CHECK_THAT(load_error(R"({"llm": {"colour": "blue"}})"), Catch::StartsWith("llm.colour: unknown setting ("));
  config_error e("", "");
  try {
    load_text(R"({"log": {"lvl": "info"}})");
  } catch (const config_error& x) {
    e = x;
  }
  CHECK(e.where() == "log.lvl");
}

TEST_CASE("a value of the wrong type names the path and the expected type") {
  CHECK_THAT(load_error(R"({"llm": {"max_retries": "4"}})"),
             Catch::StartsWith("llm.max_retries: expected a non-negative integer, got a string (config file "));
  CHECK_THAT(load_error(R"({"llm": {"max_retries": -1}})"),
             Catch::StartsWith("llm.max_retries: expected a non-negative integer, got a negative integer"));
  CHECK_THAT(load_error(R"({"agent": {"max_turns": 2.5}})"),
             Catch::StartsWith("agent.max_turns: expected a non-negative integer, got a number with a fraction"));
  CHECK_THAT(load_error(R"({"agent": {"compress": 1}})"),
             Catch::StartsWith("agent.compress: expected true or false, got an integer"));
  CHECK_THAT(load_error(R"({"llm": {"model": ["a"]}})"),
             Catch::StartsWith("llm.model: expected a string, got an array"));
  CHECK_THAT(load_error(R"({"agent": {"limits": 5}})"),
             Catch::StartsWith("agent.limits: expected an object, got an integer"));
  CHECK_THAT(load_error(R"({"llm": {"temperature": "hot"}})"),
             Catch::StartsWith("llm.temperature: expected a number, got a string"));
  CHECK_THAT(load_error(R"({"llm": {"request_timeout_ms": null}})"),
             Catch::StartsWith("llm.request_timeout_ms: expected a non-negative integer of milliseconds, got null"));
  CHECK_THAT(load_error(R"({"llm": {"pool_size": 99999999999}})"),
             Catch::StartsWith("llm.pool_size: expected an integer no larger than 2147483647"));
  CHECK_THAT(load_error("[1, 2]"), Catch::StartsWith("config file ") && Catch::EndsWith(": expected a JSON object, got an array"));
}

TEST_CASE("node settings: timeout, served tools and declared agents, each checked") {
  settings s = load_text(R"({"node": {"timeout_ms": 500, "tools": "find-orders,get-product",
    "agents": [{"name": "analyst", "mission": "Summarise {{region}}", "signature": "(region :string) -> :string",
                "tools": "find-orders", "max_turns": 3}]}})");
  CHECK(s.node.timeout == 500ms);
  CHECK(s.node.tools == "find-orders,get-product");
  REQUIRE(s.node.agents.size() == 1);
  CHECK(s.node.agents[0]["mission"] == "Summarise {{region}}");
  CHECK(to_json(s)["node"]["agents"] == s.node.agents);
  CHECK_THAT(load_error(R"({"node": {"agents": {}}})"),
             Catch::StartsWith("node.agents: expected an array of agents, got an object"));
  CHECK_THAT(load_error(R"({"node": {"agents": [{"name": "a"}]}})"),
             Catch::StartsWith("node.agents: [0]: \"mission\" is required"));
  CHECK_THAT(load_error(R"({"node": {"agents": [{"name": "a", "mission": "m", "max_turn": 2}]}})"),
             Catch::StartsWith("node.agents: [0].max_turn: unknown key"));
  CHECK_THAT(load_error(R"({"node": {"agents": [{"name": "a", "mission": "m", "max_turns": 0}]}})"),
             Catch::StartsWith("node.agents: [0].max_turns: expected a positive integer"));
  CHECK_THAT(load_error(R"({"node": {"timeout_ms": 10}})"), Catch::StartsWith("node.timeout_ms: must be at least 100"));
  CHECK_THAT(load_error(R"({"node": {"agents": [{"name": "two words", "mission": "m"}]}})"),
             Catch::StartsWith("node.agents: [0].name: \"two words\" is not a tool name"));
  CHECK_THAT(load_error(R"({"node": {"agents": [{"name": "a", "mission": "m"}, {"name": "a", "mission": "n"}]}})"),
             Catch::StartsWith("node.agents: [1].name: \"a\" is declared twice"));
  CHECK(load(std::nullopt, {{"PTC_NODE_TIMEOUT_MS", "750"}, {"PTC_NODE_TOOLS", "get-product"}}).node.tools == "get-product");
}

TEST_CASE("mcp settings: the agents ptc mcp serves, checked like node.agents") {
  settings s = load_text(R"({"mcp": {"agents": [{"name": "summarise", "mission": "Summarise {{text}}",
    "signature": "(text :string) -> {summary :string}", "tools": "everything.echo", "max_turns": 2}]}})");
  REQUIRE(s.mcp.agents.size() == 1);
  CHECK(s.mcp.agents[0]["tools"] == "everything.echo");
  CHECK(to_json(s)["mcp"]["agents"] == s.mcp.agents);
  CHECK(defaults().mcp.agents == json::array());
  CHECK_THAT(load_error(R"({"mcp": {"agents": [{"mission": "m"}]}})"),
             Catch::StartsWith("mcp.agents: [0]: \"name\" is required"));
  CHECK_THAT(load_error(R"({"mcp": {"agent": []}})"), Catch::StartsWith("mcp.agent: unknown"));
}

TEST_CASE("a bad variable names the variable and what it expects") {
  CHECK(error_of([] { load(std::nullopt, {{"PTC_MAX_TURNS", "five"}}); }) ==
        "PTC_MAX_TURNS: expected a non-negative integer, got \"five\"");
  CHECK(error_of([] { load(std::nullopt, {{"PTC_MAX_TURNS", "-5"}}); }) ==
        "PTC_MAX_TURNS: expected a non-negative integer, got \"-5\"");
  CHECK(error_of([] { load(std::nullopt, {{"PTC_MAX_TOKENS", "99999999999999999999999"}}); }) ==
        "PTC_MAX_TOKENS: expected an integer no larger than 2147483647");
  CHECK(error_of([] { load(std::nullopt, {{"PTC_TEMPERATURE", "warm"}}); }) ==
        "PTC_TEMPERATURE: expected a number, got \"warm\"");
}

TEST_CASE("out-of-range values name the setting and the bound") {
  CHECK(error_of([] { load(std::nullopt, {{"PTC_MAX_TURNS", "0"}}); }) == "agent.max_turns: must be at least 1, got 0");
  CHECK(error_of([] { load(std::nullopt, {{"PTC_TEMPERATURE", "2.5"}}); }) ==
        "llm.temperature: must be at most 2, got 2.5");
  CHECK(error_of([] { load(std::nullopt, {{"PTC_LOG_LEVEL", "loud"}}); }) ==
        "log.level: expected one of trace, debug, info, warn, error, critical, off, got \"loud\"");
  CHECK(error_of([] { load(std::nullopt, {{"PTC_BACKOFF_BASE_MS", "30000"}}); }) ==
        "llm.backoff_base_ms: must not exceed llm.backoff_max_ms (20000)");
  CHECK_THAT(load_error(R"({"llm": {"provider": "gpt"}})"),
             Catch::StartsWith("llm.provider: unknown LLM provider \"gpt\"; known providers: scripted,"));
}

TEST_CASE("invalid JSON is reported by line and column, and a missing file by name") {
  CHECK_THAT(load_error("{\n  \"llm\": {\n    \"model\": x\n  }\n}"),
             Catch::StartsWith("config file ") && Catch::EndsWith(": invalid JSON at line 3, column 14"));
  std::string e = error_of([] { load(std::filesystem::path("/nonexistent/ptc.json"), {}); });
  CHECK(e == "config file /nonexistent/ptc.json: cannot be read");
}

TEST_CASE("to_json writes the file layout and loads back to the same settings") {
  settings s = load(std::nullopt, {{"PTC_LLM", "ollama:llama3.1:8b"}, {"PTC_MAX_TURNS", "7"}, {"PTC_COMPRESS", "3,4"},
                                   {"PTC_API_KEY", "k-local-9999"}});
  json j = to_json(s);
  CHECK(j["llm"]["provider"] == "ollama");
  CHECK(j["llm"]["request_timeout_ms"] == 60000);
  CHECK(j["agent"]["limits"]["timeout_ms"] == 5000);
  CHECK(j["llm"]["api_key"] == "<redacted>");
  temp_file file(j.dump(2));
  settings back = load(file.path(), {{"PTC_API_KEY", "k-local-9999"}});
  CHECK(to_json(back) == j);
  CHECK(back.llm.api_key == s.llm.api_key);
}

TEST_CASE("environment reads the process's PTC_ and key variables only") {
  ::setenv("PTC_CONFIG_TEST_PROBE", "yes", 1);
  ::setenv("PTC_CONFIG_TEST_UNRELATED_SECRET", "", 1);
  ::setenv("CONFIG_TEST_UNRELATED", "no", 1);
  environment env = environment::from_process();
  ::unsetenv("PTC_CONFIG_TEST_PROBE");
  ::unsetenv("PTC_CONFIG_TEST_UNRELATED_SECRET");
  ::unsetenv("CONFIG_TEST_UNRELATED");
  CHECK(env.get("PTC_CONFIG_TEST_PROBE") == std::optional<std::string_view>("yes"));
  CHECK_FALSE(env.get("PTC_CONFIG_TEST_UNRELATED_SECRET"));
  CHECK_FALSE(env.get("CONFIG_TEST_UNRELATED"));
  env.unset("PTC_CONFIG_TEST_PROBE");
  CHECK_FALSE(env.get("PTC_CONFIG_TEST_PROBE"));
}

}  // namespace config_settings_test
