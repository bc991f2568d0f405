// Agent-loop benchmarks (issue: the actor runtime). Prints figures; asserts nothing about time.
//
//   ptc_agent_bench loop  [--agents N] [--turns T] [--repeat R]   N agents × T turns, zero-latency
//                                                     scripted LLM, R times: median and fastest
//                                                     turns/s and CPU µs per turn
//   ptc_agent_bench scale [--agents N] [--latency-ms L]  N concurrent agents × 3 turns with a
//                                                     simulated LLM latency: wall time, peak
//                                                     RSS, RSS per agent
//   ptc_agent_bench curve [--max N] [--latency-ms L]    scale at 1k, 10k, 100k, 1M agents (up to
//                                                     N), each in a fresh process: one table
//   common: --policy home|sharing|stealing (the scheduler; default: the runtime's, home)
//           --threads N (CAF's scheduler threads and interpreters; default: one per core)
//           --mission-timeout-ms T (0: none; default: the settings' 300,000)
//           --prebuilt (scale, curve: build the N agents first and hand them over, as
//             run_all(std::move(list)); by default each is made as it starts)
//           --only compressed|uncompressed (loop: that history layout alone; default both)
//           --mission-chars C (the mission text's length, default 17: "benchmark mission";
//             real missions run to a few thousand characters, which shows what each agent
//             keeps of its mission)
// Every agent's result is checked, so a fast wrong run cannot pass as a figure.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
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

std::string text_arg(int argc, char** argv, const char* name, std::string def) {
  for (int i = 2; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], name) == 0) return argv[i + 1];
  }
  return def;
}

/// What every mode shares: the scheduler policy and the mission timeout.
struct common_options {
  std::string policy;
  std::optional<std::size_t> mission_timeout_ms;
  std::size_t mission_chars = 0;  ///< 0: "benchmark mission"
  bool prebuilt = false;          ///< scale: the agents built up front and handed over
  std::size_t threads = 0;        ///< scheduler threads; 0: one per core (the runtime's default)
  std::string only;               ///< loop: "compressed" or "uncompressed" alone; "": both
};
common_options common;

int check(const std::vector<messages::step>& steps) {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (!steps[i].ok() || lisp::pr_str(*steps[i].return_value) != std::to_string(2 * i)) ++bad;
  }
  if (bad) std::printf("ERROR: %zu of %zu agents gave a wrong result\n", bad, steps.size());
  return bad ? 1 : 0;
}

/// "benchmark mission", or a text of --mission-chars characters made of it (one per agent,
/// as a program building its agents would make them).
std::string mission_text() {
  std::string m = "benchmark mission";
  if (common.mission_chars == 0) return m;
  while (m.size() < common.mission_chars) m += " and more of the benchmark mission";
  m.resize(common.mission_chars);
  return m;
}

actors::agent bench_agent(std::size_t i, bool compress) {
  return actors::agent("a" + std::to_string(i)).mission(mission_text()).data({{"n", i}}).compress(compress);
}

std::vector<actors::agent> agents(std::size_t n, bool compress) {
  std::vector<actors::agent> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) out.push_back(bench_agent(i, compress));
  return out;
}

actors::runtime_options options(std::size_t turns, std::chrono::milliseconds latency) {
  actors::runtime_options o;
  o.settings = config::defaults();
  o.settings.agent.turn_budget = turns + 1;
  o.script = script(turns);
  o.scripted_latency = latency;
  o.scheduler_policy = common.policy;
  o.threads = common.threads;
  if (common.mission_timeout_ms) o.settings.agent.mission_timeout = std::chrono::milliseconds(*common.mission_timeout_ms);
  return o;
}

/// Each mode runs `repeats` times (the host's speed swings from run to run): the median run
/// and the fastest are printed.
int loop(std::size_t n, std::size_t turns, std::size_t repeats) {
  actors::runtime rt{options(turns, std::chrono::milliseconds(0))};
  int rc = 0;
  repeats = std::max<std::size_t>(repeats, 1);
  for (bool compress : {false, true}) {
    if (!common.only.empty() && common.only != (compress ? "compressed" : "uncompressed")) continue;
    auto list = agents(n, compress);
    rt.run_all(std::span(list).first(std::min<std::size_t>(n, 200)));  // warm-up
    struct timing {
      double wall, cpu;
    };
    std::vector<timing> runs;
    for (std::size_t r = 0; r < repeats; ++r) {
      const double cpu0 = cpu_seconds();
      const auto t0 = clock_type::now();
      auto steps = rt.run_all(list);
      runs.push_back({std::chrono::duration<double>(clock_type::now() - t0).count(), cpu_seconds() - cpu0});
      rc |= check(steps);
    }
    std::sort(runs.begin(), runs.end(), [](const timing& a, const timing& b) { return a.wall < b.wall; });
    const timing& median = runs[runs.size() / 2];
    const double total_turns = double(n) * double(turns);
    std::printf("loop %-12s agents %zu x %zu turns, %zu runs: median %.0f turns/s (%.1f CPU us/turn, wall %.3f s), "
                "fastest %.0f turns/s (%.1f CPU us/turn)\n",
                compress ? "compressed" : "uncompressed", n, turns, runs.size(), total_turns / median.wall,
                median.cpu * 1e6 / total_turns, median.wall, total_turns / runs.front().wall,
                runs.front().cpu * 1e6 / total_turns);
  }
  return rc;
}

