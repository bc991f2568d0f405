#pragma once
// JSON Schema (as MCP tools describe their inputs and outputs) rendered as a PTC signature.
//
// Context: an MCP tool's `inputSchema` is a JSON Schema object; the LLM reads tools as
// signature lines in the tool/ section: `tool/fs.read_file(path :string, head :int?) -> :any`.
// Signatures know :string :int :float :bool :map :any, [T], {field T} and `?`; JSON Schema knows
// far more (enums, unions, references, formats, bounds, tuples, descriptions).
//
// Decision: what a signature can say goes into the signature; everything else goes into notes,
// one line each, shown under the tool line, so nothing the schema says is dropped silently:
//   - a property's `description` → "path: what it is" (nested: "options.mode: ...");
//   - `enum` / `const` → the base type, and "mode: one of \"r\" \"w\"";
//   - anyOf/oneOf of one type and null, or `type: [T, "null"]` → `T?`;
//   - any other union, `not`, a `$ref` that cannot be resolved in the schema's own $defs or
//     definitions, a tuple, a property name a signature cannot spell (`file.path`) → the
//     fallback: `:any` (or `:map` for the object holding the odd name) and a note with the
//     schema fragment as compact JSON ("filter: schema {\"anyOf\":[...]}", cut at 200 bytes).
// Nesting deeper than 8 levels is a fallback too (a recursive $ref cannot loop).
//
// The other way round (ptc serving its agents over MCP): a signature becomes the JSON Schema of
// the tool's input and output. Every signature type has an exact schema: :string, :keyword →
// string; :int → integer; :float → number; :bool → boolean; :map / {} → object; :any → {};
// [T] → array of T; {field T} → object with those properties (others allowed, as a signature
// allows them), the non-optional ones required; `T?` → T or null (and, as a field or a
// parameter, not required). render_tool_schema(input_schema_of(s), output_schema_of(s.output))
// gives s back.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/messages/signature.hpp"

namespace ptc::messages {

struct schema_rendering {
  std::string signature;           ///< parseable by parse_signature: "(path :string) -> :any"
  std::vector<std::string> notes;  ///< what the signature cannot show, one line each
};

/// Renders a tool's input schema (its properties become parameters; required ones are plain,
/// the rest optional) and output schema (null or absent: `:any`). Ordered JSON: parameters keep
/// the order the server wrote them in.
schema_rendering render_tool_schema(const nlohmann::ordered_json& input_schema, const nlohmann::ordered_json& output_schema);

/// The JSON Schema of one signature type (see above).
nlohmann::ordered_json schema_of(const sig_type& t);
/// The input schema of a signature: an object whose properties are the parameters, in order.
nlohmann::ordered_json input_schema_of(const signature& s);

}  // namespace ptc::messages
