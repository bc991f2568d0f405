// The tool/, data/ and user/ sections (DESIGN §6.1). Lines are "<name>  ; <comment>" with two
// spaces before the semicolon: aligned columns would make every line depend on the longest
// name, so adding one definition would change the bytes of all the others.
#include "ptc/messages/namespace.hpp"

#include <variant>

#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/messages/signature.hpp"

namespace ptc::messages {
namespace {

constexpr std::size_t sample_limit = 3;             // TRN-002
constexpr std::size_t sample_printable_limit = 80;  // TRN-002

void append_line(std::string& out, std::string_view line) {
  if (!out.empty()) out += '\n';
  out += line;
}

}  // namespace

std::string render_tool_line(const tool_spec& t) {
  std::string line = "tool/" + t.name;
  if (t.signature.empty()) {
    line += "() -> :any";
  } else {
    const auto parsed = parse_signature(t.signature);
    if (const auto* sig = std::get_if<signature>(&parsed)) {
      const std::string rendered = render_signature(*sig);
      // render_signature omits "()" for output-only signatures; a tool line always shows the
      // parameter list, as a call would (FMT-002's "always show parens").
      line += rendered.starts_with("(") ? rendered : "() -> " + rendered;
    } else {
      line += "(" + t.signature + ")";  // prepare() rejects these; keep the text if it gets here
    }
  }
  // A description of several lines (an MCP tool's, with the notes on its schema) continues as
  // indented comment lines, so every line of the section stays a comment.
  std::string_view rest = t.description;
  for (bool first = true; !rest.empty(); first = false) {
    const std::size_t end = rest.find('\n');
    std::string_view part = rest.substr(0, end);
    if (!part.empty() && part.back() == '\r') part.remove_suffix(1);
    if (!part.empty()) line += (first ? "  ; " : "\n;   ") + std::string(part);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  return line;
}

std::string render_tool_section(std::span<const tool_spec> tools) {
  if (tools.empty()) return {};
  std::string out = ";; === tool/ ===";
  for (const auto& t : tools) append_line(out, render_tool_line(t));
  return out;
}

std::string render_data_section(const lisp::value& data) {
  if (!data.is(lisp::type::map)) return {};
  const auto& m = data.as<lisp::map_obj>();
  if (m.size() == 0) return {};
  std::string out = ";; === data/ ===";
  m.each([&](const lisp::value& k, const lisp::value& v) {
    std::string line = "data/";
    if (k.is(lisp::type::keyword)) {
      line += lisp::print_str(k).substr(1);  // ":name" → "name"
    } else if (k.is(lisp::type::string)) {
      line += lisp::print_str(k);
    } else {
      line += lisp::pr_str(k);
    }
    line += "  ; " + lisp::type_label(v) + ", sample: " +
            lisp::format_truncated(v, sample_limit, sample_printable_limit);
    append_line(out, line);
    return true;
  });
  return out;
}

std::string render_user_section(std::span<const definition_ptr> defs, bool has_println) {
  std::string out;
  append_user_section(out, defs, has_println);
  return out;
}

void append_user_section(std::string& out, std::span<const definition_ptr> defs, bool has_println) {
  if (defs.empty()) return;
  // Written straight into `out`, sized up front (this runs on every turn of every agent: no
  // string per line).
  constexpr std::string_view header = ";; === user/ (your prelude) ===";
  std::size_t size = header.size();
  for (const auto& dp : defs) {
    const definition_info& d = *dp;
    size += 24 + d.name().size() + d.params().size() + d.docstring().size() + d.return_type().size() +
            d.type_label().size() + d.sample().size();
  }
  out.reserve(out.size() + size);
  out += header;
  // Functions first, then values, each in definition order (DEF-009).
  // A function without known parameters (a builtin or a composed function stored with def)
  // is listed with the values, by its type label (TYP-011).
  const auto listed_as_function = [](const definition_info& d) { return d.is_function() && !d.params().empty(); };
  for (const auto& dp : defs) {
    const definition_info& d = *dp;
    if (!listed_as_function(d)) continue;
    out += "\n(";
    out += d.name();
    out += ' ';
    out += d.params();
    out += ')';
    const bool doc = !d.docstring().empty();
    if (doc) {
      out += "  ; \"";
      out += d.docstring();
      out += '"';
    }
    if (!d.return_type().empty()) {
      out += doc ? " -> " : "  ; -> ";
      out += d.return_type();
    }
  }
  for (const auto& dp : defs) {
    const definition_info& d = *dp;
    if (listed_as_function(d)) continue;
    out += '\n';
    out += d.name();
    out += "  ; ";
    if (!d.docstring().empty()) {
      out += '"';
      out += d.docstring();
      out += "\" ";
    }
    out += "= ";
    out += d.type_label();
    if (!has_println && !d.is_function()) {
      out += ", sample: ";  // SAM-001/002
      out += d.sample();
    }
  }
}

}  // namespace ptc::messages
