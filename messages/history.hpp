#pragma once
// Execution history of the compressed summary (DESIGN §6.1–6.2):
//   ; Tool calls:                      FMT-001
//   ;   search-reviews({:category "Electronics"})     FMT-002, TC-003 (args: TRN-003 limits 3/60)
//   ;   notify({:to "Alice"}) x3       TC-008: consecutive identical calls
//   ; No tool calls made               FMT-003
//   ; Output:                          FMT-009
//   <println text, as is>              FMT-010, TRN-007
// Only the newest `limit` entries are kept (FIFO: TC-002/007, TRN-006/010); the limit counts
// calls, not lines.
#include <span>
#include <string>

#include "ptc/lisp/run.hpp"

namespace ptc::messages {

struct history_counts {
  std::size_t total = 0, shown = 0, dropped = 0;
};

/// "; No tool calls made" when `calls` is empty. `counts` (optional) receives the figures.
std::string render_tool_calls(std::span<const lisp::tool_call_record> calls, std::size_t limit,
                              history_counts* counts = nullptr);
/// "" when there are no prints.
std::string render_output(std::span<const std::string_view> prints, std::size_t limit,
                          history_counts* counts = nullptr);
/// render_output written at the end of `out`.
void append_output(std::string& out, std::span<const std::string_view> prints, std::size_t limit,
                   history_counts* counts = nullptr);
/// One tool call as `name(args)`, args through the TRN-003 formatter.
std::string render_tool_call(const lisp::tool_call_record& call);

}  // namespace ptc::messages
