// ptc_bench: time parse + analyse + evaluate (`ptc::lisp::run`) for typical PTC-Lisp programs,
// and optionally the same programs in JIT-compiled Clojure 1.11.
//
// Each case is warmed up, then repeated until about half a second has passed (adaptive, so fast
// cases get many repetitions and slow ones enough for a stable median). The figures are the
// median and the minimum microseconds per run (wall time), plus the median CPU time of the
// thread, which stays meaningful when other processes compete for the cores. Cases with a
// target print PASS or MISS next to it; a miss never changes the exit status (benchmarks
// report, they do not assert).
//
// --vs-clojure then runs every case marked for comparison through examples/bench/clojure/bench.clj
// (same program text, same data; compiled once, warmed up ~2 s), timing both sides again in twenty
// alternating batches of ~60 ms each (so both are measured in the same seconds: this machine's
// speed changes from minute to minute), and prints ptc median | Clojure median | ratio =
// Clojure / ptc (≥ 1.0: ptc at least as fast). Both
// sides' results are compared as pr-str text; a mismatch is printed and makes the exit status 3
// (the two sides did not do the same work, so the ratio means nothing).
//
// Build in release before reading anything into the figures.
//
//   ptc_bench                      all cases, one table on stdout
//   ptc_bench --filter group       only cases whose name contains "group"
//   ptc_bench --quick              fewer repetitions (CI smoke)
//   ptc_bench --json               one JSON document instead of the tables
//   ptc_bench --vs-clojure         also run the compared cases in Clojure (needs `clojure`)
//   ptc_bench --clojure-script P   the Clojure side's script (default: the source tree's)
//   ptc_bench --runs N             exactly N runs per case, no warm-up (for callgrind: fixed work)
//   ptc_bench --program SRC        time this program text instead of the cases (data/orders etc. are there)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <time.h>

#include <nlohmann/json.hpp>

#include "bench_data.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/lisp/string.hpp"
#include "vs_clojure.hpp"

