#pragma once
// The benchmark's input data: generated deterministically (a fixed-seed generator), so every run
// of ptc_bench, and the Clojure side it compares with, sees exactly the same values.
#include <cstddef>

#include "ptc/lisp/value.hpp"

namespace ptc::bench {

/// {:id 1 :customer "c17" :status "shipped" :amount 123.5 :items 3 :region "EU"} × n.
lisp::value make_orders(std::size_t n);

/// n short lines of words, e.g. "delta alpha kilo 17".
lisp::value make_lines(std::size_t n);

/// n log lines through one day, in time order, e.g.
/// "2024-03-15T10:22:01 ERROR payment timeout user=42 ms=1200" (a few without user=).
lisp::value make_logs(std::size_t n);

}  // namespace ptc::bench
