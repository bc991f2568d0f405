#pragma once
// Small text helpers for what ptc writes into prompts and error messages.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ptc::messages {

/// `text` cut to at most `limit` bytes at a UTF-8 character boundary, with "..." appended when
/// anything was cut (so the result may be up to limit + 3 bytes).
std::string cut_utf8(std::string text, std::size_t limit);

/// For a text that may be kept as long as its mission (a shared_text: the prompt's stable
/// prefix, a message's blocks): the room that appending left beyond its end (up to its size
/// again) is given back, so what is kept is the text. A little room (an eighth, or 16 bytes)
/// is left as it is: copying would cost more than it saves.
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


/// An immutable list of texts behind one pointer: 8 bytes in what holds it (a
/// std::vector<std::string> takes 24, and 32 more for each text's std::string), and on the heap
/// the count, each text's end and the texts, back to back. For lists that objects kept by the
/// million hold (a turn's prints, the names it defined). Items read as views. At most 4 GiB - 1
/// bytes in all (std::length_error beyond).
class packed_texts {
 public:
  packed_texts() = default;
  /// The items of `items` (texts or views), read twice: sized, then copied in.
  template <typename Range>
  explicit packed_texts(const Range& items) {
    std::size_t count = 0, chars = 0;
    for (const auto& item : items) {
      ++count;
      chars += std::string_view(item).size();
    }
    if (count == 0) return;
    allocate(count, chars);
    std::size_t i = 0, end = 0;
    for (const auto& item : items) end = put(i++, end, std::string_view(item));
  }
  packed_texts(const packed_texts& o);
  packed_texts(packed_texts&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  packed_texts& operator=(const packed_texts& o) {
    if (this != &o) *this = packed_texts(o);
    return *this;
  }
  packed_texts& operator=(packed_texts&& o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~packed_texts() { ::operator delete(p_); }

  std::size_t size() const { return p_ ? word(0) : 0; }
  bool empty() const { return p_ == nullptr; }
  /// Item i (i < size()).
  std::string_view operator[](std::size_t i) const {
    const std::uint32_t begin = i == 0 ? 0 : word(i);
    return {chars() + begin, word(i + 1) - begin};
  }
  std::vector<std::string_view> views() const;
  std::vector<std::string> strings() const;
  bool operator==(const packed_texts& o) const;

  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using reference = std::string_view;
    using pointer = void;
    iterator() = default;
    iterator(const packed_texts* of, std::size_t i) : of_(of), i_(i) {}
    std::string_view operator*() const { return (*of_)[i_]; }
    iterator& operator++() {
      ++i_;
      return *this;
    }
    iterator operator++(int) {
      iterator was = *this;
      ++i_;
      return was;
    }
    bool operator==(const iterator& o) const { return i_ == o.i_; }

   private:
    const packed_texts* of_ = nullptr;
    std::size_t i_ = 0;
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size()}; }

 private:
  /// The block for `count` items of `chars` in all, its count written.
  void allocate(std::size_t count, std::size_t chars);
  /// Writes item `i` after the texts so far (ending at `end`); returns where it ends.
  std::size_t put(std::size_t i, std::size_t end, std::string_view item);
  /// Word 0 is the count; word i (1..count) is where item i - 1 ends in the texts.
  std::uint32_t word(std::size_t i) const {
    std::uint32_t w;
    std::memcpy(&w, p_ + i * sizeof w, sizeof w);
    return w;
  }
  const char* chars() const { return p_ + (word(0) + 1) * sizeof(std::uint32_t); }

  char* p_ = nullptr;  ///< null for no items
};

}  // namespace ptc::messages
