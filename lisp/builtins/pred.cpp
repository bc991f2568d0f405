// Type predicates. What counts as what follows Clojure with PTC's value model: realised
// sequences are lists, so list? and seq? hold for the result of map/filter; map entries are
// 2-item vectors, so map-entry? accepts any 2-item vector.
#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

template <bool (*Test)(const value&)>
value pred(context&, std::span<const value> a) {
  return value::boolean(Test(a[0]));
}

bool is_named(const value& v) { return v.is(type::keyword) || v.is(type::symbol); }
bool has_ns(const value& v) { return !named(v).ns().empty(); }

bool nil_p(const value& v) { return v.is_nil(); }
bool some_p(const value& v) { return !v.is_nil(); }
bool true_p(const value& v) { return v.is(type::boolean) && v.as_bool(); }
bool false_p(const value& v) { return v.is(type::boolean) && !v.as_bool(); }
bool not_p(const value& v) { return !v.truthy(); }
bool truthy(const value& v) { return v.truthy(); }
bool number_p(const value& v) { return v.is_number(); }
bool integer_p(const value& v) { return v.is(type::integer); }
bool double_p(const value& v) { return v.is(type::floating); }
bool never(const value&) { return false; }
bool always(const value&) { return true; }
bool string_p(const value& v) { return v.is(type::string); }
bool keyword_p(const value& v) { return v.is(type::keyword); }
bool symbol_p(const value& v) { return v.is(type::symbol); }
bool map_p(const value& v) { return v.is(type::map); }
bool vector_p(const value& v) { return v.is(type::vector); }
bool list_p(const value& v) { return v.is(type::list); }
bool set_p(const value& v) { return v.is(type::set); }
bool boolean_p(const value& v) { return v.is(type::boolean); }
bool char_p(const value& v) { return v.is(type::character); }
bool fn_p(const value& v) { return v.is(type::function); }
bool seq_p(const value& v) { return v.is(type::list) || v.is(type::lazy_seq); }
bool sequential_p(const value& v) { return seq_p(v) || v.is(type::vector); }
bool coll_p(const value& v) { return sequential_p(v) || v.is(type::map) || v.is(type::set); }
bool associative_p(const value& v) { return v.is(type::map) || v.is(type::vector); }
bool counted_p(const value& v) {
  return v.is(type::list) || v.is(type::vector) || v.is(type::map) || v.is(type::set);
}
bool ifn_p(const value& v) {
  return v.is(type::function) || is_named(v) || v.is(type::map) || v.is(type::set) ||
         v.is(type::vector) || v.is(type::var);
}
bool seqable_p(const value& v) { return v.is_nil() || v.is(type::string) || coll_p(v); }
bool indexed_p(const value& v) { return v.is(type::vector); }
bool map_entry_p(const value& v) { return v.is(type::vector) && v.as<vector_obj>().size() == 2; }
bool nat_int_p(const value& v) { return v.is(type::integer) && v.as_int() >= 0; }
bool pos_int_p(const value& v) { return v.is(type::integer) && v.as_int() > 0; }
bool neg_int_p(const value& v) { return v.is(type::integer) && v.as_int() < 0; }
bool ident_p(const value& v) { return is_named(v); }
bool simple_ident_p(const value& v) { return is_named(v) && !has_ns(v); }
bool qualified_ident_p(const value& v) { return is_named(v) && has_ns(v); }
bool simple_keyword_p(const value& v) { return v.is(type::keyword) && !has_ns(v); }
bool qualified_keyword_p(const value& v) { return v.is(type::keyword) && has_ns(v); }
bool simple_symbol_p(const value& v) { return v.is(type::symbol) && !has_ns(v); }
bool qualified_symbol_p(const value& v) { return v.is(type::symbol) && has_ns(v); }

constexpr builtin_def pred_table[] = {
    {"nil?", 1, 1, pred<nil_p>},
    {"some?", 1, 1, pred<some_p>},
    {"true?", 1, 1, pred<true_p>},
    {"false?", 1, 1, pred<false_p>},
    {"not", 1, 1, pred<not_p>},
    {"boolean", 1, 1, pred<truthy>},
    {"number?", 1, 1, pred<number_p>},
    {"integer?", 1, 1, pred<integer_p>},
    {"int?", 1, 1, pred<integer_p>},
    {"rational?", 1, 1, pred<integer_p>},  // no ratios or decimals: the rationals are the integers
    {"double?", 1, 1, pred<double_p>},
    {"float?", 1, 1, pred<double_p>},
    {"decimal?", 1, 1, pred<never>},
    {"ratio?", 1, 1, pred<never>},
    {"delay?", 1, 1, pred<never>},   // there are no delays
    {"record?", 1, 1, pred<never>},  // nor records
    {"any?", 1, 1, pred<always>},
    {"string?", 1, 1, pred<string_p>},
    {"keyword?", 1, 1, pred<keyword_p>},
    {"symbol?", 1, 1, pred<symbol_p>},
    {"ident?", 1, 1, pred<ident_p>},
    {"map?", 1, 1, pred<map_p>},
    {"vector?", 1, 1, pred<vector_p>},
    {"list?", 1, 1, pred<list_p>},
    {"set?", 1, 1, pred<set_p>},
    {"coll?", 1, 1, pred<coll_p>},
    {"seq?", 1, 1, pred<seq_p>},
    {"sequential?", 1, 1, pred<sequential_p>},
    {"associative?", 1, 1, pred<associative_p>},
    {"counted?", 1, 1, pred<counted_p>},
    {"fn?", 1, 1, pred<fn_p>},
    {"ifn?", 1, 1, pred<ifn_p>},
    {"boolean?", 1, 1, pred<boolean_p>},
    {"char?", 1, 1, pred<char_p>},
    {"map-entry?", 1, 1, pred<map_entry_p>},
    {"nat-int?", 1, 1, pred<nat_int_p>},
    {"pos-int?", 1, 1, pred<pos_int_p>},
    {"neg-int?", 1, 1, pred<neg_int_p>},
    {"seqable?", 1, 1, pred<seqable_p>},
    {"indexed?", 1, 1, pred<indexed_p>},
    {"simple-ident?", 1, 1, pred<simple_ident_p>},
    {"qualified-ident?", 1, 1, pred<qualified_ident_p>},
    {"simple-keyword?", 1, 1, pred<simple_keyword_p>},
    {"qualified-keyword?", 1, 1, pred<qualified_keyword_p>},
    {"simple-symbol?", 1, 1, pred<simple_symbol_p>},
    {"qualified-symbol?", 1, 1, pred<qualified_symbol_p>},
};

}  // namespace

void register_core_pred(builtin_table& t) { t.add("", pred_table); }

}  // namespace ptc::lisp
