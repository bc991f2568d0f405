// Regex builtins: re-pattern re-find re-matches re-seq regex?. Return shapes are Clojure's:
// a string when the regex has no groups, else [whole g1 ...] with nil for unmatched groups.
#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/regex_match.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

const regex_obj& regex_arg(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is(type::regex)) errors::argument(fn, i, "a regex (#\"...\" or re-pattern)", a[i]);
  return a[i].as<regex_obj>();
}

value re_pattern(context&, std::span<const value> a) {
  if (a[0].is(type::regex)) return a[0];
  return make_regex(arg::string("re-pattern", a, 0));
}

value re_find(context&, std::span<const value> a) {
  const regex_obj& re = regex_arg("re-find", a, 0);
  const std::string& s = arg::string("re-find", a, 1);
  if (!re.literal().empty()) {  // a literal pattern has no groups: the match is the literal
    const std::size_t pos = s.find(re.literal());
    if (s.size() >= 4096) charge_scan(pos == std::string::npos ? s.size() : pos);
    if (pos == std::string::npos) return value::nil();
    return make_string(re.literal(), re.literal().size());
  }
  regex_finder f(re, s);
  return f.next() ? match_value(f) : value::nil();
}

value re_matches(context&, std::span<const value> a) {
  const regex_obj& re = regex_arg("re-matches", a, 0);
  regex_finder f(re, arg::string("re-matches", a, 1));
  return f.match_all() ? match_value(f) : value::nil();
}

value re_seq(context& c, std::span<const value> a) {
  const regex_obj& re = regex_arg("re-seq", a, 0);
  regex_finder f(re, arg::string("re-seq", a, 1));
  std::vector<value> out;
  while (f.next()) {
    c.tick();
    out.push_back(match_value(f));
  }
  if (out.empty()) return value::nil();  // Clojure's re-seq is nil when nothing matches
  return list_obj::from(std::move(out));
}

value regex_p(context&, std::span<const value> a) { return value::boolean(a[0].is(type::regex)); }

constexpr builtin_def regex_table[] = {
    {"re-pattern", 1, 1, re_pattern}, {"re-find", 2, 2, re_find}, {"re-matches", 2, 2, re_matches},
    {"re-seq", 2, 2, re_seq},         {"regex?", 1, 1, regex_p},
};

}  // namespace

void register_regex(builtin_table& t) { t.add("", regex_table); }

}  // namespace ptc::lisp
