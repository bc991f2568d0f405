// JSON for PTC-Lisp values and user namespaces (serialization.hpp).
//
// A value is written as {"edn": pr-str text} — read back with lisp::read_value, so keywords,
// sets, lists, characters and symbols survive — plus {"json": ...} when it can be sent as JSON,
// for readers of traces that do not speak EDN. Things that are not data (functions, vars,
// exceptions, ...) cannot be read back: they are written as the string of their printed form.
//
// A user namespace is written as its definitions. Values are EDN; functions are the source
// text of the top-level form that defined them, and reading re-evaluates those forms in
// definition order (without tools or data) against the namespace rebuilt so far.
#include <cstdint>
#include <vector>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/reader.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"
#include "ptc/messages/json_fields.hpp"
#include "ptc/messages/serialization.hpp"

namespace ptc::messages {

using json_detail::at_index;
using json_detail::bad;
using json_detail::fields;

namespace {

bool readable_kind(lisp::type t) {
  switch (t) {
    case lisp::type::nil:
    case lisp::type::boolean:
    case lisp::type::integer:
    case lisp::type::floating:
    case lisp::type::character:
    case lisp::type::string:
    case lisp::type::keyword:
    case lisp::type::symbol:
    case lisp::type::list:
    case lisp::type::vector:
    case lisp::type::map:
    case lisp::type::set:
    case lisp::type::regex:
    case lisp::type::lazy_seq:
      return true;
    default:
      return false;
  }
}

/// True when some part of `v` cannot be read back (a function, a var, ...).
bool needs_cleaning(const lisp::value& v) {
  using lisp::type;
  if (!readable_kind(v.kind())) return true;
  bool found = false;
  auto check = [&](const lisp::value& x) {
    found = needs_cleaning(x);
    return !found;
  };
  switch (v.kind()) {
    case type::vector: v.as<lisp::vector_obj>().each(check); break;
    case type::list:
      for (const auto& x : v.as<lisp::list_obj>())
        if (!check(x)) break;
      break;
    case type::map:
      v.as<lisp::map_obj>().each([&](const lisp::value& k, const lisp::value& x) { return check(k) && check(x); });
      break;
    case type::set: v.as<lisp::set_obj>().each(check); break;
    default: break;
  }
  return found;
}

/// `v` with every part that cannot be read back replaced by the string of its printed form.
lisp::value cleaned(const lisp::value& v) {
  using lisp::type;
  if (!readable_kind(v.kind())) return lisp::make_string(lisp::pr_str(v));
  if (!needs_cleaning(v)) return v;
  switch (v.kind()) {
    case type::vector: {
      std::vector<lisp::value> items = v.as<lisp::vector_obj>().items();
      for (auto& x : items) x = cleaned(x);
      return lisp::vector_obj::from(std::move(items));
    }
    case type::list: {
      std::vector<lisp::value> items;
      items.reserve(v.as<lisp::list_obj>().size());
      for (const auto& x : v.as<lisp::list_obj>()) items.push_back(cleaned(x));
      return lisp::list_obj::from(std::move(items));
    }
    case type::map: {
      std::vector<lisp::map_obj::entry> entries = v.as<lisp::map_obj>().entries();
      for (auto& e : entries) {
        e.first = cleaned(e.first);
        e.second = cleaned(e.second);
      }
      return lisp::map_obj::from(std::move(entries));
    }
    case type::set: {
      std::vector<lisp::value> items = v.as<lisp::set_obj>().items();
      for (auto& x : items) x = cleaned(x);
      return lisp::set_obj::from(std::move(items));
    }
    default: return v;
  }
}

}  // namespace

json value_to_json(const lisp::value& v) {
  json j;
  if (!lisp::parts_within(v, {.cap = max_written_parts, .string_bytes_per_part = 64})) {
    // Outside a run nothing else bounds the work (traces, Steps for other nodes, ptc run's
    // output): a value too large to write is replaced by a string saying so.
    j["edn"] = lisp::pr_str(lisp::make_string(
        "#<value too large to write: more than " + std::to_string(max_written_parts) +
        " parts (shared structure counts each time it is reached)>"));
    j["too_large"] = true;
    return j;
  }
  if (!lisp::nesting_within(v, max_written_depth)) {
    j["edn"] = lisp::pr_str(lisp::make_string("#<value too deep to write: collections nested more than " +
                                              std::to_string(max_written_depth) + " levels deep>"));
    j["too_deep"] = true;
    return j;
  }
  j["edn"] = lisp::pr_str(needs_cleaning(v) ? cleaned(v) : v);
  try {
    j["json"] = lisp::to_json(v);
  } catch (const lisp::lisp_exception&) {
    // Not sendable as JSON (a function, an infinite seq): the EDN text is enough.
  }
  return j;
}

json value_as_plain_json(const lisp::value& v) {
  json j = value_to_json(v);
  if (j.contains("json")) return j["json"];
  return json{{"edn", j["edn"]}};
}

lisp::value value_from_json(const json& j) { return json_detail::value_at(j, "value"); }

json memory_to_json(const lisp::memory& m) {
  json defs = json::array();
  for (const auto& dp : m.defs) {
    const lisp::definition& d = *dp;
    json e{{"name", d.name},
           {"docstring", d.docstring()},
           {"is_function", d.is_function},
           {"params", d.params()},
           {"return_type", d.return_type()}};
    if (d.is_function) {
      e["source"] = d.source();
    } else {
      e["value"] = value_to_json(d.val);
    }
    defs.push_back(std::move(e));
  }
  return json{{"definitions", std::move(defs)}};
}

lisp::memory_ptr memory_from_json(const json& j) { return json_detail::memory_at(j, "memory"); }

namespace json_detail {

lisp::value value_at(const json& j, const std::string& path) {
  if (!j.is_object()) bad(path, "expected an object with \"edn\"");
  fields f(j, path);
  if (const json* edn = f.find("edn")) {
    if (!edn->is_string()) bad(f.path("edn"), "expected a string");
    try {
      return lisp::read_value(edn->get<std::string>());
    } catch (const lisp::lisp_exception& e) {
      bad(f.path("edn"), "not readable: " + e.err().render());
    }
  }
  // Hand-written input may give only JSON.
  if (const json* js = f.find("json")) return lisp::from_json(*js);
  bad(f.path("edn"), "missing");
}

lisp::memory_ptr memory_at(const json& j, const std::string& path) {
  fields f(j, path);
  const json& defs = f.array("definitions");
  const std::string defs_path = f.path("definitions");
  auto m = std::make_shared<lisp::memory>();
  m->defs.reserve(defs.size());
  std::vector<std::size_t> functions;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    fields d(defs[i], at_index(defs_path, i));
    lisp::definition def;
    def.name = d.str("name", true);
    if (def.name.empty()) bad(d.path("name"), "empty");
    if (m->find(def.name)) bad(d.path("name"), "defined twice: " + def.name);
    def.is_function = d.boolean("is_function");
    def.set_details({d.str("docstring"), d.str("params"), d.str("return_type"), d.str("source")});
    if (def.is_function) {
      if (def.source().empty()) bad(d.path("source"), "function " + def.name + " has no source to rebuild it from");
      functions.push_back(i);
    } else if (const json* v = d.find("value")) {
      def.val = value_at(*v, d.path("value"));
    }
    m->defs.push_back(std::make_shared<const lisp::definition>(std::move(def)));
  }
  // Functions are rebuilt in definition order, against the namespace rebuilt so far. A source
  // that needs a function defined later (possible after redefinitions) fails and is retried once
  // the others are in place; one that silently captured a not-yet-rebuilt function
  // ((def f (partial g 1)) with g later) is fixed by a second pass over the complete namespace.
  auto rebuild = [&](std::size_t i, std::string& error) {
    const lisp::definition& def = *m->defs[i];
    lisp::run_options opts;
    opts.mem = m;  // only read during the run; changed between runs
    const lisp::run_result r = lisp::run(def.source(), opts);
    const lisp::definition* made = r.kind == lisp::outcome::error || !r.mem ? nullptr : r.mem->find(def.name);
    if (made && made->is_function && !made->val.is_nil()) {
      auto rebuilt = std::make_shared<lisp::definition>(def);
      rebuilt->val = made->val;
      m->defs[i] = std::move(rebuilt);
      return true;
    }
    error = r.kind == lisp::outcome::error && r.err ? r.err->render() : "its source does not define it";
    return false;
  };
  std::vector<std::size_t> pending = functions;
  while (!pending.empty()) {
    std::vector<std::size_t> retry;
    std::string error;
    for (std::size_t i : pending)
      if (!rebuild(i, error)) retry.push_back(i);
    if (retry.size() == pending.size()) {
      bad(at_index(defs_path, retry.back()) + ".source",
          "function " + m->defs[retry.back()]->name + " could not be rebuilt: " + error);
    }
    pending = std::move(retry);
  }
  if (functions.size() > 1) {
    std::string ignored;  // every source evaluated above; the namespace is only more complete now
    for (std::size_t i : functions) rebuild(i, ignored);
  }
  return m;
}

}  // namespace json_detail

}  // namespace ptc::messages
