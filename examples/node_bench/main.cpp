// Node benchmarks (issue: agents across nodes). Prints figures; asserts nothing about time.
//
//   ptc_node_bench [--runs R] [--agents N] [--turns T] [--scheduler home|sharing|stealing] [--ptc PATH]
//
// Starts real `ptc node` processes on 127.0.0.1 (one scheduler thread each) and prints:
//   overhead    R agents run one after another, 1 turn and T turns each: wall time per run
//               here, on a node with the node's LLM, and on a node with this process's LLM
//               (every turn's LLM call then crosses the network); the remote run's fixed
//               overhead and its extra cost per turn
//   throughput  N agents × T turns spread (round robin) over 1, 2 and 3 node processes:
//               agents/s and turns/s, next to the same agents run in this process
//   tool call   the round trip of one call of a node's tool, calls one after another
//   node RSS    a fresh node's resident memory, and with 1,000 idle connections open
// Each remote figure twice: plaintext, then mutual TLS (certificates from `ptc certs init`).
// The LLM is scripted with zero latency (a file the nodes read, the same answers here).
// Every agent's result is checked, so a fast wrong run cannot pass as a figure.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "ptc/actors/cluster.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/lisp/printer.hpp"
#include "tests/support/local_socket.hpp"
#include "tests/support/node_process.hpp"

using namespace ptc;
using clock_type = std::chrono::steady_clock;
using json = nlohmann::ordered_json;

namespace {

std::string code(const std::string& program) { return "```clojure\n" + program + "\n```"; }

/// Turn k of T: defines and prints; the last returns 2n (each depends on the agent's data).
std::vector<std::string> responses(std::size_t turns) {
  std::vector<std::string> out;
  for (std::size_t k = 1; k < turns; ++k) {
    out.push_back(code("(def x" + std::to_string(k) + " (+ data/n " + std::to_string(k) + "))\n(println \"step\" x" +
                       std::to_string(k) + ")"));
  }
  out.push_back(code("(return (* 2 data/n))"));
  return out;
}

std::string mission(std::size_t turns) { return "bench mission of " + std::to_string(turns) + " turns"; }

/// The script of both the nodes (a file) and this process: missions of 1 and T turns.
json script_json(std::size_t turns) {
  json scripts = json::array();
  for (std::size_t t : {std::size_t{1}, turns}) scripts.push_back({{"match", mission(t)}, {"responses", responses(t)}});
  return json{{"scripts", scripts}};
}

actors::scripted_fn script_fn(std::size_t turns) {
  auto by = std::make_shared<std::vector<std::pair<std::string, std::vector<std::string>>>>();
  for (std::size_t t : {std::size_t{1}, turns}) by->push_back({mission(t), responses(t)});
  return [by](const actors::llm_request& r) -> std::optional<std::string> {
    for (auto it = by->rbegin(); it != by->rend(); ++it) {
      if (r.mission.find(it->first) == std::string::npos) continue;
      if (r.turn == 0 || r.turn > it->second.size()) return std::nullopt;
      return it->second[r.turn - 1];
    }
    return std::nullopt;
  };
}

std::size_t arg(int argc, char** argv, const char* name, std::size_t def) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return std::strtoull(argv[i + 1], nullptr, 10);
  return def;
}

std::string arg_text(int argc, char** argv, const char* name, std::string def) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return argv[i + 1];
  return def;
}

actors::agent bench_agent(std::size_t i, std::size_t turns) {
  return actors::agent("a" + std::to_string(i)).mission(mission(turns)).data({{"n", i}}).max_turns(turns);
}

std::size_t wrong(const std::vector<messages::step>& steps, std::size_t first_n = 0) {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (!steps[i].ok() || lisp::pr_str(*steps[i].return_value) != std::to_string(2 * (first_n + i))) ++bad;
  return bad;
}

