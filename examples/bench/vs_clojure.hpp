#pragma once
// Running the same benchmark programs in JIT-compiled Clojure 1.11 (Debian's `clojure` command)
// for `ptc_bench --vs-clojure`.
//
// Decision: ptc_bench stays the single source of truth. It writes the program texts and the input
// data as EDN (ptc's pr-str is Clojure-readable) to a fresh temporary directory and starts
// `clojure examples/bench/clojure/bench.clj DIR` as a child process that serves commands on its
// stdin (warm program I, time program I) with one JSON line each on its stdout. ptc_bench
// alternates timed batches of its own with the child's, so a host whose speed changes from minute
// to minute slows both sides alike. Each result comes back as pr-str text so the caller can check
// both sides did the same work.
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "ptc/lisp/value.hpp"

namespace ptc::bench {

struct clojure_program {
  std::string name;
  std::string source;  ///< the PTC-Lisp text, run unchanged except data/KEY → a local
};

/// One program's figures on the Clojure side (ptc_bench fills it from the session's batches).
struct clojure_measurement {
  std::size_t reps = 0;
  double median_us = 0;
  double min_us = 0;
  double cpu_mean_us = 0;  ///< CPU time of the whole JVM per call, mean (GC and JIT threads included)
  std::string result;  ///< pr-str of the program's value
  std::string error;   ///< set when Clojure could not compile or run the program
};

/// examples/bench/clojure/bench.clj of the source tree this program was compiled from.
std::string default_clojure_script();

/// Full path of `clojure` on PATH, or "" when it is not installed.
std::string find_clojure();

/// The Clojure side running in a child JVM (`clojure SCRIPT DIR`) that compiles, warms up and
/// times the programs one command at a time, so that ptc_bench can time its own side in between:
/// both sides are measured in the same seconds, whatever the machine's speed does meanwhile.
/// The child's stderr (progress lines) is passed through to ours. The destructor ends it.
class clojure_session {
 public:
  /// Starts the child over `programs` and `data` and waits until it has read them; problem()
  /// says why when it could not (not installed, script missing, the JVM failed).
  clojure_session(const std::vector<clojure_program>& programs, const lisp::value& data,
                  const std::string& script);
  ~clojure_session();
  clojure_session(const clojure_session&) = delete;
  clojure_session& operator=(const clojure_session&) = delete;

  bool ok() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }

  struct warmed {
    std::string result;  ///< pr-str of the program's value
    std::string error;   ///< Clojure could not compile or run it (or the session failed)
  };
  /// Compiles program `index`, runs it once for its result and warms it up for `us` µs.
  warmed warm(std::size_t index, double us);

  struct batch {
    std::vector<double> samples_us;  ///< wall µs per call
    double cpu_us = 0;               ///< the whole JVM's CPU µs over the batch
    std::string error;
  };
  /// Timed calls of program `index` (warmed first) for `us` µs, at least 3.
  batch time(std::size_t index, double us);

  /// CPU time the child JVM has used, all its threads (ns; from /proc/PID/task/*/schedstat),
  /// or -1 when it cannot be read.
  double cpu_ns() const;
  /// Waits, at most `max_ms`, until the JVM has used under 0.5 ms of CPU in a 10 ms window:
  /// its collector and compiler threads finish the work of its last batch before ptc's batch
  /// starts (on 2 cores that work would otherwise run beside ptc's and be timed as ptc's).
  /// Returns the ms waited.
  double wait_quiet(double max_ms) const;

 private:
  struct reply;
  reply request(const std::string& line);

  std::string dir_;  ///< the temporary directory holding data.edn and programs.edn
  std::string problem_;
  int pid_ = -1;
  std::FILE* to_child_ = nullptr;
  std::FILE* from_child_ = nullptr;
};

}  // namespace ptc::bench
