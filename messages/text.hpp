#pragma once
// Small text helpers for what ptc writes into prompts and error messages.
#include <cstddef>
#include <string>

namespace ptc::messages {

/// `text` cut to at most `limit` bytes at a UTF-8 character boundary, with "..." appended when
/// anything was cut (so the result may be up to limit + 3 bytes).
std::string cut_utf8(std::string text, std::size_t limit);

}  // namespace ptc::messages
