#pragma once
// Running the same benchmark programs in JIT-compiled Clojure 1.11 (Debian's `clojure` command)
// for `ptc_bench --vs-clojure`.
//
// Decision: ptc_bench stays the single source of truth. It writes the program texts and the input
// data as EDN (ptc's pr-str is Clojure-readable) to a fresh temporary directory and starts
// `clojure examples/bench/clojure/bench.clj DIR` as a child process; the script compiles each
// program once, warms it up, times it and prints JSON on stdout, which is parsed here. Each
// result comes back as pr-str text so the caller can check both sides did the same work.
#include <cstddef>
#include <string>
#include <vector>

#include "ptc/lisp/value.hpp"

namespace ptc::bench {

struct clojure_program {
  std::string name;
  std::string source;  ///< the PTC-Lisp text, run unchanged except data/KEY → a local
};

struct clojure_measurement {
  std::string name;
  std::size_t reps = 0;
  double median_us = 0;
  double min_us = 0;
  double cpu_mean_us = 0;  ///< CPU time of the whole JVM per call, mean (GC and JIT threads included)
  std::string result;  ///< pr-str of the program's value
  std::string error;   ///< set when Clojure could not compile or run the program
};

struct clojure_outcome {
  bool ran = false;     ///< false: see `problem` (not installed, script missing, bad output)
  std::string problem;
  std::vector<clojure_measurement> results;  ///< in the order of the programs given
};

/// examples/bench/clojure/bench.clj of the source tree this program was compiled from.
std::string default_clojure_script();

/// Full path of `clojure` on PATH, or "" when it is not installed.
std::string find_clojure();

/// Runs `programs` over `data` in Clojure (about 3 s per program; `quick`: about 0.5 s).
/// The child's stderr (progress lines) is passed through to ours.
clojure_outcome run_clojure(const std::vector<clojure_program>& programs, const lisp::value& data,
                            const std::string& script, bool quick);

}  // namespace ptc::bench
