#pragma once
// Small text helpers for what ptc writes into prompts and error messages.
#include <cstddef>
#include <string>

namespace ptc::messages {

/// `text` cut to at most `limit` bytes at a UTF-8 character boundary, with "..." appended when
/// anything was cut (so the result may be up to limit + 3 bytes).
std::string cut_utf8(std::string text, std::size_t limit);

/// For a text kept as long as its mission (a turn's response, the prompt's stable prefix): the
/// room that appending left beyond its end (up to its size again) is given back, so what is
/// kept is the text. A little room (an eighth, or 16 bytes) is left as it is: copying would
/// cost more than it saves.
inline void keep_exact(std::string& text) {
  if (text.capacity() - text.size() > text.size() / 8 + 16) text.shrink_to_fit();
}

}  // namespace ptc::messages
