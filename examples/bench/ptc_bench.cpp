// ptc_bench: time parse + analyse + evaluate (`ptc::lisp::run`) for typical PTC-Lisp programs.
//
// Each case is warmed up, then repeated until about half a second has passed (adaptive, so fast
// cases get many repetitions and slow ones enough for a stable median). The figures are the
// median and the minimum microseconds per run (wall time), plus the median CPU time of the
// thread, which stays meaningful when other processes compete for the cores. Cases with a target print PASS or MISS next to
// it; a miss never changes the exit status (benchmarks report, they do not assert).
//
// Build in release (RelWithDebInfo, the default) before reading anything into the figures.
//
//   ptc_bench                 all cases, one table on stdout
//   ptc_bench --filter group  only cases whose name contains "group"
//   ptc_bench --quick         fewer repetitions (CI smoke)
//   ptc_bench --json          one JSON document instead of the table
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

#include "lisp/map.hpp"
#include "lisp/printer.hpp"
#include "lisp/run.hpp"
#include "lisp/string.hpp"
#include "lisp/vector.hpp"

namespace {

using namespace ptc::lisp;
using bench_clock = std::chrono::steady_clock;

struct bench_case {
  std::string name;
  std::string source;
  std::optional<double> target_us;  ///< none: reported without a verdict
};

struct options {
  std::string filter;
  bool quick = false;
  bool json = false;
};

struct measurement {
  std::size_t reps = 0;
  double median_us = 0;
  double min_us = 0;
  double cpu_median_us = 0;  ///< thread CPU time: less disturbed by a busy machine
  std::string error;    ///< set when the program did not finish with a value
  std::string preview;  ///< the start of the printed result, as a sanity check
};

/// A small deterministic generator, so every run of the benchmark sees the same data.
class lcg {
 public:
  explicit lcg(std::uint64_t seed) : state_(seed) {}
  std::uint32_t next() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(state_ >> 33);
  }
  std::uint32_t below(std::uint32_t n) { return next() % n; }

 private:
  std::uint64_t state_;
};

/// {:id 1 :customer "c17" :status "shipped" :amount 123.5 :items 3 :region "EU"} × n.
value make_orders(std::size_t n) {
  static const char* statuses[] = {"shipped", "pending", "delivered", "cancelled"};
  static const char* regions[] = {"EU", "US", "APAC", "LATAM"};
  lcg rng(42);
  std::vector<value> orders;
  orders.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<map_obj::entry> e;
    e.reserve(6);
    e.emplace_back(keyword("id"), value::integer(static_cast<std::int64_t>(i + 1)));
    e.emplace_back(keyword("customer"), make_string("c" + std::to_string(rng.below(200))));
    e.emplace_back(keyword("status"), make_string(statuses[rng.below(4)]));
    e.emplace_back(keyword("amount"), value::floating(static_cast<double>(rng.below(100000)) / 2.0 / 10.0));
    e.emplace_back(keyword("items"), value::integer(1 + rng.below(9)));
    e.emplace_back(keyword("region"), make_string(regions[rng.below(4)]));
    orders.push_back(map_obj::from(std::move(e)));
  }
  return vector_obj::from(std::move(orders));
}

/// n short lines of words, e.g. "delta alpha kilo 17".
value make_lines(std::size_t n) {
  static const char* words[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot",
                                "golf",  "hotel", "india",   "juliet", "kilo", "lima"};
  lcg rng(7);
  std::vector<value> lines;
  lines.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::string s;
    std::uint32_t count = 3 + rng.below(4);
    for (std::uint32_t w = 0; w < count; ++w) {
      if (w) s += ' ';
      s += words[rng.below(12)];
    }
    s += ' ';
    s += std::to_string(i);
    lines.push_back(make_string(std::move(s)));
  }
  return vector_obj::from(std::move(lines));
}

