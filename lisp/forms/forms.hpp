#pragma once
// The special-form families. Each file adds its forms to the analyzer's table.
#include <string>
#include <unordered_map>

#include "ptc/lisp/analyzer.hpp"
#include "ptc/lisp/builtins/seq_support.hpp"

namespace ptc::lisp::forms {

using table = std::unordered_map<std::string, form_analyzer>;

void add_basic(table& t);      // basic.cpp: quote, do, if, def, var, throw
void add_let(table& t);        // let.cpp: let, loop, recur, letfn, binding helpers
void add_fn(table& t);         // fn.cpp: fn, defn, defn-
void add_cond(table& t);       // cond.cpp: when, if-not, cond, condp, case, and, or, if-let, ...
void add_threading(table& t);  // threading.cpp: -> ->> as-> some-> some->> cond-> cond->> doto
void add_loops(table& t);      // loops.cpp: for, doseq, dotimes, while
void add_try(table& t);        // try.cpp: try, catch, finally

/// Analyses a [name value ...] vector (with destructuring), declaring the names.
std::vector<std::pair<int, node_ptr>> analyze_bindings(analyzer& a, const form& bindings, const char* what);

/// Analyses the parts of a fn after its name: ([params] body...) or (([params] body...) ...).
/// `name` is the fn's own name ("" for anonymous), `from` the index of the first part in f.
node_ptr analyze_fn_parts(analyzer& a, const form& f, std::size_t from, const std::string& name,
                          bool self_named);

/// Builds the template of a fn in the given (possibly pre-seeded) scope.
std::unique_ptr<fn_template> analyze_fn_template(analyzer& a, const form& f, std::size_t from,
                                                 const std::string& name, analyzer::fn_scope& scope);
/// `self_named`: the fn can call itself by its name ((fn me [x] ...), defn).
/// `param_keyword_reads`: analyzer::fn_scope's (its one parameter's keyword lookups).
node_ptr make_fn_node(std::shared_ptr<const fn_template> t, source_pos pos, bool self_named,
                      std::optional<std::vector<node*>> param_keyword_reads = std::nullopt);
/// Whether `n` is a fn literal of one arity with one parameter that cannot call itself by a
/// name ((fn [x] ..), #(.. % ..)); then its body, and in `keyword_reads` the keyword lookups
/// (:k x) with no default that are all its parameter's reads, or null when the parameter is read
/// otherwise too, captured, destructured or written by recur.
bool one_param_fn(const node& n, node*& body, const std::vector<node*>*& keyword_reads);
/// For a fn literal `n` in the function place of a builtin that only calls it ((map (fn [x] ..)
/// xs), (filter #(..) xs)): its closures cannot be reached by anything but that builtin (it has
/// no name to call itself by), so no definition can ever hold one and the type their calls
/// return, which only the user/ section shows, is not recorded. Other nodes are left as they are.
void note_only_called(node& n);

/// Evaluates `n` for iteration: when it is a (range ...) call describing a realised integer
/// list, that range (nothing made); otherwise none, with n's value in `other` (analyzer.cpp).
std::optional<seq_detail::int_range> eval_iterable(const node& n, frame& f, value& other);

/// When `body` is a fused seq pipeline or a seq consumer's call ((reduce f xs), (count xs),
/// (map f xs), ...) whose collection is `read` (a let's one read of the local it bound last, to
/// `bound`, a seq-making call), puts bound in read's place as if written there (its stages then
/// join the pipeline) and empties `bound`; false, with nothing changed, when that could be told
/// apart (analyzer.cpp).
bool join_bound_seq(node_ptr& body, const node* read, node_ptr& bound);

/// (head ...) must have between min and max items after the head (max < 0: no upper bound).
void check_count(const form& f, std::size_t min, long max, const char* usage);

}  // namespace ptc::lisp::forms
