#pragma once
// The reader: PTC-Lisp source text → forms with line:col. The full syntax of spec/ptc-lisp.md:
// numbers (64-bit integers, doubles, ##Inf ##-Inf ##NaN), strings with Clojure escapes,
// characters, keywords, symbols, lists, vectors, maps, sets, 'x, #(...), #"...", #_ discard,
// ; comments, commas as whitespace. Syntax quote, reader conditionals, tagged literals, metadata
// and @ are rejected with a parse error that says so. Nesting deeper than 512 levels is a
// parse error (never a stack overflow).
#include <string_view>
#include <vector>

#include "lisp/form.hpp"

namespace ptc::lisp {

/// Reads every top-level form. Throws lisp_exception (kind parse, with line:col) on bad input.
std::vector<form> read_program(std::string_view source);

}  // namespace ptc::lisp
