#pragma once
// The plain data the renderers work on: chat messages, token usage, tool and agent specs.
//
// Context: everything here crosses actors and, later, processes (issue: nodes), and is written
// to traces; so every type is plain data with JSON serialization (messages/serialization.hpp),
// no pointers to mutable state, no CAF.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/lisp/budget.hpp"
#include "ptc/messages/text.hpp"

namespace ptc::messages {

/// Tokens and requests of LLM calls; adds up across turns and sub-agents.
struct token_usage {
  std::uint64_t input = 0;
  std::uint64_t output = 0;
  std::uint64_t cache_read = 0;   ///< input tokens served from the provider's prompt cache
  std::uint64_t cache_write = 0;  ///< input tokens written to the provider's prompt cache
  std::uint64_t requests = 0;     ///< LLM calls (retries included)

  token_usage& operator+=(const token_usage& o);
  std::uint64_t total() const { return input + output; }
  bool operator==(const token_usage&) const = default;
};

enum class role : std::uint8_t { system, user, assistant };
const char* role_name(role r);

/// Immutable text shared by all its copies. The system prompt is the same ~6 KB for every agent
/// and every turn: messages hold it by reference, so 100k agents waiting on the LLM do not hold
/// 100k copies of it. A mission is held the same way (prepared_agent::mission, llm_request::mission),
/// and may share the spec's own string and control block (std::shared_ptr's aliasing constructor).
class shared_text {
 public:
  shared_text() : p_(empty_text()) {}
  /// Keeps the text, not the room that building it left beyond its end (keep_exact).
  shared_text(std::string s) : p_(std::make_shared<const std::string>((keep_exact(s), std::move(s)))) {}
  shared_text(const char* s) : shared_text(std::string(s)) {}
  explicit shared_text(std::shared_ptr<const std::string> p) : p_(p ? std::move(p) : empty_text()) {}

  const std::string& str() const { return *p_; }
  operator const std::string&() const { return *p_; }
  std::size_t size() const { return p_->size(); }
  bool empty() const { return p_->empty(); }
  /// What a reader of a text field calls most (`r.mission.find("...")`), as std::string does.
  template <class... A>
  std::size_t find(A&&... a) const { return p_->find(std::forward<A>(a)...); }
  std::string substr(std::size_t pos = 0, std::size_t n = std::string::npos) const { return p_->substr(pos, n); }
  bool operator==(const shared_text& o) const { return p_ == o.p_ || *p_ == *o.p_; }
  bool operator==(const std::string& o) const { return *p_ == o; }
  bool operator==(const char* o) const { return *p_ == o; }

 private:
  static const std::shared_ptr<const std::string>& empty_text();
  std::shared_ptr<const std::string> p_;
};

/// One piece of a message's content. `cache_breakpoint` marks the end of a stable prefix that
/// a provider may cache (Anthropic's cache_control); providers without caching ignore it.
struct content_block {
  shared_text text;
  bool cache_breakpoint = false;
  bool operator==(const content_block&) const = default;
};

struct chat_message {
  messages::role role = role::user;
  std::vector<content_block> content;

  /// All blocks joined (no separator: renderers put the separators inside the blocks).
  std::string text() const;
  static chat_message of(messages::role r, std::string text, bool cache_breakpoint = false);
  bool operator==(const chat_message&) const = default;
};

/// A tool as the LLM sees it: `(tool/NAME ...)`.
struct tool_spec {
  std::string name;         ///< without the tool/ prefix, e.g. "search-reviews"
  std::string description;  ///< one line; empty when none
  std::string signature;    ///< e.g. "(category :string) -> [{id :int}]"; empty: any args, any result
  bool operator==(const tool_spec&) const = default;
};

/// How past turns are shown to the LLM (API-001..006, DESIGN §6.5): one value for both
/// "compress_history" and "compression".
struct compression_options {
  enum class strategy : std::uint8_t {
    uncompressed,           ///< full ASSISTANT/USER pairs (the default, API-003)
    single_user_coalesced,  ///< [SYSTEM, USER] with the accumulated summary (DESIGN §6.1)
  };
  strategy kind = strategy::uncompressed;
  std::size_t println_limit = 15;    ///< newest println calls shown (API-004, TRN-010)
  std::size_t tool_call_limit = 20;  ///< newest tool calls shown (API-005, TC-007)

  /// compress_history: true (API-001).
  static compression_options on() { return {strategy::single_user_coalesced, 15, 20}; }
  /// compress_history: [println_limit: p, tool_call_limit: t] (API-002).
  static compression_options with_limits(std::size_t println_limit, std::size_t tool_call_limit) {
    return {strategy::single_user_coalesced, println_limit, tool_call_limit};
  }
  /// compress_history: false (API-003).
  static compression_options off() { return {}; }
  bool operator==(const compression_options&) const = default;
};
const char* strategy_name(compression_options::strategy s);  ///< "uncompressed", "single-user-coalesced"

/// Customising the static system prompt. `replacement`, when set, replaces the whole prompt;
/// otherwise prefix and suffix are joined to it with blank lines.
struct system_prompt_options {
  std::string prefix;
  std::string suffix;
  std::string replacement;
  bool operator==(const system_prompt_options&) const = default;
};

/// One mission: what a sub-agent is asked to do, with what.
struct agent_spec {
  std::string name;                    ///< for traces and when used as a tool; may be empty
  std::string mission;                 ///< a template: {{name}} placeholders filled from `data`
  std::string description;             ///< one line, shown when the agent is another agent's tool
  std::vector<tool_spec> tools;
  nlohmann::ordered_json data = nlohmann::ordered_json::object();  ///< inputs: data/KEY and {{KEY}}
  std::string signature;               ///< "(query :string) -> {total :float}" or "{...}"; empty: none
  std::size_t max_turns = 5;           ///< SS-002
  compression_options compression;     ///< uncompressed unless set (API-003)
  lisp::limits limits;                 ///< per program run
  system_prompt_options system_prompt;
  std::chrono::milliseconds mission_timeout{0};  ///< 0: none (enforced by the actor layer)
  bool operator==(const agent_spec&) const;
};

}  // namespace ptc::messages
