// Agent-loop benchmarks (issue: the actor runtime). Prints figures; asserts nothing about time.
//
//   ptc_agent_bench loop  [--agents N] [--turns T]   N agents × T turns, zero-latency scripted
//                                                     LLM: turns/s and CPU µs per turn
//   ptc_agent_bench scale [--agents N] [--latency-ms L]  N concurrent agents × 3 turns with a
//                                                     simulated LLM latency: wall time, peak
//                                                     RSS, RSS per agent
// Every agent's result is checked, so a fast wrong run cannot pass as a figure.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "ptc/actors/runtime.hpp"
#include "ptc/lisp/printer.hpp"

using namespace ptc;
using clock_type = std::chrono::steady_clock;

namespace {

std::string code(const std::string& program) { return "```clojure\n" + program + "\n```"; }

/// Turn k of T: defines, prints, and returns on the last turn (each depends on the agent's data).
actors::scripted_fn script(std::size_t turns) {
  return [turns](const actors::llm_request& r) -> std::optional<std::string> {
    if (r.turn < turns) {
      return code("(def x" + std::to_string(r.turn) + " (+ data/n " + std::to_string(r.turn) +
                  "))\n(println \"step\" x" + std::to_string(r.turn) + ")");
    }
    if (r.turn == turns) return code("(return (* 2 data/n))");
    return std::nullopt;
  };
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/// Peak resident set (VmHWM) in KiB.
long peak_rss_kib() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return 0;
}

long rss_kib() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return 0;
}

std::size_t arg(int argc, char** argv, const char* name, std::size_t def) {
  for (int i = 2; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], name) == 0) return std::strtoull(argv[i + 1], nullptr, 10);
  }
  return def;
}

int check(const std::vector<messages::step>& steps) {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (!steps[i].ok() || lisp::pr_str(*steps[i].return_value) != std::to_string(2 * i)) ++bad;
  }
  if (bad) std::printf("ERROR: %zu of %zu agents gave a wrong result\n", bad, steps.size());
  return bad ? 1 : 0;
}

std::vector<actors::agent> agents(std::size_t n, bool compress) {
  std::vector<actors::agent> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(actors::agent("a" + std::to_string(i))
                      .mission("benchmark mission")
                      .data({{"n", i}})
                      .compress(compress));
  }
  return out;
}

actors::runtime_options options(std::size_t turns, std::chrono::milliseconds latency) {
  actors::runtime_options o;
  o.settings = config::defaults();
  o.settings.agent.turn_budget = turns + 1;
  o.script = script(turns);
  o.scripted_latency = latency;
  return o;
}

int loop(std::size_t n, std::size_t turns) {
  actors::runtime rt{options(turns, std::chrono::milliseconds(0))};
  int rc = 0;
  for (bool compress : {false, true}) {
    auto list = agents(n, compress);
    rt.run_all(std::span(list).first(std::min<std::size_t>(n, 200)));  // warm-up
    const double cpu0 = cpu_seconds();
    const auto t0 = clock_type::now();
    auto steps = rt.run_all(list);
    const double wall = std::chrono::duration<double>(clock_type::now() - t0).count();
    const double cpu = cpu_seconds() - cpu0;
    rc |= check(steps);
    const double total_turns = double(n) * double(turns);
    std::printf("loop %-12s agents %zu x %zu turns: %.0f turns/s, %.1f CPU us/turn, wall %.3f s\n",
                compress ? "compressed" : "uncompressed", n, turns, total_turns / wall,
                cpu * 1e6 / total_turns, wall);
  }
  return rc;
}

int scale(std::size_t n, std::size_t latency_ms) {
  const long rss0 = rss_kib();
  actors::runtime rt{options(3, std::chrono::milliseconds(latency_ms))};
  auto list = agents(n, true);
  const long rss_before = rss_kib();
  const auto t0 = clock_type::now();
  auto steps = rt.run_all(list);
  const double wall = std::chrono::duration<double>(clock_type::now() - t0).count();
  const int rc = check(steps);
  const long peak = peak_rss_kib();
  std::printf("scale agents %zu x 3 turns, LLM latency %zu ms: wall %.2f s, peak RSS %.1f MiB, "
              "%.2f KiB per agent (above the %.1f MiB before the run; %.1f MiB at start)\n",
              n, latency_ms, wall, peak / 1024.0, double(peak - rss_before) / double(n),
              rss_before / 1024.0, rss0 / 1024.0);
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "loop";
  if (mode == "loop") return loop(arg(argc, argv, "--agents", 2000), arg(argc, argv, "--turns", 5));
  if (mode == "scale") {
    return scale(arg(argc, argv, "--agents", 100000), arg(argc, argv, "--latency-ms", 50));
  }
  std::fprintf(stderr, "usage: ptc_agent_bench loop|scale [--agents N] [--turns T] [--latency-ms L]\n");
  return 2;
}
