// API keys: where they come from, and that no string the library produces ever contains one.
#include <catch2/catch.hpp>

#include <ostream>
#include <sstream>
#include <type_traits>
#include <vector>

#include "ptc/config/settings.hpp"
#include "tests/config/temp_file.hpp"

namespace config_secret_test {

using namespace ptc::config;
using ptc::config::testing::temp_file;

namespace {

template <class T, class = void>
struct streamable : std::false_type {};
template <class T>
struct streamable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};

/// Loads and returns the error message, or "" when loading succeeds.
std::string error_of(const std::optional<std::filesystem::path>& file, const environment& env) {
  try {
    load(file, env);
  } catch (const config_error& e) {
    return std::string(e.what()) + "\n" + e.where() + "\n" + e.message();
  }
  return "";
}

// Distinctive key texts, so a leak of any part is found by a plain substring search.
const std::string openai_key = "sk-test-OPENAI-7f3a9c2e1b";
const std::string anthropic_key = "sk-ant-test-ANTHROPIC-4d8e2f";
const std::string openrouter_key = "sk-or-test-OPENROUTER-91bc";
const std::string ptc_key = "ptc-test-OVERRIDE-55aa77";
const std::string file_key = "sk-test-FROMFILE-c0ffee42";

environment all_keys() {
  return {{"OPENAI_API_KEY", openai_key}, {"ANTHROPIC_API_KEY", anthropic_key}, {"OPENROUTER_API_KEY", openrouter_key}};
}

/// Fails the test when `text` contains any of the test keys (or a long piece of one).
void require_no_key(const std::string& text) {
  INFO(text);
  for (const std::string& k : {openai_key, anthropic_key, openrouter_key, ptc_key, file_key}) {
    CHECK(text.find(k) == std::string::npos);
    CHECK(text.find(k.substr(k.size() - 8)) == std::string::npos);  // no tail either ("...abcd" style)
  }
}

}  // namespace

TEST_CASE("a secret cannot be streamed and prints only as redacted") {
  static_assert(!streamable<secret>::value, "streaming a secret must not compile");
  static_assert(!std::is_convertible_v<secret, std::string>);
  secret s(openai_key);
  CHECK(s.redacted() == "<redacted, " + std::to_string(openai_key.size()) + " chars>");
  CHECK(secret().redacted() == "<none>");
  CHECK(s.reveal() == openai_key);
  CHECK(nlohmann::json(s).dump() == "\"<redacted>\"");
  CHECK(nlohmann::ordered_json(secret()).is_null());
  CHECK(s == secret(openai_key));
  CHECK_FALSE(s == secret(file_key));
}

TEST_CASE("each provider takes its key from its usual variable") {
  environment env = all_keys();
  env.set("PTC_LLM", "openai:gpt-4o");
  CHECK(load(std::nullopt, env).llm.api_key.reveal() == openai_key);
  env.set("PTC_LLM", "anthropic:claude-sonnet-4");
  CHECK(load(std::nullopt, env).llm.api_key.reveal() == anthropic_key);
  env.set("PTC_LLM", "openrouter:anthropic/claude-sonnet-4");
  CHECK(load(std::nullopt, env).llm.api_key.reveal() == openrouter_key);
  env.set("PTC_LLM", "ollama:llama3.1");
  CHECK(load(std::nullopt, env).llm.api_key.empty());  // no other provider's key goes to a local server
  env.set("PTC_LLM", "scripted");
  CHECK(load(std::nullopt, env).llm.api_key.empty());
}

TEST_CASE("PTC_API_KEY overrides the provider's variable, a caller override beats both") {
  environment env = all_keys();
  env.set("PTC_LLM", "anthropic:claude-sonnet-4");
  env.set("PTC_API_KEY", ptc_key);
  CHECK(load(std::nullopt, env).llm.api_key.reveal() == ptc_key);
  settings s = load(std::nullopt, env, [](settings& s) { s.llm.api_key = secret("caller-key-1234"); });
  CHECK(s.llm.api_key.reveal() == "caller-key-1234");
  env.set("PTC_LLM", "vllm:qwen");
  env.set("PTC_BASE_URL", "http://127.0.0.1:8000/v1");
  CHECK(load(std::nullopt, env).llm.api_key.reveal() == ptc_key);
}

