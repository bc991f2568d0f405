// Text helpers (text.hpp).
#include "ptc/messages/text.hpp"

#include <stdexcept>

namespace ptc::messages {

packed_text::packed_text(std::string_view a, std::string_view b) {
  const std::size_t n = a.size() + b.size();
  if (n == 0) return;
  if (n > UINT32_MAX) throw std::length_error("a packed text of 4 GiB or more");
  const auto size = static_cast<std::uint32_t>(n);
  p_ = static_cast<char*>(::operator new(sizeof size + n));
  std::memcpy(p_, &size, sizeof size);
  if (!a.empty()) std::memcpy(p_ + sizeof size, a.data(), a.size());
  if (!b.empty()) std::memcpy(p_ + sizeof size + a.size(), b.data(), b.size());
}

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
