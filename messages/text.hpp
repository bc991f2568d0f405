#pragma once
// Small text helpers for what ptc writes into prompts and error messages.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

namespace ptc::messages {

/// `text` cut to at most `limit` bytes at a UTF-8 character boundary, with "..." appended when
/// anything was cut (so the result may be up to limit + 3 bytes).
std::string cut_utf8(std::string text, std::size_t limit);

/// For a text that may be kept as long as its mission (a shared_text: the prompt's stable
/// prefix, a message's blocks): the room that appending left beyond its end (up to its size
/// again) is given back, so what is kept is the text. A little room (an eighth, or 16 bytes) is left as it is: copying would
/// cost more than it saves.
inline void keep_exact(std::string& text) {
  if (text.capacity() - text.size() > text.size() / 8 + 16) text.shrink_to_fit();
}

/// An immutable text behind one pointer, its size at the start of its block: 8 bytes in what
/// holds it (std::string takes 32), and exactly the text on the heap. For texts that objects
/// kept by the million hold (a turn's response). Copies copy the text. At most 4 GiB - 1 bytes
/// (std::length_error beyond).
class packed_text {
 public:
  packed_text() = default;
  /// The parts joined.
  explicit packed_text(std::string_view a, std::string_view b = {});
  packed_text(const packed_text& o) : packed_text(o.view()) {}
  packed_text(packed_text&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  packed_text& operator=(const packed_text& o) {
    if (this != &o) *this = packed_text(o);
    return *this;
  }
  packed_text& operator=(packed_text&& o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~packed_text() { ::operator delete(p_); }

  std::string_view view() const {
    if (!p_) return {};
    std::uint32_t n;
    std::memcpy(&n, p_, sizeof n);
    return {p_ + sizeof n, n};
  }
  std::size_t size() const { return view().size(); }
  bool empty() const { return size() == 0; }

 private:
  char* p_ = nullptr;  ///< null for ""; else the size (4 bytes), then the text
};

}  // namespace ptc::messages