TEST_CASE("the file's key is used below the variables, and only for the provider the file names") {
  temp_file file(R"({"llm": {"provider": "openai", "model": "gpt-4o", "api_key": ")" + file_key + R"("}})");
  CHECK(load(file.path(), {}).llm.api_key.reveal() == file_key);
  CHECK(load(file.path(), {{"OPENAI_API_KEY", openai_key}}).llm.api_key.reveal() == openai_key);
  // Another provider chosen by the environment: the OpenAI key must not go to it.
  settings s = load(file.path(), {{"PTC_LLM", "ollama:llama3.1"}});
  CHECK(s.llm.api_key.empty());
  std::string e = error_of(file.path(), {{"PTC_LLM", "anthropic:claude-sonnet-4"}});
  CHECK(e.starts_with("llm.api_key: provider anthropic needs an API key: set ANTHROPIC_API_KEY (or PTC_API_KEY)"));
  require_no_key(e);
}

TEST_CASE("a missing key is an error naming the variable to set") {
  std::string e = error_of(std::nullopt, {{"PTC_LLM", "openai:gpt-4o"}, {"ANTHROPIC_API_KEY", anthropic_key}});
  CHECK(e.starts_with("llm.api_key: provider openai needs an API key: set OPENAI_API_KEY (or PTC_API_KEY)"));
  require_no_key(e);
}

TEST_CASE("keys never appear in error messages") {
  std::vector<std::string> messages;
  auto key_field = [](const std::string& value) { return R"("api_key": )" + value; };
  auto with_key = [&](const std::string& rest) {
    return R"({"llm": {"provider": "openai", "model": "gpt-4o", )" + key_field("\"" + file_key + "\"") + rest + "}}";
  };
  // A good key next to a mistake elsewhere.
  for (const std::string& text : {
           with_key(R"(, "max_retries": "x")"),
           with_key(R"(, "max_retrys": 1)"),
           with_key(R"(, "temperature": 7)"),
           with_key(R"(}, "agent": {"max_turns": [1])"),
           with_key(R"(, "base_url": "ftp://x")"),
           // A malformed key field: every shape of wrong.
           R"({"llm": {)" + key_field("[\"" + file_key + "\"]") + "}}",
           R"({"llm": {)" + key_field("{\"value\": \"" + file_key + "\"}") + "}}",
           R"({"llm": {)" + key_field("\"" + file_key + "\"\"") + "}}",
           R"({"llm": {)" + key_field("\"" + file_key) + "}}",  // unterminated string
           R"({"llm": {)" + key_field(file_key) + "}}",         // unquoted
           R"({"llm": {"api_key": ")" + file_key + "\n\"}}",   // control character inside the string
           // The key pasted into another field too (a message may quote a provider name or an
           // unknown setting's name; load() scrubs every key it knows of).
           with_key(R"(, ")" + file_key + R"(": 1)"),
           R"({"llm": {"api_key": ")" + file_key + R"(", "provider": ")" + file_key + R"("}})",
       }) {
    temp_file file(text);
    std::string e = error_of(file.path(), {});
    CHECK(e != "");
    messages.push_back(e);
  }
  // Keys in variables next to a mistake, or pasted into the wrong variable.
  environment env = all_keys();
  env.set("PTC_API_KEY", ptc_key);
  for (auto [name, value] : std::initializer_list<std::pair<std::string, std::string>>{
           {"PTC_MAX_TURNS", "x"}, {"PTC_LLM", openai_key}, {"PTC_LLM", anthropic_key + ":m"},
           {"PTC_TEMPERATURE", ptc_key}, {"PTC_MAX_TURNS", ptc_key}, {"PTC_LOG_LEVEL", openrouter_key},
           {"PTC_COMPRESS", openai_key}}) {
    environment e = env;
    e.set(name, value);
    std::string message = error_of(std::nullopt, e);
    INFO(name);
    CHECK(message != "");
    messages.push_back(message);
  }
  for (const std::string& m : messages) require_no_key(m);
  CHECK(messages[0].find("llm.max_retries") != std::string::npos);  // the message still says where
}

TEST_CASE("keys never appear in to_json or any string describing settings") {
  environment env = all_keys();
  env.set("PTC_LLM", "openai:gpt-4o");
  settings s = load(std::nullopt, env);
  REQUIRE(s.llm.api_key.reveal() == openai_key);
  std::string dump = to_json(s).dump();
  CHECK(to_json(s)["llm"]["api_key"] == "<redacted>");
  require_no_key(dump);
  require_no_key(s.llm.api_key.redacted());
  require_no_key(nlohmann::json(s.llm.api_key).dump());

  temp_file file(R"({"llm": {"provider": "openai", "model": "gpt-4o", "api_key": ")" + file_key + R"("}})");
  settings from_file = load(file.path(), {});
  REQUIRE(from_file.llm.api_key.reveal() == file_key);
  require_no_key(to_json(from_file).dump());
}

