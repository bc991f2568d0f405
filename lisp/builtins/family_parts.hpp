#pragma once
// Builtin families split over several files register their parts through these (the family's
// register_<family>() in builtin.hpp calls them).
namespace ptc::lisp {

class builtin_table;

/// Part of register_core_coll (coll.cpp): conj, into and the constructors (coll_build.cpp).
void register_core_coll_build(builtin_table& t);
/// Part of register_ptc (ptc.cpp): where, all-of, any-of, none-of (ptc_where.cpp).
void register_ptc_where(builtin_table& t);
/// sorted-map, sorted-set, subseq, rseq, ... (sorted.cpp); registered after register_core_pred,
/// whose sorted? and reversible? it replaces.
void register_core_sorted(builtin_table& t);

}  // namespace ptc::lisp
