#pragma once
// Persistent sets, insertion-ordered for iteration (printing sorts them when their items are
// mutually comparable, see printer.hpp). Same structure and costs as map.hpp.
#include <vector>

#include "lisp/value.hpp"

namespace ptc::lisp {

class set_obj final : public object {
 public:
  static value empty();
  static value from(std::vector<value>&& items);

  std::size_t size() const;
  bool contains(const value& x) const;
  /// The stored item equal to x, or null.
  const value* find(const value& x) const;
  static value conj(value s, value x);
  static value disj(value s, const value& x);

  template <class F>
  bool each(F&& f) const {
    for (const value& v : items())
      if (!f(v)) return false;
    return true;
  }
  std::vector<value> items() const;

  set_obj();
  ~set_obj() override;
  struct impl;

 private:
  impl* impl_;  // owned
};

}  // namespace ptc::lisp
