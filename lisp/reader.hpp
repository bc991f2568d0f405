#pragma once
// The reader: PTC-Lisp source text → forms with line:col. The full syntax of spec/ptc-lisp.md:
// numbers (64-bit integers, doubles, ##Inf ##-Inf ##NaN), strings with Clojure escapes,
// characters, keywords, symbols, lists, vectors, maps, sets, 'x, #(...), #"...", #_ discard,
// ; comments, commas as whitespace. Syntax quote, reader conditionals, tagged literals, metadata
// and @ are rejected with a parse error that says so. Nesting deeper than 512 levels is a
// parse error (never a stack overflow).
#include <string_view>
#include <vector>

#include "ptc/lisp/form.hpp"

namespace ptc::lisp {

/// Reads every top-level form. Throws lisp_exception (kind parse, with line:col) on bad input.
std::vector<form> read_program(std::string_view source);
/// read_program that also gives each top-level form's source text, exactly as written (views
/// into `source`, one per form): a definition keeps the text of the form that made it, so a
/// user namespace can be written out and rebuilt (messages/serialization.hpp).
std::vector<form> read_program(std::string_view source, std::vector<std::string_view>& texts);

/// Reads EDN data text — what pr_str prints for data: nil, booleans, numbers (##Inf, ##NaN),
/// strings, characters, keywords, symbols, lists, vectors, maps, sets, regex — into the value
/// it denotes, without evaluating anything (symbols and lists stay data, as if quoted).
/// Throws lisp_exception (kind parse) on bad input or when the text is not exactly one form.
value read_value(std::string_view edn);

}  // namespace ptc::lisp
