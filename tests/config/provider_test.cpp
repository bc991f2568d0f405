// The provider table and the provider:model spelling.
#include <catch2/catch.hpp>

#include "ptc/config/error.hpp"
#include "ptc/config/provider.hpp"

namespace config_provider_test {

using namespace ptc::config;

TEST_CASE("parse_llm splits provider and model at the first colon") {
  llm_choice c = parse_llm("anthropic:claude-sonnet-4");
  CHECK(c.provider == "anthropic");
  CHECK(c.model == "claude-sonnet-4");
  c = parse_llm("ollama:llama3.1:8b");
  CHECK(c.provider == "ollama");
  CHECK(c.model == "llama3.1:8b");
  c = parse_llm("openrouter:anthropic/claude-sonnet-4");
  CHECK(c.model == "anthropic/claude-sonnet-4");
  c = parse_llm("scripted");
  CHECK(c.provider == "scripted");
  CHECK(c.model.empty());
}

TEST_CASE("parse_llm rejects an unknown or missing provider, listing the known ones") {
  auto message = [](std::string_view text) -> std::string {
    try {
      parse_llm(text);
    } catch (const config_error& e) {
      return e.what();
    }
    return "";
  };
  CHECK(message("gpt-4o") ==
        "unknown LLM provider \"gpt-4o\"; known providers: scripted, replay, openai, anthropic, openrouter, ollama, "
        "vllm, llamacpp");
  CHECK(message(":model") ==
        "an LLM is written provider:model, e.g. anthropic:claude-sonnet-4; known providers: scripted, replay, "
        "openai, anthropic, openrouter, ollama, vllm, llamacpp");
  CHECK(message("") != "");
}

TEST_CASE("each network provider has its usual key variable and base URL") {
  auto p = [](std::string_view name) {
    const provider_info* info = find_provider(name);
    REQUIRE(info != nullptr);
    return *info;
  };
  CHECK(p("openai").key_variable == "OPENAI_API_KEY");
  CHECK(p("openai").default_base_url == "https://api.openai.com/v1");
  CHECK(p("anthropic").key_variable == "ANTHROPIC_API_KEY");
  CHECK(p("anthropic").api == provider_api::anthropic_messages);
  CHECK(p("anthropic").default_base_url == "https://api.anthropic.com");
  CHECK(p("openrouter").key_variable == "OPENROUTER_API_KEY");
  CHECK(p("openrouter").default_base_url == "https://openrouter.ai/api/v1");
  CHECK(p("ollama").default_base_url == "http://127.0.0.1:11434/v1");
  CHECK_FALSE(p("ollama").needs_key);
  CHECK(p("vllm").default_base_url.empty());
  CHECK(p("llamacpp").default_base_url.empty());
  CHECK(p("scripted").api == provider_api::offline);
  CHECK(find_provider("gemini") == nullptr);
  CHECK(providers().size() == 8);
}

}  // namespace config_provider_test
