// Nodes under load and at their limits: 10,000 agents through one node with default settings,
// a large definition that stays on the node, and a client that goes away mid-run.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <caf/io/all.hpp>

#include "ptc/actors/cluster.hpp"
#include "ptc/actors/node.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/lisp/printer.hpp"
#include "tests/support/eventually.hpp"
#include "tests/support/node_process.hpp"
#include "tests/support/scripted.hpp"

namespace nodes_load_test {

using namespace ptc;
using namespace std::chrono_literals;
using actors::agent;
using json = nlohmann::ordered_json;
using testing::code;
using testing::node_process;
using testing::script;
using clock_type = std::chrono::steady_clock;

namespace {

/// The node's own LLM: "node-own" returns twice data/n; "spin" computes for seconds.
struct node_script_file {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("ptc_node_load_script_" + std::to_string(getpid()) + ".json"))
                         .string();
  node_script_file() {
    json doc{{"scripts",
              {{{"match", "node-own"}, {"responses", {code("(return (* 2 data/n))")}}},
               {{"match", "a little"}, {"responses", {code("(return (loop [i 0] (if (< i 3000000) (recur (inc i)) i)))")}}},
               {{"match", "spin"},
                {"responses", {code("(return (loop [i 0] (if (< i 1000000000) (recur (inc i)) i)))")}}}}}};
    std::ofstream(path) << doc.dump();
  }
  ~node_script_file() { std::filesystem::remove(path); }
};

actors::runtime_options client_options(actors::scripted_fn fn) {
  actors::runtime_options o = testing::scripted_options(std::move(fn));
  o.network = true;
  return o;
}

/// CPU time (user + system) of process `pid` so far, in ms.
long cpu_ms(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string f;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> f; ++i) {
    if (i == 14) utime = std::stol(f);
    if (i == 15) stime = std::stol(f);
  }
  return (utime + stime) * 1000 / ::sysconf(_SC_CLK_TCK);
}

}  // namespace

