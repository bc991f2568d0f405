// The debug view of a Step (debug_view.hpp, DBG-001..005).
//
// It reads the full trace — every turn's whole program, output, tool calls and result — never
// the compressed summaries the LLM got (DBG-005); the compressed view is an option that
// re-renders those messages from the turns (DBG-004). Programs, prints and errors are shown in
// full. Values (tool arguments and results, turn values) are shown readably when short and
// through the truncating printer when long: one tool result can be megabytes.
#include "ptc/messages/debug_view.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <span>
#include <string_view>

#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"

namespace ptc::messages {

namespace {

constexpr std::size_t full_value_chars = 1000;  // longer values are truncated
constexpr std::size_t truncated_items = 10;
constexpr std::size_t truncated_chars = 200;

std::string show(const lisp::value& v) {
  std::string text = lisp::pr_str(v);
  if (text.size() <= full_value_chars) return text;
  return lisp::format_truncated(v, truncated_items, truncated_chars);
}

std::string show_json(const nlohmann::ordered_json& j) {
  try {
    return show(lisp::from_json(j));
  } catch (...) {
    // A value that cannot be turned into a PTC-Lisp value (too deep, ...) still shows.
    return j.dump();
  }
}

/// `text` with every non-empty line prefixed by `indent`; the newlines stay as they are.
std::string indented(std::string_view text, std::string_view indent) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  bool line_start = true;
  for (char c : text) {
    if (line_start && c != '\n') out += indent;
    out += c;
    line_start = c == '\n';
  }
  return out;
}

/// Appends `text` as lines under a label: every line indented, the last one ended.
void append_indented(std::string& out, std::string_view text, std::string_view indent) {
  out += indented(text, indent);
  if (!text.empty() && text.back() != '\n') out += '\n';
  if (text.empty()) out += '\n';
}

std::string millis(std::chrono::microseconds us) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f ms", static_cast<double>(us.count()) / 1000.0);
  return buf;
}

std::string usage_text(const token_usage& u) {
  std::string s = "input " + std::to_string(u.input) + ", output " + std::to_string(u.output) +
                  ", total " + std::to_string(u.total());
  if (u.cache_read || u.cache_write) {
    s += ", cache read " + std::to_string(u.cache_read) + ", cache write " + std::to_string(u.cache_write);
  }
  s += ", requests " + std::to_string(u.requests);
  return s;
}

std::string compression_text(const compression_stats& c) {
  if (!c.enabled) return "off (" + (c.strategy.empty() ? std::string("uncompressed") : c.strategy) + ")";
  std::string s = c.strategy + ": " + std::to_string(c.turns_compressed) + " turns compressed";
  s += "; tool calls " + std::to_string(c.tool_calls_shown) + " shown of " +
       std::to_string(c.tool_calls_total) + " (" + std::to_string(c.tool_calls_dropped) + " dropped)";
  s += "; printlns " + std::to_string(c.printlns_shown) + " shown of " +
       std::to_string(c.printlns_total) + " (" + std::to_string(c.printlns_dropped) + " dropped)";
  s += "; " + std::to_string(c.error_turns_collapsed) + " failed turns collapsed";
  return s;
}

void render_tool_calls(std::string& out, const turn& t) {
  if (t.tool_calls.empty()) return;
  out += "Tool calls:\n";
  for (const auto& call : t.tool_calls) {
    // FMT-002's shape: parentheses always, empty for a call without arguments.
    const bool no_args = call.args.is_null() || (call.args.is_object() && call.args.empty());
    append_indented(out, "-> " + call.name + "(" + (no_args ? std::string() : show_json(call.args)) + ")", "  ");
    if (call.result) {
      append_indented(out, "<- " + show_json(*call.result), "  ");
    } else {
      append_indented(out, "<- error: " + call.error.value_or(""), "  ");
    }
  }
}

