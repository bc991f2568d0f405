// Tool calls and println output of the compressed summary (FMT-001..003, FMT-009/010,
// TC-001..008, TRN-006/007/010).
#include "ptc/messages/history.hpp"

#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"

namespace ptc::messages {
namespace {

constexpr std::size_t args_limit = 3;             // TRN-003
constexpr std::size_t args_printable_limit = 60;  // TRN-003

/// The newest `limit` of n entries: the index of the first one shown (FIFO drops the oldest).
std::size_t first_shown(std::size_t n, std::size_t limit, history_counts* counts) {
  const std::size_t shown = std::min(n, limit);
  if (counts) *counts = {n, shown, n - shown};
  return n - shown;
}

}  // namespace

std::string render_tool_call(const lisp::tool_call_record& call) {
  // Arguments are always an object (spec: tool arguments); an empty one renders as "()"
  // (FMT-002: parens even for no-arg calls), not "({})".
  std::string args;
  if (!(call.args.is_object() && call.args.empty())) {
    args = lisp::format_truncated(lisp::from_json(call.args), args_limit, args_printable_limit);
  }
  return call.name + "(" + args + ")";
}

std::string render_tool_calls(std::span<const lisp::tool_call_record> calls, std::size_t limit,
                              history_counts* counts) {
  const std::size_t first = first_shown(calls.size(), limit, counts);
  if (calls.empty()) return "; No tool calls made";  // FMT-003
  std::string out = "; Tool calls:";                 // FMT-001
  // TC-008: a run of consecutive identical calls (same name and args) is one line with "xN".
  std::string pending;
  std::size_t repeats = 0;
  const auto flush = [&] {
    if (repeats == 0) return;
    out += "\n;   " + pending;  // FMT-002
    if (repeats > 1) out += " x" + std::to_string(repeats);
  };
  for (std::size_t i = first; i < calls.size(); ++i) {
    const bool same = repeats > 0 && calls[i].name == calls[i - 1].name &&
                      calls[i].args == calls[i - 1].args;
    if (same) {
      ++repeats;
      continue;
    }
    flush();
    pending = render_tool_call(calls[i]);
    repeats = 1;
  }
  flush();
  return out;
}

std::string render_output(std::span<const std::string_view> prints, std::size_t limit,
                          history_counts* counts) {
  std::string out;
  append_output(out, prints, limit, counts);
  return out;
}

void append_output(std::string& out, std::span<const std::string_view> prints, std::size_t limit,
                   history_counts* counts) {
  const std::size_t first = first_shown(prints.size(), limit, counts);
  if (prints.empty()) return;
  constexpr std::string_view header = "; Output:";  // FMT-009
  std::size_t size = header.size();
  for (std::size_t i = first; i < prints.size(); ++i) size += prints[i].size() + 1;
  out.reserve(out.size() + size);
  out += header;
  for (std::size_t i = first; i < prints.size(); ++i) {
    out += '\n';
    // FMT-010/TRN-007: as printed, no prefix. println's own trailing newline is the line end.
    std::string_view p = prints[i];
    if (p.ends_with('\n')) p.remove_suffix(1);
    out += p;
  }
}

}  // namespace ptc::messages
