#pragma once
// Forms: what the reader produces and the analyzer consumes. A syntax tree kept apart from
// runtime values so every form, including each symbol occurrence, carries its line:col.
#include <vector>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

enum class form_kind : std::uint8_t {
  literal,     ///< nil, boolean, integer, double, character, string, keyword: `atom` holds it
  symbol,      ///< `atom` is the symbol value
  list,        ///< (a b c)
  vector,      ///< [a b c]
  map,         ///< {k v ...}: items alternate key, value
  set,         ///< #{...}
  fn_literal,  ///< #(...): items are the body list's items; % %1 %& resolved by the analyzer
  regex,       ///< #"...": `atom` is the pattern string
};

struct form {
  form_kind kind = form_kind::literal;
  source_pos pos;
  value atom;
  std::vector<form> items;

  bool is_symbol() const { return kind == form_kind::symbol; }
  /// True when this is the unqualified symbol `name`.
  bool is_symbol(std::string_view name) const;
  bool is_keyword() const { return kind == form_kind::literal && atom.is(type::keyword); }
};

/// The value a quoted form denotes: symbols stay symbols, lists become lists, and so on.
value form_to_value(const form& f);

}  // namespace ptc::lisp