void render_outcome(std::string& out, const turn& t) {
  switch (t.outcome) {
    case turn_outcome::value: out += "Value: " + show(t.result) + "\n"; break;
    case turn_outcome::returned: out += "Returned: " + show(t.result) + "\n"; break;
    case turn_outcome::failed: out += "Failed: " + show(t.result) + "\n"; break;
    case turn_outcome::error:
    case turn_outcome::no_code:
    case turn_outcome::invalid_return:
      out += "Error:";
      // A one-line error stays on the label's line; a longer one (a validation message) below.
      if (t.error().find('\n') == std::string::npos) {
        out += " " + t.error() + "\n";
      } else {
        out += "\n";
        append_indented(out, t.error(), "  ");
      }
      break;
  }
}

void render_seen(std::string& out, const std::vector<chat_message>& msgs) {
  out += "LLM saw (" + std::to_string(msgs.size()) + " messages):\n";
  for (const auto& m : msgs) {
    const std::string text = m.text();
    if (m.role == role::system) {
      // The same static text every turn (MSG-006): its size says enough.
      out += "  [system] static system prompt, " + std::to_string(text.size()) + " bytes\n";
      continue;
    }
    out += std::string("  [") + role_name(m.role) + "]\n";
    append_indented(out, text, "    ");
  }
}

std::string step_text(const step& s, const debug_options& o, const prepared_agent* agent);

std::string turn_text(const step& s, std::size_t index, const debug_options& o,
                      const prepared_agent* agent) {
  const turn& t = *s.turns[index];
  std::string out = "--- Turn " + std::to_string(t.number) + " (" + outcome_name(t.outcome) + ") ---\n";
  out += "Program:\n";
  if (t.program().empty()) {
    out += "  (no code found)\n";
  } else {
    append_indented(out, t.program(), "  ");
  }
  render_tool_calls(out, t);
  if (!t.prints.empty()) {
    out += "Output:\n";
    for (const auto& p : t.prints) append_indented(out, p, "  ");
  }
  if (!t.defined.empty()) {
    out += "Defined:";
    for (std::size_t i = 0; i < t.defined.size(); ++i) {
      out += i ? ", " : " ";
      out += t.defined[i];
    }
    out += "\n";
  }
  render_outcome(out, t);
  if (o.raw) {
    out += "Raw response:\n";
    append_indented(out, t.raw_response(), "  ");
  }
  if (o.compressed && agent) {
    render_seen(out, render_messages(*agent, std::span<const turn_ptr>(s.turns).first(index)));
  } else if (o.compressed && o.seen && t.number >= 1 && t.number <= o.seen->size()) {
    render_seen(out, (*o.seen)[t.number - 1]);
  }
  if (o.usage) out += "Usage: " + usage_text(t.usage) + "\n";
  if (o.show_timings) {
    out += "Time: llm " + millis(t.timings.llm()) + ", eval " + millis(t.timings.eval()) + ", tools " +
           millis(t.timings.tools()) + "\n";
  }
  if (o.children) {
    for (const auto& child : t.children) {
      if (!child) continue;
      out += "Sub-agent" + (child->agent_name.empty() ? std::string() : " " + child->agent_name) + ":\n";
      // A child's prepared agent is not at hand, so its compressed view is left out.
      debug_options co = o;
      co.compressed = false;
      co.seen = nullptr;
      out += indented(step_text(*child, co, nullptr), "    ");
    }
  }
  return out;
}

