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

void packed_texts::allocate(std::size_t count, std::size_t chars) {
  if (chars > UINT32_MAX || count > UINT32_MAX) {
    throw std::length_error("a packed list of texts of 4 GiB or more");
  }
  p_ = static_cast<char*>(::operator new((count + 1) * sizeof(std::uint32_t) + chars));
  const auto n = static_cast<std::uint32_t>(count);
  std::memcpy(p_, &n, sizeof n);
}

std::size_t packed_texts::put(std::size_t i, std::size_t end, std::string_view item) {
  char* texts = p_ + (word(0) + 1) * sizeof(std::uint32_t);
  if (!item.empty()) std::memcpy(texts + end, item.data(), item.size());
  end += item.size();
  const auto w = static_cast<std::uint32_t>(end);
  std::memcpy(p_ + (i + 1) * sizeof w, &w, sizeof w);
  return end;
}

packed_texts::packed_texts(const packed_texts& o) {
  if (!o.p_) return;
  const std::size_t n = o.size();
  const std::size_t bytes = (n + 1) * sizeof(std::uint32_t) + o.word(n);
  p_ = static_cast<char*>(::operator new(bytes));
  std::memcpy(p_, o.p_, bytes);
}

bool packed_texts::operator==(const packed_texts& o) const {
  if (size() != o.size()) return false;
  for (std::size_t i = 0; i < size(); ++i)
    if ((*this)[i] != o[i]) return false;
  return true;
}

std::vector<std::string_view> packed_texts::views() const {
  std::vector<std::string_view> out;
  out.reserve(size());
  for (std::string_view item : *this) out.push_back(item);
  return out;
}

std::vector<std::string> packed_texts::strings() const {
  std::vector<std::string> out;
  out.reserve(size());
  for (std::string_view item : *this) out.emplace_back(item);
  return out;
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