/// Mean wall time in µs of `runs` sequential runs of agents made by `make`.
template <class Make>
double sequential_us(actors::runtime& rt, std::size_t runs, Make make, std::size_t& bad) {
  for (std::size_t i = 0; i < 20; ++i) rt.run(make(i));  // warm-up
  const auto t0 = clock_type::now();
  for (std::size_t i = 0; i < runs; ++i) {
    auto s = rt.run(make(i));
    if (!s.ok() || lisp::pr_str(*s.return_value) != std::to_string(2 * i)) ++bad;
  }
  return std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / double(runs);
}

/// Mean round trip in µs of `calls` sequential calls of the node's exchange-rate tool.
double tool_call_us(caf::actor_system& sys, const caf::actor& link, std::size_t calls, std::size_t& bad) {
  caf::scoped_actor self{sys};
  const auto t0 = clock_type::now();
  for (std::size_t i = 0; i < calls; ++i) {
    actors::tool_call c{"exchange-rate", R"({"from": "GBP", "to": "EUR"})", {}};
    self->request(link, std::chrono::seconds(10), actors::tool_atom::value, std::move(c))
        .receive([&](actors::tool_result& r) { bad += r.ok ? 0 : 1; }, [&](caf::error&) { ++bad; });
  }
  return std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / double(calls);
}