std::vector<bench_case> all_cases() {
  return {
      {"add", "(+ 1 2)", 5},
      {"filter-map-reduce 10k orders",
       R"((->> data/orders (filter #(= (:status %) "shipped")) (map :amount) (reduce +)))", 2000},
      {"group-by + sums 10k orders",
       "(->> data/orders (group-by :region)"
       " (map (fn [[k v]] [k (reduce + (map :amount v))])) (into {}))",
       2000},
      {"fib 22 (recursive)", "(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 22)", 4000},
      {"loop/recur to 1,000,000", "(loop [i 0] (if (< i 1000000) (recur (inc i)) i))", 40000},
      {"reduce assoc 100k keys", "(count (reduce (fn [m i] (assoc m i i)) {} (range 100000)))", 60000},
      {"sort-by top 10 of 10k orders", "(->> data/orders (sort-by :amount >) (take 10) (mapv :id))", {}},
      {"frequencies of 10k customers", "(count (frequencies (map :customer data/orders)))", {}},
      {"string split/join/upper 5k lines",
       R"((count (mapv (fn [s] (->> (str/split s #" ") (map str/upper-case) (str/join "-"))) data/lines)))",
       {}},
      {"update-in nested 1k keys",
       "(count (:stats (reduce (fn [m i] (update-in m [:stats (str \"k\" i) :n] (fnil inc 0))) {} (range 1000))))",
       {}},
      {"LLM-style report 10k orders",
       "(let [shipped (filter #(= \"shipped\" (:status %)) data/orders)\n"
       "      by-customer (group-by :customer shipped)\n"
       "      totals (for [[c os] by-customer] {:customer c :total (reduce + (map :amount os)) :n (count os)})]\n"
       "  {:top (take 3 (sort-by :total > totals))\n"
       "   :avg (/ (reduce + (map :amount shipped)) (max 1 (count shipped)))\n"
       "   :per-status (frequencies (map :status data/orders))})",
       {}},
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

measurement measure(const bench_case& bc, const run_options& ro, const options& o) {
  measurement m;
  {
    run_result first = run(bc.source, ro);
    if (first.kind == outcome::error) {
      m.error = first.err->render();
      return m;
    }
    m.preview = pr_str(first.result);
    if (m.preview.size() > 48) m.preview = m.preview.substr(0, 45) + "...";
  }

  const double warmup_us = o.quick ? 20'000 : 100'000;
  const double budget_us = o.quick ? 50'000 : 500'000;
  const std::size_t min_reps = o.quick ? 3 : 10;
  const std::size_t max_reps = 1'000'000;
  const int min_warmups = o.quick ? 1 : 3;

  auto w0 = bench_clock::now();
  for (int i = 0; i < min_warmups || since_us(w0) < warmup_us; ++i) timed_run(bc, ro);

  std::vector<double> wall, cpu;
  auto t0 = bench_clock::now();
  while (wall.size() < max_reps && (wall.size() < min_reps || since_us(t0) < budget_us)) {
    sample s = timed_run(bc, ro);
    wall.push_back(s.wall_us);
    cpu.push_back(s.cpu_us);
  }
  m.reps = wall.size();
  m.median_us = median_of(wall);
  m.min_us = wall.front();
  m.cpu_median_us = median_of(cpu);
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

const char* verdict(const bench_case& bc, const measurement& m) {
  if (!m.error.empty()) return "ERROR";
  if (!bc.target_us) return "";
  return m.median_us <= *bc.target_us ? "PASS" : "MISS";
}

bool parse_args(int argc, char** argv, options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--quick") {
      o.quick = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--filter" && i + 1 < argc) {
      o.filter = argv[++i];
    } else if (a.rfind("--filter=", 0) == 0) {
      o.filter = std::string(a.substr(9));
    } else if (a == "-h" || a == "--help") {
      std::cout << "usage: ptc_bench [--filter SUBSTR] [--quick] [--json]\n";
      std::exit(0);
    } else {
      std::cerr << "ptc_bench: unknown argument " << a << " (try --help)\n";
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  if (!parse_args(argc, argv, o)) return 2;

  // Generated once, outside the timed region; every run reads it as data/orders, data/lines.
  run_options ro;
  ro.data = map_obj::from({{keyword("orders"), make_orders(10'000)}, {keyword("lines"), make_lines(5'000)}});

  std::vector<bench_case> cases;
  for (auto& bc : all_cases())
    if (bc.name.find(o.filter) != std::string::npos) cases.push_back(std::move(bc));
  if (cases.empty()) {
    std::cerr << "ptc_bench: no case matches \"" << o.filter << "\"\n";
    return 2;
  }

  const std::size_t name_w = 34;
  if (!o.json) {
    std::cout << pad("case", name_w) << pad("reps", 9, true) << pad("median µs", 12, true)
              << pad("min µs", 11, true) << pad("cpu µs", 12, true) << pad("target µs", 12, true)
              << "  verdict  result\n";
    std::cout << std::string(name_w + 9 + 12 + 11 + 12 + 12 + 18 + 20, '-') << "\n";
  }

  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& bc : cases) {
    measurement m = measure(bc, ro, o);
    std::string v = verdict(bc, m);
    if (o.json) {
      nlohmann::ordered_json j = {{"name", bc.name},    {"reps", m.reps},   {"median_us", m.median_us},
                          {"min_us", m.min_us}, {"cpu_median_us", m.cpu_median_us},
                          {"verdict", v}};
      j["target_us"] = bc.target_us ? nlohmann::ordered_json(*bc.target_us) : nlohmann::ordered_json(nullptr);
      if (!m.error.empty()) j["error"] = m.error;
      out.push_back(std::move(j));
      continue;
    }
    std::cout << pad(bc.name, name_w);
    if (!m.error.empty()) {
      std::cout << "  ERROR: " << m.error << "\n";
      continue;
    }
    std::cout << pad(std::to_string(m.reps), 9, true) << pad(format_us(m.median_us), 12, true)
              << pad(format_us(m.min_us), 11, true) << pad(format_us(m.cpu_median_us), 12, true)
              << pad(bc.target_us ? format_target(*bc.target_us) : "-", 12, true)
              << "  " << pad(v, 7) << "  " << m.preview << "\n";
    std::cout.flush();
  }
  if (o.json) {
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  // Wall times on a shared machine include waiting for a core; say so rather than mislead.
  double load = 0;
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &load) != 1) load = 0;
    std::fclose(f);
  }
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  if (load > cores)
    std::cout << "\nnote: the machine is busy (load " << fixed(load, 1) << " on " << cores
              << " cores): wall times are inflated; the cpu µs column is the better guide.\n";
  return 0;
}
