// Text helpers (text.hpp).
#include "ptc/messages/text.hpp"

namespace ptc::messages {

std::string cut_utf8(std::string text, std::size_t limit) {
  if (text.size() <= limit) return text;
  std::size_t end = limit;
  // Back to the start of the character that straddles the cut, unless it ends exactly there.
  std::size_t start = end;
  while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
  if (start < end) end = start;
  text.resize(end);
  text += "...";
  return text;
}

}  // namespace ptc::messages
