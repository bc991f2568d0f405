// Forms as data: what a quoted form denotes.
#include "ptc/lisp/form.hpp"

#include <algorithm>
#include <string>

#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/regex.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {

bool form::is_symbol(std::string_view name) const {
  if (kind != form_kind::symbol) return false;
  const named_obj& n = named(atom);
  return n.ns().empty() && n.name() == name;
}

namespace {

std::vector<value> values_of(const std::vector<form>& items) {
  std::vector<value> out;
  out.reserve(items.size());
  for (const form& f : items) out.push_back(form_to_value(f));
  return out;
}

/// The highest %N used in a #() body (% counts as %1), and whether %& is used.
void scan_params(const form& f, int& max_n, bool& rest) {
  if (f.kind == form_kind::symbol) {
    const named_obj& n = named(f.atom);
    if (!n.ns().empty() || n.name().empty() || n.name()[0] != '%') return;
    std::string_view s = n.name();
    if (s == "%") max_n = std::max(max_n, 1);
    else if (s == "%&") rest = true;
    else if (s.size() <= 3 && std::all_of(s.begin() + 1, s.end(), [](char c) { return c >= '0' && c <= '9'; }))
      max_n = std::max(max_n, std::stoi(std::string(s.substr(1))));
    return;
  }
  for (const form& i : f.items) scan_params(i, max_n, rest);
}

}  // namespace

value form_to_value(const form& f) {
  switch (f.kind) {
    case form_kind::literal:
    case form_kind::symbol:
      return f.atom;
    case form_kind::list:
      return list_obj::from(values_of(f.items));
    case form_kind::vector:
      return vector_obj::from(values_of(f.items));
    case form_kind::set:
      return set_obj::from(values_of(f.items));
    case form_kind::map: {
      std::vector<map_obj::entry> entries;
      entries.reserve(f.items.size() / 2);
      for (std::size_t i = 0; i + 1 < f.items.size(); i += 2)
        entries.emplace_back(form_to_value(f.items[i]), form_to_value(f.items[i + 1]));
      return map_obj::from(std::move(entries));
    }
    case form_kind::regex:
      return make_regex(string_text(f.atom));
    case form_kind::fn_literal: {
      // '#(+ % 1) is (fn* [%1] (+ %1 1)) in Clojure (with generated names); we keep the % names.
      int max_n = 0;
      bool rest = false;
      for (const form& i : f.items) scan_params(i, max_n, rest);
      std::vector<value> params;
      for (int n = 1; n <= max_n; ++n) params.push_back(symbol("%" + std::to_string(n)));
      if (rest) {
        params.push_back(symbol("&"));
        params.push_back(symbol("%&"));
      }
      std::vector<value> fn;
      fn.push_back(symbol("fn*"));
      fn.push_back(vector_obj::from(std::move(params)));
      fn.push_back(list_obj::from(values_of(f.items)));
      return list_obj::from(std::move(fn));
    }
  }
  return {};
}

}  // namespace ptc::lisp