namespace {

using namespace ptc::lisp;
using bench_clock = std::chrono::steady_clock;

/// How a case takes part in --vs-clojure.
enum class versus : std::uint8_t {
  none,  ///< not run in Clojure (too small to time there meaningfully)
  goal,  ///< builtin-heavy: the goal is ptc at least as fast as Clojure (verdict shown)
  info,  ///< compared for information only (interpreter overhead dominates; no verdict)
};

/// Where a case's data comes from.
enum class origin : std::uint8_t {
  prepared,   ///< reads data/orders, data/lines or data/logs (built before timing, as a host passes data)
  generated,  ///< builds its own data inside the program (range -> maps -> ...): allocation-heavy
};

struct bench_case {
  std::string name;
  std::string source;
  std::optional<double> target_us;  ///< none: reported without a verdict
  versus vs = versus::none;
  origin from = origin::prepared;
};

struct options {
  std::string filter;
  bool quick = false;
  bool json = false;
  bool vs_clojure = false;
  std::string clojure_script;
  std::string program;   ///< --program: an ad-hoc case replacing the built-in ones
  std::size_t runs = 0;  ///< fixed number of runs (0: adaptive)
};

struct measurement {
  std::size_t reps = 0;
  double median_us = 0;
  double min_us = 0;
  double cpu_median_us = 0;  ///< thread CPU time: less disturbed by a busy machine
  double cpu_mean_us = 0;    ///< the same, mean (compared with Clojure's, which is only known as a mean)
  std::string error;    ///< set when the program did not finish with a value
  std::string result;   ///< pr-str of the value (compared with Clojure's)
  std::string preview;  ///< the start of the printed result, as a sanity check
};

// The log-analysis program, written the way an LLM writes one: destructure str/split, re-find
// for key=value fields, group and count, sort for top-N, averages.
constexpr const char* log_analysis = R"lisp((let [entries (for [line data/logs
                    :let [[ts level service & _] (str/split line #" ")
                          user (second (re-find #"user=(\d+)" line))
                          ms (second (re-find #"ms=(\d+)" line))]]
                {:hour (subs ts 11 13)
                 :level level
                 :service service
                 :user (when user (parse-long user))
                 :ms (if ms (parse-long ms) 0)})
      errors (filter #(= "ERROR" (:level %)) entries)
      by-service (group-by :service entries)]
  {:total (count entries)
   :by-level (frequencies (map :level entries))
   :by-hour (vec (sort-by key (frequencies (map :hour entries))))
   :errors-by-hour (->> errors (map :hour) frequencies (sort-by key) vec)
   :top-error-users (->> errors
                         (keep :user)
                         frequencies
                         (sort-by (fn [[u n]] [(- n) u]))
                         (take 5)
                         (mapv (fn [[u n]] {:user u :errors n})))
   :avg-ms (/ (reduce + (map :ms entries)) (double (count entries)))
   :avg-ms-by-service (into {} (for [[s es] by-service]
                                 [s (/ (reduce + (map :ms es)) (double (count es)))]))
   :error-rate (/ (double (count errors)) (count entries))}))lisp";

std::vector<bench_case> all_cases() {
  return {
      {"add", "(+ 1 2)", 2},  // issue 18: parse + eval in-process ≤ 2 µs
      {"filter-map-reduce 10k orders",
       R"((->> data/orders (filter #(= (:status %) "shipped")) (map :amount) (reduce +)))", 2000, versus::goal},
      {"group-by + sums 10k orders",
       "(->> data/orders (group-by :region)"
       " (map (fn [[k v]] [k (reduce + (map :amount v))])) (into {}))",
       2000, versus::goal},
      {"reduce assoc 100k keys", "(count (reduce (fn [m i] (assoc m i i)) {} (range 100000)))", 60000,
       versus::info},
      {"sort-by top 10 of 10k orders", "(->> data/orders (sort-by :amount >) (take 10) (mapv :id))", {},
       versus::goal},
      {"frequencies of 10k customers", "(count (frequencies (map :customer data/orders)))", {}, versus::info},
      {"string split/join/upper 5k lines",
       "(let [out (mapv (fn [s] (->> (str/split s #\" \") (map str/upper-case) (str/join \"-\"))) data/lines)]\n"
       "  [(count out) (first out) (last out) (reduce + (map count out))])",
       {}, versus::goal},
      {"update-in/assoc-in nested 1k keys",
       "(let [m (reduce (fn [m i] (assoc-in m [:stats (str \"k\" i) :n] i)) {} (range 1000))\n"
       "      m (reduce (fn [m i] (update-in m [:stats (str \"k\" i) :n] inc)) m (range 1000))\n"
       "      m (reduce (fn [m i] (update-in m [:stats (str \"k\" (mod i 10)) :hits] (fnil inc 0))) m (range 1000))]\n"
       "  [(count (:stats m)) (reduce + (map :n (vals (:stats m)))) (get-in m [:stats \"k7\"])])",
       {}, versus::goal},
      {"log analysis 5k lines", log_analysis, {}, versus::goal},
      {"LLM-style report 10k orders",
       "(let [shipped (filter #(= \"shipped\" (:status %)) data/orders)\n"
       "      by-customer (group-by :customer shipped)\n"
       "      totals (for [[c os] by-customer] {:customer c :total (reduce + (map :amount os)) :n (count os)})]\n"
       "  {:top (take 3 (sort-by :total > totals))\n"
       "   :avg (/ (reduce + (map :amount shipped)) (max 1 (count shipped)))\n"
       "   :per-status (frequencies (map :status data/orders))})",
       {}, versus::info},
      // Generated data: the program builds what it works on, as a new user's programs do.
      {"gen: filter/map/reduce 10k maps",
       "(let [orders (map (fn [i] {:id i :amount (* 1.5 (mod (* i 7919) 1000))\n"
       "                           :status (if (zero? (mod i 3)) \"shipped\" \"pending\")}) (range 10000))]\n"
       "  (->> orders (filter #(= \"shipped\" (:status %))) (map :amount) (reduce +)))",
       {}, versus::goal, origin::generated},
      {"gen: group-by + aggregate 10k maps",
       "(let [rows (mapv (fn [i] {:region (nth [\"EU\" \"US\" \"APAC\" \"LATAM\"] (mod i 4))\n"
       "                          :amount (mod (* i 31) 997)}) (range 10000))]\n"
       "  (->> (group-by :region rows) (map (fn [[k v]] [k (reduce + (map :amount v)) (count v)]))\n"
       "       (sort-by first) vec))",
       {}, versus::goal, origin::generated},
      {"gen: sort-by top 10 of 10k maps",
       "(->> (range 10000) (map (fn [i] {:id i :score (mod (* i 7919) 10007)})) (sort-by :score >)\n"
       "     (take 10) (mapv :id))",
       {}, versus::goal, origin::generated},
      {"gen: string processing 5k lines",
       "(let [lines (map (fn [i] (str \"user-\" i \" logged in from host\" (mod i 17) \".example.com\")) (range 5000))\n"
       "      out (mapv (fn [l] (-> l str/upper-case (str/replace \".\" \"_\") (str/split #\" \") last)) lines)]\n"
       "  [(count (set out)) (reduce + (map count out)) (first (sort out))])",
       {}, versus::goal, origin::generated},
      {"gen: update-in over 1,000 keys",
       "(let [m (reduce (fn [m i] (update-in m [:k (mod i 1000)] (fnil + 0) i)) {} (range 10000))]\n"
       "  [(count (:k m)) (reduce + (vals (:k m))) (get-in m [:k 7])])",
       {}, versus::goal, origin::generated},
      {"gen: log analysis 5k lines",
       "(let [lines (map (fn [i] (str \"2024-01-01T\" (format \"%02d\" (mod i 24)) \":00:00 \"\n"
       "                              (nth [\"INFO\" \"WARN\" \"ERROR\"] (mod i 3)) \" svc\" (mod i 5)\n"
       "                              \" ms=\" (mod (* i 37) 500))) (range 5000))\n"
       "      entries (map (fn [l] (let [[ts lvl svc ms] (str/split l #\" \")]\n"
       "                             {:hour (subs ts 11 13) :level lvl :svc svc :ms (parse-long (subs ms 3))}))\n"
       "                   lines)]\n"
       "  {:by-level (into (sorted-map) (frequencies (map :level entries)))\n"
       "   :slow (count (filter #(> (:ms %) 400) entries))\n"
       "   :by-hour (count (distinct (map :hour entries)))\n"
       "   :by-svc (into (sorted-map) (map (fn [[k v]] [k (apply max (map :ms v))]) (group-by :svc entries)))})",
       {}, versus::goal, origin::generated},
      {"gen: building with conj/assoc/into",
       "(let [v (reduce conj [] (range 20000))\n"
       "      m (reduce (fn [m i] (assoc m (mod i 1000) i)) {} v)\n"
       "      s (into #{} (map #(mod % 777)) v)\n"
       "      w (into [] (filter even?) v)]\n"
       "  [(count v) (count m) (count s) (count w) (get m 7)])",
       {}, versus::goal, origin::generated},
      {"gen: recursion (fib 22)", "(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 22)", 1500,
       versus::info, origin::generated},
      {"gen: loop/recur 1,000,000", "(loop [i 0 acc 0] (if (< i 1000000) (recur (inc i) (+ acc i)) acc))", 15000,
       versus::info, origin::generated},
  };
}

double since_us(bench_clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(bench_clock::now() - t0).count();
}

double thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

struct sample {
  double wall_us;
  double cpu_us;
};

/// One timed run; the result is destroyed inside the timed region (freeing is part of the cost).
/// The run's fibers live on this thread, so the thread's CPU clock sees all of its work.
sample timed_run(const bench_case& bc, const run_options& ro) {
  double c0 = thread_cpu_us();
  auto t0 = bench_clock::now();
  { run_result r = run(bc.source, ro); }
  double wall = since_us(t0);
  return {wall, thread_cpu_us() - c0};
}

double median_of(std::vector<double>& v) {
  std::sort(v.begin(), v.end());
  std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// Runs the case once for its result (untimed); false with m.error set when it failed.
bool first_run(const bench_case& bc, const run_options& ro, const options& o, measurement& m) {
  run_result first = run(bc.source, ro);
  if (first.kind == outcome::error) {
    m.error = first.err->render();
    if (o.runs) std::cerr << bc.name << ": " << m.error << "\n";
    return false;
  }
  m.result = pr_str(first.result);
  m.preview = m.result.size() > 48 ? m.result.substr(0, 45) + "..." : m.result;
  return true;
}

/// Untimed runs for `us` µs, at least `min_runs`.
void warm_up(const bench_case& bc, const run_options& ro, double us, int min_runs) {
  auto w0 = bench_clock::now();
  for (int i = 0; i < min_runs || since_us(w0) < us; ++i) timed_run(bc, ro);
}

/// Timed runs for `budget_us`, at least `min_reps` and at most `max_reps`, appended to the samples.
struct samples {
  std::vector<double> wall, cpu;
  void time(const bench_case& bc, const run_options& ro, double budget_us, std::size_t min_reps,
            std::size_t max_reps) {
    std::size_t n = 0;
    auto t0 = bench_clock::now();
    while (n < max_reps && (n < min_reps || since_us(t0) < budget_us)) {
      sample s = timed_run(bc, ro);
      wall.push_back(s.wall_us);
      cpu.push_back(s.cpu_us);
      ++n;
    }
  }
  /// Reps, medians, min and CPU mean into m.
  void summarise(measurement& m) {
    m.reps = wall.size();
    m.median_us = median_of(wall);
    m.min_us = wall.front();
    double cpu_total = 0;
    for (double c : cpu) cpu_total += c;
    m.cpu_mean_us = cpu_total / static_cast<double>(cpu.size());
    m.cpu_median_us = median_of(cpu);
  }
};

measurement measure(const bench_case& bc, const run_options& ro, const options& o) {
  measurement m;
  if (!first_run(bc, ro, o, m)) return m;
  warm_up(bc, ro, o.runs ? 0 : o.quick ? 20'000 : 100'000, o.runs ? 0 : o.quick ? 1 : 3);
  samples s;
  s.time(bc, ro, o.runs ? 0 : o.quick ? 50'000 : 500'000, o.runs ? o.runs : o.quick ? 3 : 10,
         o.runs ? o.runs : 1'000'000);
  s.summarise(m);
  return m;
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

/// Microseconds with a precision that suits the magnitude.
std::string format_us(double us) { return fixed(us, us < 10 ? 2 : us < 1000 ? 1 : 0); }

/// Targets are whole microseconds.
std::string format_target(double us) { return "≤ " + fixed(us, 0); }

/// Pads to `width` characters (code points, so "µ" and "≤" count once).
std::string pad(std::string s, std::size_t width, bool right = false) {
  std::size_t chars = 0;
  for (unsigned char c : s) chars += (c & 0xC0) != 0x80;
  if (chars >= width) return s;
  std::string fill(width - chars, ' ');
  return right ? fill + s : s + fill;
}

/// The line above the first case of each group in a table.
const char* group_heading(origin o) {
  return o == origin::prepared ? "prepared data (built by the host, read as data/...)"
                               : "generated data (built inside the program)";
}

/// At most `n` characters of `s`, with "..." when cut.
std::string clip(const std::string& s, std::size_t n) { return s.size() <= n ? s : s.substr(0, n) + "..."; }

const char* verdict(const bench_case& bc, const measurement& m) {
  if (!m.error.empty()) return "ERROR";
  if (!bc.target_us) return "";
  return m.median_us <= *bc.target_us ? "PASS" : "MISS";
}

/// "0.61 0.80 1.20" from /proc/loadavg (1, 5 and 15 minutes), or "?".
std::string load_average() {
  double l1 = 0, l5 = 0, l15 = 0;
  FILE* f = std::fopen("/proc/loadavg", "r");
  if (!f) return "?";
  int n = std::fscanf(f, "%lf %lf %lf", &l1, &l5, &l15);
  std::fclose(f);
  if (n != 3) return "?";
  return fixed(l1, 2) + " " + fixed(l5, 2) + " " + fixed(l15, 2);
}

bool parse_args(int argc, char** argv, options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--quick") {
      o.quick = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--vs-clojure") {
      o.vs_clojure = true;
    } else if (a == "--filter" && i + 1 < argc) {
      o.filter = argv[++i];
    } else if (a.rfind("--filter=", 0) == 0) {
      o.filter = std::string(a.substr(9));
    } else if (a == "--runs" && i + 1 < argc) {
      o.runs = std::stoul(argv[++i]);
    } else if (a == "--program" && i + 1 < argc) {
      o.program = argv[++i];
    } else if (a == "--clojure-script" && i + 1 < argc) {
      o.clojure_script = argv[++i];
    } else if (a.rfind("--clojure-script=", 0) == 0) {
      o.clojure_script = std::string(a.substr(17));
    } else if (a == "-h" || a == "--help") {
      std::cout << "usage: ptc_bench [--filter SUBSTR] [--quick] [--json] [--vs-clojure]"
                   " [--clojure-script PATH] [--runs N] [--program SRC]\n";
      std::exit(0);
    } else {
      std::cerr << "ptc_bench: unknown argument " << a << " (try --help)\n";
      return false;
    }
  }
  if (o.clojure_script.empty()) o.clojure_script = ptc::bench::default_clojure_script();
  return true;
}

/// One compared case: ptc's figures and Clojure's, timed in alternating batches.
struct comparison {
  const bench_case* bc;
  measurement ptc;  ///< from the batches alternating with Clojure's (not the table above's)
  std::optional<ptc::bench::clojure_measurement> clj;
  double waited_ms = 0;          ///< waiting for the JVM to go quiet before ptc's batches
  double jvm_during_ptc_ms = 0;  ///< CPU the JVM used while ptc's batches ran
  bool same_result() const { return clj && clj->error.empty() && clj->result == ptc.result; }
  /// Clojure wall time / ptc wall time (medians).
  double ratio() const { return clj && ptc.median_us > 0 ? clj->median_us / ptc.median_us : 0; }
  /// Clojure CPU time (whole JVM) / ptc CPU time (means over the timed runs).
  double cpu_ratio() const { return clj && ptc.cpu_mean_us > 0 ? clj->cpu_mean_us / ptc.cpu_mean_us : 0; }
};

/// Times `row` on both sides: Clojure's program `index` is compiled and warmed up (JIT), ptc's
/// case warmed up again (other cases ran since its table row), then `rounds` rounds of one timed
/// batch per side, alternating which side goes first (ABBA), so that both sides' samples come
/// from the same seconds.
void compare(comparison& row, std::size_t index, ptc::bench::clojure_session& clj, const run_options& ro,
             const options& o) {
  const double clj_warmup_us = o.quick ? 300'000 : 2'000'000;
  const int rounds = o.quick ? 2 : 20;
  const double batch_us = (o.quick ? 200'000.0 : 1'200'000.0) / rounds;
  ptc::bench::clojure_measurement& cm = row.clj.emplace();
  ptc::bench::clojure_session::warmed w = clj.warm(index, clj_warmup_us);
  if (!w.error.empty()) {
    cm.error = w.error;
    return;
  }
  cm.result = std::move(w.result);
  warm_up(*row.bc, ro, o.quick ? 20'000 : 100'000, o.quick ? 1 : 3);
  samples mine;
  std::vector<double> theirs;
  double their_cpu = 0;
  // ptc's batch starts once the JVM is quiet (its collector and compiler may still be working
  // off its last batch: on 2 cores that would run beside ptc's batch and be timed as ptc's);
  // what the JVM still uses during it is counted.
  auto ptc_batch = [&] {
    row.waited_ms += clj.wait_quiet(500);
    const double jvm0 = clj.cpu_ns();
    mine.time(*row.bc, ro, batch_us, 3, 1'000'000);
    const double jvm1 = clj.cpu_ns();
    if (jvm0 >= 0 && jvm1 >= 0) row.jvm_during_ptc_ms += (jvm1 - jvm0) / 1e6;
  };
  for (int r = 0; r < rounds; ++r) {
    const bool ptc_first = r % 4 == 0 || r % 4 == 3;
    if (ptc_first) ptc_batch();
    ptc::bench::clojure_session::batch b = clj.time(index, batch_us);
    if (!b.error.empty()) {
      cm.error = b.error;
      return;
    }
    theirs.insert(theirs.end(), b.samples_us.begin(), b.samples_us.end());
    their_cpu += b.cpu_us;
    if (!ptc_first) ptc_batch();
  }
  mine.summarise(row.ptc);
  cm.reps = theirs.size();
  cm.cpu_mean_us = their_cpu / static_cast<double>(theirs.size());
  cm.min_us = *std::min_element(theirs.begin(), theirs.end());
  cm.median_us = median_of(theirs);
}

/// The 1-minute load average, 0 when unknown.
double load_1min() {
  double load = 0;
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &load) != 1) load = 0;
    std::fclose(f);
  }
  return load;
}

unsigned cores() { return std::max(1u, std::thread::hardware_concurrency()); }

/// On a busy machine wall times mostly measure waiting for a core, so the verdict then goes by
/// CPU time.
std::string comparison_verdict(const comparison& c, bool by_cpu) {
  if (!c.clj) return "not run";
  if (!c.clj->error.empty()) return "CLOJURE ERROR";
  if (!c.same_result()) return "RESULT MISMATCH";
  if (c.bc->vs == versus::info) return "(info)";
  double r = by_cpu ? c.cpu_ratio() : c.ratio();
  return std::string(r >= 1.0 ? "ptc as fast or faster" : "ptc SLOWER") + (by_cpu ? " (by cpu)" : "");
}

/// Prints the comparison table; returns false when some result differed.
bool print_comparison(const std::vector<comparison>& rows, bool quick, bool by_cpu) {
  const std::size_t name_w = 36;
  std::cout << "\nptc vs JIT-compiled Clojure 1.11 (same programs, same data; Clojure compiled once and"
               " warmed up,\nptc timed as read + analyse + evaluate per run; both sides timed again in"
               " alternating batches,\nso the ptc column may differ from the table above)."
               " ratio = Clojure / ptc (≥ 1.0: ptc at least as fast)\n"
               "cpu: mean CPU µs per run; ptc's thread, Clojure's whole JVM (GC and JIT threads included)\n\n";
  std::cout << pad("program", name_w) << pad("ptc µs", 11, true) << pad("Clojure µs", 12, true)
            << pad("ratio", 8, true) << pad("ptc cpu", 11, true) << pad("Clj cpu", 11, true)
            << pad("cpu ratio", 10, true) << "  verdict\n";
  std::cout << std::string(name_w + 11 + 12 + 8 + 11 + 11 + 10 + 24, '-') << "\n";
  bool all_same = true;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const comparison& c = rows[i];
    if (i == 0 || rows[i - 1].bc->from != c.bc->from) std::cout << "[" << group_heading(c.bc->from) << "]\n";
    std::cout << pad(c.bc->name, name_w) << pad(format_us(c.ptc.median_us), 11, true);
    if (c.clj && c.clj->error.empty()) {
      std::cout << pad(format_us(c.clj->median_us), 12, true) << pad(fixed(c.ratio(), 2), 8, true)
                << pad(format_us(c.ptc.cpu_mean_us), 11, true) << pad(format_us(c.clj->cpu_mean_us), 11, true)
                << pad(fixed(c.cpu_ratio(), 2), 10, true);
    } else {
      std::cout << pad("-", 12, true) << pad("-", 8, true) << pad(format_us(c.ptc.cpu_mean_us), 11, true)
                << pad("-", 11, true) << pad("-", 10, true);
    }
    std::cout << "  " << comparison_verdict(c, by_cpu) << "\n";
    if (c.clj && !c.clj->error.empty()) std::cout << "    Clojure: " << c.clj->error << "\n";
    if (c.clj && c.clj->error.empty() && !c.same_result()) {
      all_same = false;
      std::cout << "    !!! the two sides computed different values:\n"
                << "    ptc:     " << clip(c.ptc.result, 300) << "\n"
                << "    Clojure: " << clip(c.clj->result, 300) << "\n";
    }
  }
  double waited = 0, beside = 0;
  bool ran_clojure = false;
  for (const comparison& c : rows) {
    waited += c.waited_ms;
    beside += c.jvm_during_ptc_ms;
    ran_clojure = ran_clojure || (c.clj && c.clj->error.empty());
  }
  std::cout << "\nload average: " << load_average() << " (" << cores() << " cores)";
  if (by_cpu) std::cout << ": busy, so verdicts go by CPU time";
  std::cout << "\n";
  if (ran_clojure)
    std::cout << "ptc's batches waited " << fixed(waited, 0) << " ms in all for the JVM to go quiet (its collector and"
              << " compiler\nfinishing its last batch); the JVM used " << fixed(beside, 1)
              << " ms of CPU while they ran\n";
  if (quick) std::cout << "--quick: Clojure is barely warmed up; its figures are not representative\n";
  if (!all_same) std::cout << "\n!!! RESULT MISMATCH: some programs computed different values in ptc and Clojure\n";
  return all_same;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  if (!parse_args(argc, argv, o)) return 2;

  // Generated once, outside the timed region; every run reads it as data/orders, data/lines, data/logs.
  run_options ro;
  ro.data = map_obj::from({{keyword("orders"), ptc::bench::make_orders(10'000)},
                           {keyword("lines"), ptc::bench::make_lines(5'000)},
                           {keyword("logs"), ptc::bench::make_logs(5'000)}});

  // --runs is for instruction counting under valgrind, which runs ~50 times slower: no time
  // limit, so a slow case is never cut short (a timed-out run would count far less work).
  if (o.runs) ro.lim.timeout_ms = 24ull * 3600 * 1000;

  std::vector<bench_case> cases;
  if (!o.program.empty()) {
    if (o.vs_clojure) {
      std::cerr << "ptc_bench: --program is timed in ptc only (not with --vs-clojure)\n";
      return 2;
    }
    cases.push_back({"program", o.program, {}, versus::none, origin::prepared});
  } else {
    for (auto& bc : all_cases())
      if (bc.name.find(o.filter) != std::string::npos) cases.push_back(std::move(bc));
  }
  if (cases.empty()) {
    std::cerr << "ptc_bench: no case matches \"" << o.filter << "\"\n";
    return 2;
  }

  const std::size_t name_w = 36;
  if (!o.json) {
    std::cout << pad("case", name_w) << pad("reps", 9, true) << pad("median µs", 12, true)
              << pad("min µs", 11, true) << pad("cpu µs", 12, true) << pad("target µs", 12, true)
              << "  verdict  result\n";
    std::cout << std::string(name_w + 9 + 12 + 11 + 12 + 12 + 18 + 20, '-') << "\n";
  }

  std::vector<measurement> results;
  results.reserve(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const bench_case& bc = cases[i];
    const measurement& m = results.emplace_back(measure(bc, ro, o));
    if (o.json) continue;
    if (i == 0 || cases[i - 1].from != bc.from) std::cout << "[" << group_heading(bc.from) << "]\n";
    std::cout << pad(bc.name, name_w);
    if (!m.error.empty()) {
      std::cout << "  ERROR: " << m.error << "\n";
      continue;
    }
    std::cout << pad(std::to_string(m.reps), 9, true) << pad(format_us(m.median_us), 12, true)
              << pad(format_us(m.min_us), 11, true) << pad(format_us(m.cpu_median_us), 12, true)
              << pad(bc.target_us ? format_target(*bc.target_us) : "-", 12, true)
              << "  " << pad(verdict(bc, results.back()), 7) << "  " << m.preview << "\n";
    std::cout.flush();
  }
  if (!o.json) {
    // Wall times on a shared machine include waiting for a core; say so rather than mislead.
    double load = load_1min();
    if (load > cores())
      std::cout << "\nnote: the machine is busy (load " << fixed(load, 1) << " on " << cores()
                << " cores): wall times are inflated; the cpu µs column is the better guide.\n";
  }

  // The comparison, after ptc's table: each compared case timed again, in batches alternating
  // with Clojure's (the JVM idles, blocked on its input, while ptc runs).
  std::vector<comparison> rows;
  bool compared = false;
  if (o.vs_clojure) {
    std::vector<ptc::bench::clojure_program> programs;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (cases[i].vs == versus::none || !results[i].error.empty()) continue;
      rows.push_back({&cases[i], results[i], std::nullopt});
      programs.push_back({cases[i].name, cases[i].source});
    }
    if (!programs.empty()) {
      if (!o.json) std::cout.flush();
      ptc::bench::clojure_session clj(programs, ro.data, o.clojure_script);
      for (std::size_t k = 0; k < rows.size() && clj.ok(); ++k) compare(rows[k], k, clj, ro, o);
      if (clj.ok()) {
        compared = true;
      } else {
        (o.json ? std::cerr : std::cout) << "\nno Clojure comparison: " << clj.problem()
                                         << "; only ptc's figures are shown\n";
        rows.clear();
      }
    }
  }

  bool same = true;
  const bool by_cpu = load_1min() > cores();
  if (o.json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const bench_case& bc = cases[i];
      const measurement& m = results[i];
      nlohmann::ordered_json j = {{"name", bc.name},
                                  {"data", bc.from == origin::prepared ? "prepared" : "generated"},
                                  {"reps", m.reps},
                                  {"median_us", m.median_us},
                                  {"min_us", m.min_us},
                                  {"cpu_median_us", m.cpu_median_us},
                                  {"cpu_mean_us", m.cpu_mean_us},
                                  {"verdict", verdict(bc, m)}};
      j["target_us"] = bc.target_us ? nlohmann::ordered_json(*bc.target_us) : nlohmann::ordered_json(nullptr);
      if (!m.error.empty()) j["error"] = m.error;
      for (const auto& row : rows) {
        if (row.bc != &bc || !row.clj) continue;
        nlohmann::ordered_json c = {{"ptc_median_us", row.ptc.median_us},
                                    {"ptc_cpu_mean_us", row.ptc.cpu_mean_us},
                                    {"reps", row.clj->reps},
                                    {"median_us", row.clj->median_us},
                                    {"min_us", row.clj->min_us},
                                    {"cpu_mean_us", row.clj->cpu_mean_us},
                                    {"ratio", row.ratio()},
                                    {"cpu_ratio", row.cpu_ratio()},
                                    {"same_result", row.same_result()},
                                    {"verdict", comparison_verdict(row, by_cpu)}};
        if (!row.clj->error.empty()) c["error"] = row.clj->error;
        if (row.clj->error.empty() && !row.same_result()) same = false;
        j["clojure"] = std::move(c);
      }
      out.push_back(std::move(j));
    }
    std::cout << out.dump(2) << "\n";
  } else if (compared) {
    same = print_comparison(rows, o.quick, by_cpu);
  }
  return same ? 0 : 3;
}
