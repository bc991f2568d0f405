// The distinct values a builtin has seen (see value_set.hpp).
#include "ptc/lisp/builtins/value_set.hpp"

#include <stdexcept>
#include <utility>

namespace ptc::lisp {
namespace {

constexpr std::uint64_t tag_of(std::uint64_t h) { return h >> 32; }

}  // namespace

std::size_t value_set::find(const value& x, std::uint64_t& slot_value, std::size_t& slot) {
  if (2 * (keys_.size() + 1) > slots_.size()) grow();
  const std::uint64_t h = hash(x);
  const std::uint64_t tag = tag_of(h);
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    const std::uint64_t s = slots_[i];
    if (s == 0) {
      slot = i;
      slot_value = (tag << 32) | (keys_.size() + 1);
      return npos;
    }
    if ((s >> 32) == tag) {
      const std::size_t pos = static_cast<std::uint32_t>(s) - 1;
      if (equal(keys_[pos], x)) return pos;
    }
  }
}

template <class V>
value_set::added value_set::add(V&& x) {
  std::uint64_t slot_value;
  std::size_t slot;
  if (const std::size_t pos = find(x, slot_value, slot); pos != npos) return {pos, false};
  slots_[slot] = slot_value;
  keys_.push_back(std::forward<V>(x));
  return {keys_.size() - 1, true};
}

value_set::added value_set::insert(const value& x) { return add(x); }
value_set::added value_set::insert(value&& x) { return add(std::move(x)); }

std::size_t value_set::free_slot(std::uint64_t h) const {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = h & mask;
  while (slots_[i] != 0) i = (i + 1) & mask;
  return i;
}

void value_set::grow() {
  // Positions are 32 bits: far beyond any memory limit, but an unlimited run must not wrap.
  if (keys_.size() >= 0xFFFF'FFFEu) throw std::length_error("value_set: too many distinct keys");
  slots_.assign(slots_.empty() ? 16 : 2 * slots_.size(), 0);
  for (std::size_t pos = 0; pos < keys_.size(); ++pos) {
    const std::uint64_t h = hash(keys_[pos]);
    slots_[free_slot(h)] = (tag_of(h) << 32) | (pos + 1);
  }
}

}  // namespace ptc::lisp