/// Opens `n` TCP connections to 127.0.0.1:port that say nothing (as an idle or hostile peer).
std::vector<int> idle_connections(std::uint16_t port, std::size_t n) {
  rlimit lim{};
  ::getrlimit(RLIMIT_NOFILE, &lim);
  lim.rlim_cur = std::max<rlim_t>(lim.rlim_cur, std::min<rlim_t>(lim.rlim_max, n + 512));
  ::setrlimit(RLIMIT_NOFILE, &lim);
  std::vector<int> fds;
  for (std::size_t i = 0; i < n; ++i)
    if (const int fd = testing::connect_local(port); fd >= 0) fds.push_back(fd);
  return fds;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t runs = arg(argc, argv, "--runs", 300);
  const std::size_t n = arg(argc, argv, "--agents", 3000);
  const std::size_t turns = std::max<std::size_t>(2, arg(argc, argv, "--turns", 5));
  const std::string ptc = arg_text(argc, argv, "--ptc", PTC_BINARY);
  const std::string policy = arg_text(argc, argv, "--scheduler", "home");

  const auto dir = std::filesystem::temp_directory_path() / ("ptc_node_bench_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto script_path = dir / "script.json";
  std::ofstream(script_path) << script_json(turns).dump();
  // Certificates for the TLS half (the same command a user runs).
  const std::string pki = (dir / "pki").string();
  if (std::system((ptc + " certs init " + pki + " >/dev/null").c_str()) != 0) {
    std::fprintf(stderr, "ptc certs init failed\n");
    return 1;
  }

  actors::runtime_options o;
  o.settings = config::defaults();
  o.settings.agent.turn_budget = turns + 1;
  o.script = script_fn(turns);
  o.threads = 2;
  o.network = true;
  o.scheduler_policy = policy;
  std::size_t bad = 0;
  std::printf("machine: %u hardware threads; nodes: 3 `ptc node --threads 1` processes on 127.0.0.1; "
              "scheduler: %s\n",
              std::thread::hardware_concurrency(), policy.c_str());
  std::vector<actors::agent> list;
  for (std::size_t i = 0; i < n; ++i) list.push_back(bench_agent(i, turns));
  {
    actors::runtime rt{o};
    const auto t0 = clock_type::now();
    auto steps = rt.run_all(list);
    const double wall = std::chrono::duration<double>(clock_type::now() - t0).count();
    bad += wrong(steps);
    std::printf("throughput here (2 scheduler threads): %zu agents x %zu turns in %.2f s: %.0f agents/s, %.0f turns/s\n",
                n, turns, wall, double(n) / wall, double(n * turns) / wall);
  }
  for (bool tls : {false, true}) {
    const char* mode = tls ? "TLS" : "plaintext";
    std::vector<std::string> args{"--script", script_path.string(), "--scheduler", policy};
    if (tls) args.insert(args.end(), {"--tls-cert", pki + "/node.pem", "--tls-key", pki + "/node.key", "--tls-ca", pki + "/ca.pem"});
    std::vector<std::unique_ptr<testing::node_process>> nodes;
    for (int i = 0; i < 3; ++i) nodes.push_back(std::make_unique<testing::node_process>(ptc, 0, args));
    o.settings.node.tls = tls ? config::node_settings::tls_files{pki + "/client.pem", pki + "/client.key", pki + "/ca.pem"}
                              : config::node_settings::tls_files{};
    {
      actors::runtime rt{o};
      std::vector<actors::node_address> first{{"127.0.0.1", nodes[0]->port()}};
      actors::cluster one{rt, first};
      const auto link = one.node(0);
      double local[2], node_llm[2], caller_llm[2];
      const std::size_t counts[2] = {1, turns};
      for (int k = 0; k < 2; ++k) {
        const std::size_t t = counts[k];
        local[k] = sequential_us(rt, runs, [&](std::size_t i) { return bench_agent(i, t); }, bad);
        node_llm[k] = sequential_us(rt, runs, [&](std::size_t i) { return bench_agent(i, t).on(link); }, bad);
        caller_llm[k] =
            sequential_us(rt, runs, [&](std::size_t i) { return bench_agent(i, t).llm(rt.llm()).on(link); }, bad);
        std::printf("[%s] overhead %zu-turn agent, %zu runs one after another: here %.0f us, on a node %.0f us "
                    "(node's LLM), %.0f us (this process's LLM)\n",
                    mode, t, runs, local[k], node_llm[k], caller_llm[k]);
      }
      const double extra_turns = double(turns - 1);
      std::printf("[%s] overhead remote run, node's LLM: +%.0f us per run, %+.1f us per further turn\n", mode,
                  node_llm[0] - local[0], ((node_llm[1] - local[1]) - (node_llm[0] - local[0])) / extra_turns);
      std::printf("[%s] overhead remote run, this process's LLM: +%.0f us per run, %+.1f us per further turn\n", mode,
                  caller_llm[0] - local[0], ((caller_llm[1] - local[1]) - (caller_llm[0] - local[0])) / extra_turns);
      tool_call_us(rt.system(), link, 200, bad);  // warm-up
      std::printf("[%s] tool call through a node, %zu one after another: %.0f us per call\n", mode, runs * 10,
                  tool_call_us(rt.system(), link, runs * 10, bad));
    }
    {
      actors::runtime rt{o};
      for (std::size_t k = 1; k <= 3; ++k) {
        std::vector<actors::node_address> addrs;
        for (std::size_t i = 0; i < k; ++i) addrs.push_back({"127.0.0.1", nodes[i]->port()});
        actors::cluster c{rt, addrs};
        c.run_all(std::span(list).first(std::min<std::size_t>(n, 300)));  // warm-up
        const auto t1 = clock_type::now();
        auto remote = c.run_all(list);
        const double w = std::chrono::duration<double>(clock_type::now() - t1).count();
        bad += wrong(remote);
        std::printf("[%s] throughput %zu node process%s: %zu agents x %zu turns in %.2f s: %.0f agents/s, %.0f turns/s\n",
                    mode, k, k == 1 ? "" : "es", n, turns, w, double(n) / w, double(n * turns) / w);
      }
    }
    {
      // A node's memory with 1,000 connections that never finish a handshake (most are closed
      // at once: at most 64 may wait; the rest at the handshake timeout).
      testing::node_process fresh(ptc, 0, args);
      const std::size_t before = fresh.rss_kib();
      auto fds = idle_connections(fresh.port(), 1000);
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      const std::size_t during = fresh.rss_kib();
      std::printf("[%s] node RSS: %.1f MiB idle, %.1f MiB with %zu idle connections opened\n", mode, before / 1024.0,
                  during / 1024.0, fds.size());
      for (int fd : fds) ::close(fd);
    }
  }
  std::filesystem::remove_all(dir);
  if (bad) std::printf("ERROR: %zu runs or calls gave a wrong result\n", bad);
  return bad ? 1 : 0;
}
