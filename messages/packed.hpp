#pragma once
// packed_vector: an immutable array behind one pointer, for the lists that objects kept by the
// million hold (a turn's tool calls, definitions, children); boxed: one optional object so.
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <new>
#include <span>
#include <utility>
#include <vector>

namespace ptc::messages {

/// An immutable array behind one pointer: 8 bytes in what holds it (std::vector takes 24), and
/// on the heap its size and its elements in one block (exactly as many as it holds). Made from
/// a std::vector (a list is built, then frozen); copies copy the elements. Reads as a
/// contiguous range (a span converts from it).
template <typename T>
class packed_vector {
 public:
  using value_type = T;
  using const_iterator = const T*;
  using iterator = const T*;

  packed_vector() = default;
  packed_vector(std::vector<T>&& items) {
    fill(items.size(), [&](T* at, std::size_t i) { new (at) T(std::move(items[i])); });
  }
  packed_vector(const std::vector<T>& items) {
    fill(items.size(), [&](T* at, std::size_t i) { new (at) T(items[i]); });
  }
  packed_vector(std::initializer_list<T> items) {
    fill(items.size(), [&](T* at, std::size_t i) { new (at) T(items.begin()[i]); });
  }
  packed_vector(const packed_vector& o) {
    fill(o.size(), [&](T* at, std::size_t i) { new (at) T(o[i]); });
  }
  packed_vector(packed_vector&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  packed_vector& operator=(const packed_vector& o) {
    if (this != &o) *this = packed_vector(o);
    return *this;
  }
  packed_vector& operator=(packed_vector&& o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~packed_vector() { release(); }

  std::size_t size() const { return p_ ? *reinterpret_cast<const std::size_t*>(p_) : 0; }
  bool empty() const { return p_ == nullptr; }
  const T* data() const { return p_ ? std::launder(reinterpret_cast<const T*>(p_ + offset)) : nullptr; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size(); }
  const T& operator[](std::size_t i) const { return data()[i]; }
  const T& front() const { return data()[0]; }
  const T& back() const { return data()[size() - 1]; }
  std::vector<T> vector() const { return {begin(), end()}; }
  bool operator==(const packed_vector& o) const {
    if (size() != o.size()) return false;
    for (std::size_t i = 0; i < size(); ++i)
      if (!((*this)[i] == o[i])) return false;
    return true;
  }

 private:
  /// The elements start here in the block, after the size.
  static constexpr std::size_t offset =
      (sizeof(std::size_t) + alignof(T) - 1) / alignof(T) * alignof(T);
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__, "over-aligned elements");

  template <typename Make>
  void fill(std::size_t n, Make make) {
    if (n == 0) return;
    char* block = static_cast<char*>(::operator new(offset + n * sizeof(T)));
    T* items = reinterpret_cast<T*>(block + offset);
    std::size_t made = 0;
    try {
      for (; made < n; ++made) make(items + made, made);
    } catch (...) {
      std::destroy_n(items, made);
      ::operator delete(block);
      throw;
    }
    new (block) std::size_t(n);
    p_ = block;
  }
  void release() {
    if (!p_) return;
    std::destroy_n(std::launder(reinterpret_cast<T*>(p_ + offset)), size());
    ::operator delete(p_);
    p_ = nullptr;
  }

  char* p_ = nullptr;  ///< null when empty; else the size, then the elements
};

/// One optional object behind one pointer (8 bytes; std::shared_ptr takes 16), copied with
/// what holds it: for a rare part of objects kept by the million (a failed turn's error).
template <typename T>
class boxed {
 public:
  boxed() = default;
  explicit boxed(T v) : p_(new T(std::move(v))) {}
  boxed(const boxed& o) : p_(o.p_ ? new T(*o.p_) : nullptr) {}
  boxed(boxed&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  boxed& operator=(const boxed& o) {
    if (this != &o) *this = boxed(o);
    return *this;
  }
  boxed& operator=(boxed&& o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~boxed() { delete p_; }

  explicit operator bool() const { return p_ != nullptr; }
  const T& operator*() const { return *p_; }
  const T* operator->() const { return p_; }

 private:
  T* p_ = nullptr;
};

}  // namespace ptc::messages
