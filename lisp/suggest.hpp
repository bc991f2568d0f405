#pragma once
// "Did you mean" hints for unknown names, from the real builtin table plus the program's names.
#include <string>
#include <string_view>
#include <vector>

namespace ptc::lisp {

/// A hint for the unknown `name`: "Did you mean: filter" (closest known names), or
/// "Use hyphens, not underscores: group-by" for snake_case. Empty when nothing is close.
std::string suggest_hint(std::string_view name, const std::vector<std::string>& extra_names);

/// Levenshtein distance, capped at `cap` + 1 (cheap early exit).
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t cap);

}  // namespace ptc::lisp
