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

void packed_texts::pack(const std::vector<std::string_view>& items) {
  if (items.empty()) return;
  std::size_t chars = 0;
  for (std::string_view item : items) chars += item.size();
  const std::size_t words = items.size() + 1;
  if (chars > UINT32_MAX || items.size() > UINT32_MAX) {
    throw std::length_error("a packed list of texts of 4 GiB or more");
  }
  p_ = static_cast<char*>(::operator new(words * sizeof(std::uint32_t) + chars));
  auto put = [this](std::size_t i, std::size_t w) {
    const auto v = static_cast<std::uint32_t>(w);
    std::memcpy(p_ + i * sizeof v, &v, sizeof v);
  };
  put(0, items.size());
  char* out = p_ + words * sizeof(std::uint32_t);
  std::size_t end = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].empty()) std::memcpy(out + end, items[i].data(), items[i].size());
    end += items[i].size();
    put(i + 1, end);
  }
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
