#pragma once
// The order of sorted maps and sets (map.hpp, set.hpp): their comparator, and a sort that
// stays safe when a program's comparator is inconsistent.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp::detail {

/// The comparator a sorted collection keeps: nil for Clojure's `compare` (also when `f` is the
/// builtin compare itself, so the common case never calls a function). Anything but nil or a
/// function is a `type` error, as Clojure cannot use it as a Comparator.
value sorted_comparator(std::string_view fn, value f);

/// Orders a and b by `cmp` (nil: compare_values) as Clojure uses a fn as a Comparator: a number
/// result is truncated to a 32-bit int; a boolean result means "a before b" when true, else
/// (cmp b a) decides between "after" and "equal". Anything else is a `type` error.
int compare_with(const value& cmp, const value& a, const value& b);

/// A stable merge sort that checks every bound itself, so a comparator that contradicts itself
/// gives some order, never undefined behaviour (std::stable_sort assumes a strict weak order).
template <class T, class Less>
void merge_sort(std::vector<T>& items, Less less) {
  std::vector<T> buf(items.size());
  for (std::size_t width = 1; width < items.size(); width *= 2) {
    for (std::size_t lo = 0; lo < items.size(); lo += 2 * width) {
      std::size_t mid = std::min(lo + width, items.size());
      std::size_t hi = std::min(lo + 2 * width, items.size());
      std::size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) buf[k++] = less(items[j], items[i]) ? std::move(items[j++]) : std::move(items[i++]);
      while (i < mid) buf[k++] = std::move(items[i++]);
      while (j < hi) buf[k++] = std::move(items[j++]);
    }
    items.swap(buf);
  }
}

}  // namespace ptc::lisp::detail