TEST_CASE("NODE-LOAD: 10,000 agents through one node with default settings all return", "[nodes][scale]") {
  node_script_file s;
  node_process node(PTC_BINARY, 0, {"--script", s.path});
  actors::runtime rt{client_options(script({}))};
  actors::cluster nodes{rt, {{"127.0.0.1", node.port()}}};
  std::vector<agent> agents;
  for (int i = 0; i < 10'000; ++i) agents.push_back(agent("a" + std::to_string(i)).mission("node-own job").data({{"n", i}}));
  auto steps = nodes.run_all(agents);
  REQUIRE(steps.size() == 10'000);
  std::size_t right = 0;
  std::string first_problem;
  for (int i = 0; i < 10'000; ++i) {
    if (steps[i].ok() && lisp::pr_str(*steps[i].return_value) == std::to_string(2 * i)) ++right;
    else if (first_problem.empty()) first_problem = steps[i].fail ? steps[i].fail->message : "a wrong value";
  }
  INFO(first_problem);
  CHECK(right == 10'000);
  CHECK(nodes.counters(0).failed.load() == 0);
}

TEST_CASE("NODE-LOAD: a 16 MB definition with a small result works through a node as locally", "[nodes]") {
  node_script_file s;
  node_process node(PTC_BINARY, 0, {"--script", s.path});
  actors::runtime rt{client_options(script({{"big def", {
      code("(def chunk (apply str (repeat 16000 \"x\")))\n(def big (apply str (repeat 1000 chunk)))"),
      code("(return (count big))"),
  }}}))};
  actors::cluster nodes{rt, {{"127.0.0.1", node.port()}}};
  auto a = agent("big").mission("big def");
  auto local = rt.run(a);
  auto remote = rt.run(agent(a).llm(rt.llm()).on(nodes.node(0)));
  INFO((remote.fail ? remote.fail->message : std::string()));
  REQUIRE(local.ok());
  REQUIRE(remote.ok());
  CHECK(lisp::pr_str(*remote.return_value) == "16000000");
  CHECK(lisp::pr_str(*local.return_value) == "16000000");
  // The definition is described (type and sample), not carried.
  REQUIRE(remote.turns.size() == 2);
  CHECK(remote.turns[0]->definitions.size() == 2);
  CHECK_FALSE(remote.turns[0]->memory);
}

TEST_CASE("NODE-LOAD: work for a client that was killed stops on the node within 2 s", "[nodes][failure]") {
  node_script_file s;
  node_process node(PTC_BINARY, 0, {"--script", s.path});
  // An observer asks the node for its figures.
  actors::runtime observer{client_options(script({}))};
  auto host = observer.system().middleman().remote_actor("127.0.0.1", node.port());
  REQUIRE(host);
  auto running = [&] {
    std::uint64_t n = 999;
    caf::scoped_actor self{observer.system()};
    self->request(*host, 5s, actors::stats_atom::value)
        .receive([&](actors::node_load& l) { n = l.running; }, [&](caf::error&) {});
    return n;
  };
  // The client is a real `ptc run` process whose agent spins on the node.
  const pid_t client = ::fork();
  if (client == 0) {
    const int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, 1);
    ::dup2(devnull, 2);
    // Limits that let the program spin for a minute (they travel with the job).
    const char* env[] = {"PATH=/usr/bin:/bin", "PTC_EVAL_TIMEOUT_MS=60000", "PTC_MAX_STEPS=100000000000", nullptr};
    ::execle(PTC_BINARY, PTC_BINARY, "run", "--nodes", node.address().c_str(), "--script", s.path.c_str(), "spin",
             static_cast<char*>(nullptr), env);
    ::_exit(127);
  }
  REQUIRE(client > 0);
  REQUIRE(testing::eventually([&] { return running() == 1; }));
  ::kill(client, SIGKILL);
  ::waitpid(client, nullptr, 0);
  const auto killed = clock_type::now();
  while (running() != 0 && clock_type::now() - killed < 5s) std::this_thread::sleep_for(20ms);
  CHECK(running() == 0);
  CHECK(clock_type::now() - killed < 2s);
  // And its program stopped: the node's CPU time stands still.
  const auto cpu_before = cpu_ms(node.pid());
  std::this_thread::sleep_for(500ms);
  CHECK(cpu_ms(node.pid()) - cpu_before < 100);
}

TEST_CASE("NODE-LOAD: a client past its limits on a node is refused, clearly, and served again after", "[nodes][limits]") {
  node_script_file s;
  const auto config = std::filesystem::temp_directory_path() / ("ptc_node_limits_" + std::to_string(getpid()) + ".json");
  std::ofstream(config) << json{{"node",
                                 {{"max_agents_per_client", 2},
                                  {"max_tool_calls_per_client", 1},
                                  {"agents", {{{"name", "slowpoke"}, {"mission", "count a little for {{who}}"}}}}}}}
                               .dump();
  node_process node(PTC_BINARY, 0, {"--script", s.path, "--config", config.string()});
  auto o = client_options(script({{"slow job", {code("(return 1)")}},
                                  {"two calls", {code("(return (pmap (fn [w] (tool/slowpoke {:who w})) [\"a\" \"b\"]))")}}}));
  o.scripted_latency = 500ms;
  actors::runtime rt{o};
  actors::cluster nodes{rt, {{"127.0.0.1", node.port()}}};
  std::vector<std::future<messages::step>> runs;
  for (int i = 0; i < 3; ++i) runs.push_back(rt.submit(agent("slow").mission("slow job").llm(rt.llm()).on(nodes.node(0))));
  std::size_t ok = 0, refused = 0;
  for (auto& f : runs) {
    auto st = f.get();
    if (st.ok()) ++ok;
    else if (st.fail->reason == messages::failure_reason::refused) {
      ++refused;
      CHECK_THAT(st.fail->message, Catch::Contains("node " + node.address() + " refused the run") &&
                                       Catch::Contains("already runs 2 agents there") &&
                                       Catch::Contains("node.max_agents_per_client"));
    }
  }
  CHECK(ok == 2);
  CHECK(refused == 1);
  // Slots come back when runs end.
  CHECK(rt.run(agent("slow").mission("slow job").llm(rt.llm()).on(nodes.node(0))).ok());
  // Two concurrent calls of the node's (slow) agent tool with a limit of one: one is refused,
  // by name; the other runs.
  const auto slow = nodes.tool(0, "slowpoke");
  auto both = rt.run(agent("caller").mission("two calls").max_turns(1).tool(slow.spec, slow.handle));
  REQUIRE(both.turns.size() == 1);
  const auto& calls = both.turns[0]->tool_calls;
  REQUIRE(calls.size() == 2);
  std::size_t refused_calls = 0;
  for (const auto& c : calls)
    if (c.error && c.error->find("node.max_tool_calls_per_client") != std::string::npos) ++refused_calls;
  CHECK(refused_calls == 1);
  std::size_t ran = 0;
  for (const auto& c : calls)
    if (c.result && c.result->dump() == "3000000") ++ran;
  CHECK(ran == 1);
  std::filesystem::remove(config);
}

}  // namespace nodes_load_test
