#pragma once
// The LLM providers settings know about: which variable holds each one's key, where its API
// lives by default, and the `provider:model` spelling of PTC_LLM and `--llm`.
#include <span>
#include <string>
#include <string_view>

namespace ptc::config {

/// The wire protocol a provider speaks.
enum class provider_api {
  offline,             ///< no network: `scripted` (responses given in code) or `replay` (cassette)
  openai_compatible,   ///< POST {base_url}/chat/completions
  anthropic_messages,  ///< POST {base_url}/v1/messages
};

/// One known provider.
struct provider_info {
  std::string_view name;              ///< as written in PTC_LLM: "openai", "anthropic", ...
  provider_api api;
  std::string_view key_variable;      ///< e.g. "OPENAI_API_KEY"; "" when no key is used
  std::string_view default_base_url;  ///< "" when the URL must be given (vllm, llamacpp)
  bool needs_key;                     ///< a request without a key cannot succeed
  bool needs_model;                   ///< the API has no default model
};

/// Every known provider, in the order error messages list them: scripted, replay, openai,
/// anthropic, openrouter, ollama, vllm, llamacpp.
std::span<const provider_info> providers();

/// The provider called `name`, or nullptr.
const provider_info* find_provider(std::string_view name);

/// A provider and model chosen by one string.
struct llm_choice {
  std::string provider;
  std::string model;  ///< "" when the string had no `:model` part
};

/// Splits "anthropic:claude-sonnet-4" at the first colon (model names may contain colons:
/// "ollama:llama3.1:8b"). Throws config_error for an unknown provider, listing the known ones.
llm_choice parse_llm(std::string_view text);

}  // namespace ptc::config
