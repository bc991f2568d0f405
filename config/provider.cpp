#include "ptc/config/provider.hpp"

#include <array>

#include "ptc/config/error.hpp"

namespace ptc::config {

namespace {

constexpr std::array<provider_info, 8> known{{
    {"scripted", provider_api::offline, "", "", false, false},
    {"replay", provider_api::offline, "", "", false, false},
    {"openai", provider_api::openai_compatible, "OPENAI_API_KEY", "https://api.openai.com/v1", true, true},
    {"anthropic", provider_api::anthropic_messages, "ANTHROPIC_API_KEY", "https://api.anthropic.com", true, true},
    {"openrouter", provider_api::openai_compatible, "OPENROUTER_API_KEY", "https://openrouter.ai/api/v1", true, true},
    // Local servers: a key is optional (some deployments put one in front), the URL of
    // vLLM and llama.cpp has no conventional default.
    {"ollama", provider_api::openai_compatible, "", "http://127.0.0.1:11434/v1", false, true},
    {"vllm", provider_api::openai_compatible, "", "", false, true},
    {"llamacpp", provider_api::openai_compatible, "", "", false, false},
}};

std::string known_names() {
  std::string out;
  for (const provider_info& p : known) {
    if (!out.empty()) out += ", ";
    out += p.name;
  }
  return out;
}

}  // namespace

std::span<const provider_info> providers() { return known; }

const provider_info* find_provider(std::string_view name) {
  for (const provider_info& p : known)
    if (p.name == name) return &p;
  return nullptr;
}

llm_choice parse_llm(std::string_view text) {
  auto colon = text.find(':');
  std::string_view provider = text.substr(0, colon);
  std::string_view model = colon == std::string_view::npos ? std::string_view{} : text.substr(colon + 1);
  if (provider.empty())
    throw config_error("", "an LLM is written provider:model, e.g. anthropic:claude-sonnet-4; known providers: " +
                               known_names());
  if (!find_provider(provider))
    throw config_error("", "unknown LLM provider \"" + std::string(provider) + "\"; known providers: " +
                               known_names());
  return {std::string(provider), std::string(model)};
}

}  // namespace ptc::config