TEST_CASE("a key that is part of the redaction mask is still scrubbed, and loading ends") {
  std::string message;
  try {
    load(std::nullopt, {{"PTC_API_KEY", "dact"}, {"PTC_LOG_LEVEL", "dact-dact"}});
  } catch (const config_error& e) {
    message = e.what();
  }
  CHECK(message == "log.level: expected one of trace, debug, info, warn, error, critical, off, got \"<redacted>-<redacted>\"");
}

// The process-wide registry every writer redacts with (stdout, stderr, logs, traces, cassettes).

TEST_CASE("registered secrets are redacted from any text, short texts are not registered") {
  const std::string key = "sk-test-REGISTRY-a1b2c3d4";
  register_secret(key);
  register_secret("short");  // under min_secret_size: never masked
  CHECK(secrets_registered());
  CHECK(redact("before " + key + " after " + key) == "before <redacted> after <redacted>");
  CHECK(redact("a short word") == "a short word");
  std::string clean = "nothing secret here";
  CHECK_FALSE(redact_in_place(clean));
  CHECK(clean == "nothing secret here");
  // Half a key is not a key (and is left alone); a key glued to other text is still found.
  CHECK(redact(key.substr(0, 10)) == key.substr(0, 10));
  CHECK(redact("x" + key + "y") == "x<redacted>y");
}

TEST_CASE("the longest secret wins where two start together, and masks are not scanned again") {
  register_secret("sk-test-NESTED-0001");
  register_secret("sk-test-NESTED-0001-LONGER");
  CHECK(redact("[sk-test-NESTED-0001-LONGER]") == "[<redacted>]");
  CHECK(redact("[sk-test-NESTED-0001]") == "[<redacted>]");
  register_secret("<redacted>x");  // a secret that starts like the mask
  CHECK(redact("sk-test-NESTED-0001x") == "<redacted>x");
}

TEST_CASE("a secret with characters JSON escapes is found in JSON text too") {
  const std::string key = "sk-test-\"QUOTE\\d-77";
  register_secret(key);
  const std::string json_text = nlohmann::json{{"text", "the key is " + key}}.dump();
  REQUIRE(json_text.find(key) == std::string::npos);  // escaped in JSON
  CHECK(redact(json_text) == R"({"text":"the key is <redacted>"})");
  CHECK(redact(key) == "<redacted>");
}

TEST_CASE("constructing a secret registers it, and load registers every key variable") {
  const std::string key = "sk-test-CONSTRUCTED-5e6f";
  secret s(key);
  CHECK(redact(key) == "<redacted>");
  // The scripted provider takes no key, but a key in the environment is still masked.
  const std::string unused = "sk-ant-test-UNUSED-9911";
  load(std::nullopt, {{"PTC_LLM", "scripted"}, {"ANTHROPIC_API_KEY", unused}});
  CHECK(redact("said " + unused) == "said <redacted>");
}

TEST_CASE("secret_prefix_at_end finds a tail that may start a secret") {
  const std::string key = "sk-test-PREFIX-0f0f0f";
  register_secret(key);
  CHECK(secret_prefix_at_end("hello " + key.substr(0, 5)) == 5);
  CHECK(secret_prefix_at_end("hello\n") == 0);
  CHECK(secret_prefix_at_end(key) == 0);  // a whole key is no prefix (it gets redacted)
}

TEST_CASE("a redacting stream masks a secret written in pieces, with flushes in between") {
  const std::string key = "sk-test-STREAM-abcdef12";
  register_secret(key);
  std::ostringstream target;
  redacting_buffer buffer(*target.rdbuf());
  std::ostream out(&buffer);
  out << "line 1\n" << std::flush;
  CHECK(target.str() == "line 1\n");
  out << "key: " << key.substr(0, 9) << std::flush;  // the start of the key is held back
  CHECK(target.str() == "line 1\nkey: ");
  out << key.substr(9) << " end" << std::flush;
  CHECK(target.str() == "line 1\nkey: <redacted> end");
  out << " tail sk-te";  // a held tail is written by emit(true) at exit
  out.flush();
  buffer.emit(true);
  CHECK(target.str() == "line 1\nkey: <redacted> end tail sk-te");
  // Much output without a flush streams anyway; a key across the boundary is still masked.
  std::string big(70000, 'x');
  out << std::string(65533, 'x') << key.substr(0, 5) << key.substr(5) << big;
  buffer.emit(true);
  const std::string all = target.str();
  CHECK(all.find(key) == std::string::npos);
  CHECK(all.find("x<redacted>x") != std::string::npos);
}

}  // namespace config_secret_test
