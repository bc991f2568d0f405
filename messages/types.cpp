// The plain data types: usage arithmetic, names, and chat message helpers.
#include "ptc/messages/types.hpp"

namespace ptc::messages {

token_usage& token_usage::operator+=(const token_usage& o) {
  input += o.input;
  output += o.output;
  cache_read += o.cache_read;
  cache_write += o.cache_write;
  requests += o.requests;
  return *this;
}

const char* role_name(role r) {
  switch (r) {
    case role::system: return "system";
    case role::user: return "user";
    case role::assistant: return "assistant";
  }
  return "user";
}

const std::shared_ptr<const std::string>& shared_text::empty_text() {
  static const auto empty = std::make_shared<const std::string>();
  return empty;
}

std::string chat_message::text() const {
  std::size_t n = 0;
  for (const auto& b : content) n += b.text.size();
  std::string out;
  out.reserve(n);
  for (const auto& b : content) out += b.text;
  return out;
}

chat_message chat_message::of(messages::role r, std::string text, bool cache_breakpoint) {
  chat_message m;
  m.role = r;
  m.content.push_back(content_block{std::move(text), cache_breakpoint});
  return m;
}

const char* strategy_name(compression_options::strategy s) {
  switch (s) {
    case compression_options::strategy::uncompressed: return "uncompressed";
    case compression_options::strategy::single_user_coalesced: return "single-user-coalesced";
  }
  return "uncompressed";
}

namespace {
bool same_limits(const lisp::limits& a, const lisp::limits& b) {
  return a.max_steps == b.max_steps && a.timeout_ms == b.timeout_ms && a.max_depth == b.max_depth &&
         a.max_memory_bytes == b.max_memory_bytes && a.max_print_chars == b.max_print_chars &&
         a.max_output_bytes == b.max_output_bytes && a.max_string_bytes == b.max_string_bytes;
}
}  // namespace

// lisp::limits has no operator== (it is lisp/'s type), hence the hand-written comparison.
bool agent_spec::operator==(const agent_spec& o) const {
  return name == o.name && mission == o.mission && description == o.description && tools == o.tools &&
         data == o.data && signature == o.signature && max_turns == o.max_turns &&
         compression == o.compression && same_limits(limits, o.limits) &&
         system_prompt == o.system_prompt && mission_timeout == o.mission_timeout;
}

}  // namespace ptc::messages