std::string step_text(const step& s, const debug_options& o, const prepared_agent* agent) {
  std::string out;
  if (s.return_value) {
    out += "Step: returned " + show(*s.return_value) + "\n";
  } else if (s.fail) {
    out += std::string("Step: failed (") + reason_name(s.fail->reason) + "): " + s.fail->message + "\n";
    if (!s.fail->details.is_nil()) out += "Details: " + show(s.fail->details) + "\n";
  } else {
    out += "Step: unfinished\n";
  }
  if (!s.agent_name.empty()) out += "Agent: " + s.agent_name + "\n";
  out += "Turns: " + std::to_string(s.turns.size()) + "\n";
  if (o.compressed && !agent && !o.seen) out += "(the compressed view needs the prepared agent)\n";
  for (std::size_t i = 0; i < s.turns.size(); ++i) {
    out += "\n";
    out += turn_text(s, i, o, agent);
  }
  if (o.usage || o.show_timings) out += "\n";
  if (o.usage) {
    out += "Usage: " + usage_text(s.usage) + "\n";
    out += "Compression: " + compression_text(s.compression) + "\n";
  }
  if (o.show_timings) {
    out += "Time: llm " + millis(s.llm_time) + ", eval " + millis(s.eval_time) + ", total " +
           millis(s.duration) + "\n";
  }
  return out;
}

using json = nlohmann::ordered_json;

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::uint64_t number_at(const json& j, const char* a, const char* b = nullptr) {
  const json* x = &j;
  for (const char* key : {a, b}) {
    if (!key) break;
    if (!x->is_object() || !x->contains(key)) return 0;
    x = &(*x)[key];
  }
  return x->is_number_unsigned() || x->is_number_integer() ? x->get<std::uint64_t>() : 0;
}

std::string text_at(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

/// "find-orders, get-product x23": tool names in first-call order with their counts.
std::string tool_names(const json& calls) {
  std::vector<std::pair<std::string, std::size_t>> counts;
  for (const auto& c : calls) {
    const std::string name = text_at(c, "name");
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& p) { return p.first == name; });
    if (it == counts.end()) counts.emplace_back(name, 1);
    else ++it->second;
  }
  std::string out;
  for (const auto& [name, n] : counts)
    out += (out.empty() ? "" : ", ") + name + (n > 1 ? " x" + std::to_string(n) : "");
  return out;
}

}  // namespace

std::string debug_view(const step& s, const debug_options& o, const prepared_agent* agent) {
  return step_text(s, o, agent);
}

std::string turn_progress_line(const json& turn, std::size_t max_turns, std::size_t prompt_size) {
  std::string out = "turn " + std::to_string(number_at(turn, "number"));
  if (max_turns > 0) out += "/" + std::to_string(max_turns);
  const std::string outcome = text_at(turn, "outcome");
  out += ": " + (outcome == "value" ? std::string("ran") : outcome);
  if (!text_at(turn, "error_kind").empty() && text_at(turn, "error_kind") != outcome)
    out += " (" + text_at(turn, "error_kind") + ")";
  const std::size_t prints = turn.contains("prints") ? turn["prints"].size() : 0;
  const json calls = turn.contains("tool_calls") ? turn["tool_calls"] : json::array();
  out += ", " + plural(prints, "println", "printlns");
  out += ", " + plural(calls.size(), "tool call", "tool calls");
  if (!calls.empty()) out += " (" + tool_names(calls) + ")";
  if (prompt_size > 0) out += ", prompt " + std::to_string(prompt_size) + " chars";
  out += ", tokens " + std::to_string(number_at(turn, "usage", "input")) + " in / " +
         std::to_string(number_at(turn, "usage", "output")) + " out";
  const std::uint64_t us = number_at(turn, "timings", "llm_us") +
                           number_at(turn, "timings", "eval_us") +
                           number_at(turn, "timings", "tools_us");
  out += ", " + std::to_string((us + 500) / 1000) + " ms";
  return out;
}

std::string step_summary_line(const messages::step& s, std::size_t turns_ran) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(s.duration).count();
  std::string figures = plural(std::max(s.turns.size(), turns_ran), "turn", "turns") + ", tokens " +
                        std::to_string(s.usage.input) + " in / " + std::to_string(s.usage.output) +
                        " out, " + plural(s.usage.requests, "LLM request", "LLM requests") + ", " +
                        std::to_string(ms) + " ms";
  if (s.ok()) return "done: returned after " + figures;
  return std::string("failed: ") + messages::reason_name(s.fail->reason) + " after " + figures;
}

}  // namespace ptc::messages