struct scale_figures {
  double wall_s = 0;
  double peak_mib = 0;
  double kib_per_agent = 0;
  double turns_per_s = 0;
  int rc = 0;
};

scale_figures measure_scale(std::size_t n, std::size_t latency_ms) {
  actors::runtime rt{options(3, std::chrono::milliseconds(latency_ms))};
  const long rss_before = rss_kib();
  const auto t0 = clock_type::now();
  // By default each agent is made as it starts (run_all(n, make)); --prebuilt builds them all
  // first and hands them over (run_all(std::move(list))). Either way the descriptions are
  // inside the measured span: the figures are everything the batch costs.
  auto steps = common.prebuilt ? rt.run_all(agents(n, true))
                                : rt.run_all(n, [](std::size_t i) { return bench_agent(i, true); });
  scale_figures f;
  f.wall_s = std::chrono::duration<double>(clock_type::now() - t0).count();
  f.rc = check(steps);
  const long peak = peak_rss_kib();
  f.peak_mib = peak / 1024.0;
  f.kib_per_agent = double(peak - rss_before) / double(n);
  f.turns_per_s = 3.0 * double(n) / f.wall_s;
  return f;
}

int scale(std::size_t n, std::size_t latency_ms) {
  const long rss0 = rss_kib();
  const scale_figures f = measure_scale(n, latency_ms);
  std::printf("scale agents %zu x 3 turns, LLM latency %zu ms: wall %.2f s, peak RSS %.1f MiB, "
              "%.2f KiB per agent, %.0f turns/s (%.1f MiB at start)\n",
              n, latency_ms, f.wall_s, f.peak_mib, f.kib_per_agent, f.turns_per_s, rss0 / 1024.0);
  return f.rc;
}

/// Each size in a child process of its own, so that one size's peak RSS and heap do not carry
/// over into the next; the child writes its figures to a pipe.
int curve(std::size_t max_agents, std::size_t latency_ms) {
  std::printf("%10s %10s %12s %14s %12s %10s\n", "agents", "wall s", "peak MiB", "KiB per agent",
              "turns/s", "s per 10k");
  int rc = 0;
  for (std::size_t n = 1000; n <= max_agents; n *= 10) {
    int fds[2];
    if (pipe(fds) != 0) return 1;
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      const scale_figures f = measure_scale(n, latency_ms);
      if (write(fds[1], &f, sizeof f) != sizeof f) _exit(1);
      _exit(f.rc);
    }
    close(fds[1]);
    scale_figures f;
    const bool got = read(fds[0], &f, sizeof f) == sizeof f;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!got || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      std::printf("%10zu   failed (status %d)\n", n, status);
      rc = 1;
      continue;
    }
    std::printf("%10zu %10.2f %12.1f %14.2f %12.0f %10.3f\n", n, f.wall_s, f.peak_mib, f.kib_per_agent,
                f.turns_per_s, f.wall_s * 10000.0 / double(n));
  }
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "loop";
  common.policy = text_arg(argc, argv, "--policy", "");
  if (const std::string t = text_arg(argc, argv, "--mission-timeout-ms", ""); !t.empty())
    common.mission_timeout_ms = std::strtoull(t.c_str(), nullptr, 10);
  common.mission_chars = arg(argc, argv, "--mission-chars", 0);
  common.threads = arg(argc, argv, "--threads", 0);
  common.only = text_arg(argc, argv, "--only", "");
  if (!common.only.empty() && common.only != "compressed" && common.only != "uncompressed") {
    std::fprintf(stderr, "ptc_agent_bench: --only takes compressed or uncompressed, not %s\n", common.only.c_str());
    return 2;
  }
  for (int i = 2; i < argc; ++i) common.prebuilt = common.prebuilt || std::strcmp(argv[i], "--prebuilt") == 0;
  if (mode == "loop") {
    return loop(arg(argc, argv, "--agents", 2000), arg(argc, argv, "--turns", 5), arg(argc, argv, "--repeat", 7));
  }
  if (mode == "scale") {
    return scale(arg(argc, argv, "--agents", 100000), arg(argc, argv, "--latency-ms", 50));
  }
  if (mode == "curve") return curve(arg(argc, argv, "--max", 1000000), arg(argc, argv, "--latency-ms", 50));
  std::fprintf(stderr,
               "usage: ptc_agent_bench loop|scale|curve [--agents N] [--turns T] [--repeat R] [--latency-ms L] [--max N]\n"
               "                       [--policy home|sharing|stealing] [--threads N] [--mission-timeout-ms T] [--mission-chars C]\n"
               "                       [--prebuilt] [--only compressed|uncompressed]\n");
  return 2;
}
