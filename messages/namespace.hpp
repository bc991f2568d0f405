#pragma once
// The namespace sections of the USER message (DESIGN §6.1):
//   ;; === tool/ ===
//   tool/search-reviews(category :string) -> :string  ; Reviews for a category
//   ;; === data/ ===
//   data/products  ; list[7], sample: [{:name "Laptop" :price 1200} ...]
//   ;; === user/ (your prelude) ===
//   (fetch-users [category])  ; "Fetches users by category" -> list[5]
//   users  ; "Active users" = list[5], sample: {:name "Alice" ...}
// Types use the TypeVocabulary (TYP-001..012, lisp::type_label); samples the truncating printer
// (TRN-002: limit 3, printable 80). Functions first, then values, each in definition order
// (DEF-008/009); a value shows `, sample: …` only when `has_println` is false (SAM-001/002).
// Each function returns "" for an empty section.
#include <span>
#include <string>

#include "ptc/lisp/value.hpp"
#include "ptc/messages/turn.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::messages {

/// One tool line: `tool/NAME(params) -> out  ; description` (`tool/x() -> :any` without a
/// signature; the description part only when there is one). Each further line of a description
/// of several lines follows as `;   line` (an MCP tool's notes on its schema).
std::string render_tool_line(const tool_spec& t);
std::string render_tool_section(std::span<const tool_spec> tools);
/// `data` is the agent's inputs as a map value (keys in order).
std::string render_data_section(const lisp::value& data);
std::string render_user_section(std::span<const definition_ptr> defs, bool has_println);
/// render_user_section written at the end of `out`.
void append_user_section(std::string& out, std::span<const definition_ptr> defs, bool has_println);

}  // namespace ptc::messages
