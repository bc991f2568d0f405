// ptc_render_bench: what compression does to the messages the LLM reads, per scenario and turn.
// For every LLM call of every scripted scenario (examples/scenarios): bytes of the compressed
// and uncompressed message arrays (all, and without the SYSTEM prompt), the compressed /
// uncompressed ratio of the non-SYSTEM bytes, the share of the compressed array's bytes that
// are identical to the previous call's (a shared prefix a provider cache can reuse), and the
// time to render the call's messages from its turns (median of many renders).
//
// Usage: ptc_render_bench [--scenarios DIR] [--filter NAME] [--repeat N] [--json]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "examples/scenarios/scenario.hpp"

namespace {

using ptc::examples::json;
using ptc::messages::chat_message;

std::size_t bytes(const std::vector<chat_message>& ms, bool with_system) {
  std::size_t n = 0;
  for (const auto& m : ms) {
    if (m.role == ptc::messages::role::system && !with_system) continue;
    n += m.text().size();
  }
  return n;
}

/// The whole array as one text (role markers included), to measure shared prefixes.
std::string flat(const std::vector<chat_message>& ms) {
  std::string s;
  for (const auto& m : ms) {
    s += ptc::messages::role_name(m.role);
    s += '\n';
    s += m.text();
    s += '\n';
  }
  return s;
}

std::size_t common_prefix(const std::string& a, const std::string& b) {
  const auto r = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  return static_cast<std::size_t>(r.first - a.begin());
}

/// Median time to render the messages that follow the first k turns of `run`.
double median_render_us(const ptc::examples::scenario_run& run, std::size_t k, int repeat) {
  std::vector<double> times;
  times.reserve(repeat);
  std::span<const ptc::messages::turn_ptr> turns(run.turns.data(), k);
  std::size_t sink = 0;
  for (int i = 0; i < repeat; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    auto ms = ptc::messages::render_messages(run.agent, turns);
    const auto t1 = std::chrono::steady_clock::now();
    sink += ms.size();
    times.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(times.begin(), times.end());
  if (sink == 0) std::fputs("", stderr);
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path dir = std::filesystem::path(PTC_SOURCE_DIR) / "examples" / "scenarios";
  std::string filter;
  int repeat = 2000;
  bool as_json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--scenarios" && i + 1 < argc) {
      dir = argv[++i];
    } else if (a == "--filter" && i + 1 < argc) {
      filter = argv[++i];
    } else if (a == "--repeat" && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--json") {
      as_json = true;
    } else {
      std::cerr << "usage: ptc_render_bench [--scenarios DIR] [--filter NAME] [--repeat N] [--json]\n";
      return a == "--help" ? 0 : 2;
    }
  }
  json report = json::array();
  if (!as_json) {
    std::printf("%-24s %4s %10s %10s %10s %10s %7s %8s %9s\n", "scenario", "call", "comp B",
                "uncomp B", "comp-sys", "uncomp-sys", "ratio", "prefix%", "render µs");
  }
  for (const auto& sc : ptc::examples::load_scenarios(dir)) {
    const std::string name = sc.value("name", "");
    if (!filter.empty() && name.find(filter) == std::string::npos) continue;
    const auto comp = ptc::examples::play_scenario(sc, true);
    const auto unc = ptc::examples::play_scenario(sc, false);
    const std::size_t calls = std::min(comp.calls.size(), unc.calls.size());
    for (std::size_t k = 0; k < calls; ++k) {
      const std::size_t cb = bytes(comp.calls[k], true), ub = bytes(unc.calls[k], true);
      const std::size_t cn = bytes(comp.calls[k], false), un = bytes(unc.calls[k], false);
      const double ratio = un ? static_cast<double>(cn) / static_cast<double>(un) : 1.0;
      double prefix = 100.0;
      if (k > 0) {
        const std::string now = flat(comp.calls[k]);
        prefix = 100.0 * static_cast<double>(common_prefix(flat(comp.calls[k - 1]), now)) /
                 static_cast<double>(now.size());
      }
      const double us = median_render_us(comp, k, repeat);
      if (as_json) {
        report.push_back({{"scenario", name}, {"call", k + 1}, {"compressed_bytes", cb},
                          {"uncompressed_bytes", ub}, {"compressed_non_system", cn},
                          {"uncompressed_non_system", un}, {"ratio", ratio},
                          {"prefix_share", prefix / 100.0}, {"render_us", us}});
      } else {
        std::printf("%-24s %4zu %10zu %10zu %10zu %10zu %6.1f%% %7.1f%% %9.2f\n", name.c_str(),
                    k + 1, cb, ub, cn, un, 100.0 * ratio, prefix, us);
      }
    }
    // The whole history (every turn of the scenario) rendered in each layout.
    const double all_comp = median_render_us(comp, comp.turns.size(), repeat);
    const double all_unc = median_render_us(unc, unc.turns.size(), repeat);
    if (as_json) {
      report.push_back({{"scenario", name}, {"history_turns", comp.turns.size()},
                        {"render_compressed_us", all_comp}, {"render_uncompressed_us", all_unc}});
    } else {
      std::printf("%-24s all %zu turns rendered: compressed %.2f µs, uncompressed %.2f µs\n",
                  name.c_str(), comp.turns.size(), all_comp, all_unc);
    }
  }
  if (as_json) std::cout << report.dump(1) << "\n";
  return 0;
}
