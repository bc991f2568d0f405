#pragma once
// The static SYSTEM prompt: a PTC-Lisp reference written for LLMs (the forms and functions we
// support, tool/ and data/ usage, return/fail, println for observation, common mistakes) plus
// the output format (exactly one ```clojure block). Nothing per-run: no tools, data, dates or
// mission, so provider prompt caches reuse it across turns, agents and runs (MSG-006).
#include <string>

#include "ptc/messages/types.hpp"

namespace ptc::messages {

enum class prompt_variant : std::uint8_t {
  single_shot,  ///< max_turns == 1: the program's value (or return) is the answer
  multi_turn,   ///< explore with println, then (return v)
};

/// Deterministic: the same variant and options give the same bytes.
std::string system_prompt(prompt_variant v, const system_prompt_options& opts = {});

}  // namespace ptc::messages
