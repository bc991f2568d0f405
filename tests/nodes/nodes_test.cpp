// Agents across nodes: real `ptc node` processes on 127.0.0.1, a client runtime in this process.
#include <catch2/catch.hpp>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <caf/io/all.hpp>

#include "ptc/actors/cluster.hpp"
#include "ptc/actors/runtime.hpp"
#include "examples/demo/demo_data.hpp"
#include "examples/demo/demo_tools.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/messages/serialization.hpp"
#include "tests/support/eventually.hpp"
#include "tests/support/http_server.hpp"
#include "tests/support/node_process.hpp"
#include "tests/support/scripted.hpp"

namespace nodes_nodes_test {

using namespace ptc;
using namespace std::chrono_literals;
using actors::agent;
using json = nlohmann::ordered_json;
using testing::code;
using testing::script;
using testing::node_process;

namespace {

actors::runtime_options client_options(actors::scripted_fn fn) {
  actors::runtime_options o = testing::scripted_options(std::move(fn));
  o.network = true;
  return o;
}

/// The script file the nodes' own LLMs answer from (missions containing "node-own").
std::string node_script() {
  const auto path = std::filesystem::temp_directory_path() / ("ptc_nodes_test_script_" + std::to_string(getpid()) + ".json");
  json doc{{"scripts",
            {{{"match", "node-own"},
              {"responses", {code("(println \"on the node\" data/n)"), code("(return (* 2 data/n))")}}}}}};
  std::ofstream(path) << doc.dump();
  return path.string();
}

/// Three nodes with their own scripted LLM (node_script()).
struct three_nodes {
  std::string script = node_script();
  std::vector<std::unique_ptr<node_process>> nodes;
  three_nodes(std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"--script", script};
    args.insert(args.end(), extra.begin(), extra.end());
    // Ports a test may restart a node on (see restartable_port).
    for (int i = 0; i < 3; ++i)
      nodes.push_back(std::make_unique<node_process>(PTC_BINARY, node_process::restartable_port(), args));
  }
  ~three_nodes() { std::filesystem::remove(script); }
  std::vector<actors::node_address> addresses() const {
    std::vector<actors::node_address> out;
    for (const auto& n : nodes) out.push_back({"127.0.0.1", n->port()});
    return out;
  }
};

std::string returned(const messages::step& s) {
  INFO((s.fail ? s.fail->message : std::string()));
  REQUIRE(s.return_value.has_value());
  return lisp::pr_str(*s.return_value);
}

/// The Step as JSON without what depends on timing (durations), for field-by-field equality.
json without_timings(json j) {
  if (j.is_object()) {
    json out = json::object();
    for (auto& [k, v] : j.items()) {
      if (k == "timings" || k.ends_with("_us")) continue;
      out[k] = without_timings(v);
    }
    return out;
  }
  if (j.is_array()) {
    for (auto& v : j) v = without_timings(v);
  }
  return j;
}

using clock_type = std::chrono::steady_clock;

}  // namespace

TEST_CASE("nodes: a remote run gives the same Step as a local one, field by field, less the turns' memory", "[nodes]") {
  three_nodes n;
  actors::runtime rt{client_options(script({{"count evens", {
      code("(def xs (:numbers data/input))\n(println \"n =\" (count xs))"),
      code("(/ 1 0)"),
      code("(def doubled (tool/double {:xs xs}))\n(println doubled)"),
      code("(return {:evens (count (filter even? xs)) :sum (reduce + doubled)})"),
  }}}))};
  actors::cluster nodes{rt, n.addresses()};
  for (bool compressed : {false, true}) {
    auto a = agent("counter")
                 .mission("count evens in data/input")
                 .signature("{evens :int, sum :int}")
                 .data({{"input", {{"numbers", {1, 2, 3, 4, 6}}}}})
                 .compress(compressed)
                 .tool("double", "Doubles each number", "(xs [:int]) -> [:int]", [](const json& args) {
                   json out = json::array();
                   for (const auto& x : args["xs"]) out.push_back(2 * x.get<int>());
                   return out;
                 });
    auto local = rt.run(a);
    auto remote = rt.run(agent(a).llm(rt.llm()).on(nodes.node(1)));
    CHECK(returned(remote) == "{:evens 3, :sum 32}");
    CHECK(remote.turns.size() == 4);
    CHECK(remote.turns[1]->error_kind() == "arithmetic");
    CHECK(remote.turns[2]->tool_calls.size() == 1);
    CHECK(remote.compression.enabled == compressed);
    // What crosses back is bounded: each turn's memory (every def'd value in full) stays on
    // the node; its definitions (names, types, samples) come along.
    CHECK(without_timings(messages::to_json(remote)) ==
          without_timings(messages::to_json(messages::bounded_for_peer(local))));
    CHECK(local.turns[3]->memory);
    CHECK_FALSE(remote.turns[3]->memory);
    CHECK(remote.turns[3]->definitions.size() == 2);
  }
}

TEST_CASE("nodes: a run on a node uses the node's own LLM unless it brings one", "[nodes]") {
  three_nodes n;
  actors::runtime rt{client_options(script({}))};  // this process's LLM knows no mission
  actors::cluster nodes{rt, n.addresses()};
  auto s = rt.run(agent("own").mission("node-own work").data({{"n", 21}}).on(nodes.node(2)));
  CHECK(returned(s) == "42");
  REQUIRE(s.turns.size() == 2);
  CHECK(s.turns[0]->prints.strings() == std::vector<std::string>{"on the node 21"});
  // The same agent here fails: only the nodes' LLM knows the mission.
  auto here = rt.run(agent("own").mission("node-own work").data({{"n", 21}}));
  CHECK_FALSE(here.ok());
}

TEST_CASE("nodes: a tool served by another node is a tool of a local agent", "[nodes]") {
  three_nodes n;
  actors::runtime rt{client_options(script({{"convert", {
      code("(return [(:rate (tool/exchange-rate {:from \"GBP\" :to \"EUR\"})) (count (tool/find-orders {:status \"cancelled\"}))])"),
  }}}))};
  actors::cluster nodes{rt, n.addresses()};
  auto a = agent("converter").mission("convert");
  for (const char* name : {"exchange-rate", "find-orders"}) {
    auto b = nodes.tool(1, name);
    a.tool(b.spec, b.handle);
  }
  auto s = rt.run(a);
  // The same calls on the demo tools in this process.
  auto tools = demo::demo_tools(std::make_shared<const json>(demo::demo_data()));
  auto local = [&](const std::string& name, const json& args) {
    for (const auto& t : tools)
      if (t.name == name) return t.fn(args);
    FAIL("no tool " << name);
    return json();
  };
  const auto rate = local("exchange-rate", {{"from", "GBP"}, {"to", "EUR"}})["rate"];
  const auto cancelled = local("find-orders", {{"status", "cancelled"}}).size();
  CHECK(returned(s) == "[" + lisp::pr_str(lisp::from_json(rate)) + " " + std::to_string(cancelled) + "]");
  CHECK(nodes.counters(1).sent.load() == 2);

  CHECK_THROWS_WITH(nodes.tool(0, "no-such-tool"),
                    Catch::Contains("serves no tool no-such-tool") && Catch::Contains(n.nodes[0]->address()));
}

TEST_CASE("nodes: nesting across nodes two levels deep, as locally (budget, depth, trace)", "[nodes][nesting]") {
  three_nodes n;
  const auto trace = std::filesystem::temp_directory_path() / ("ptc_nodes_trace_" + std::to_string(getpid()) + ".jsonl");
  auto o = client_options(script({
      {"boss mission", {code("(return (+ 1 (:v (tool/researcher {:n 2}))))")}},
      {"research", {code("(println \"researching\" data/n)"), code("(return {:v (+ 10 (:v (tool/helper {:n data/n})))})")}},
      {"help with", {code("(return {:v (* 100 (:k (tool/secret {:n data/n})))})")}},
  }));
  o.trace = trace;
  {
    actors::runtime rt{o};
    actors::cluster nodes{rt, n.addresses()};
    // helper runs on node 2 and calls `secret`, a function in this process.
    auto helper = agent("helper").mission("help with {{n}}").signature("{v :int}").on(nodes.node(2))
                      .tool("secret", "A number", "(n :int) -> {k :int}", [](const json& a) {
                        return json{{"k", a["n"].get<int>() + 1}};
                      });
    auto researcher = agent("researcher").mission("research {{n}}").signature("{v :int}").on(nodes.node(1)).tool(helper);
    auto boss = agent("boss").mission("boss mission").llm(rt.llm()).compress(true).on(nodes.node(0)).tool(researcher);
    auto s = rt.run(boss);
    CHECK(returned(s) == "311");
    REQUIRE(s.turns.size() == 1);
    REQUIRE(s.turns[0]->children.size() == 1);
    const auto& r = *s.turns[0]->children[0];
    CHECK(r.agent_name == "researcher");
    REQUIRE(r.turns.size() == 2);
    CHECK(r.turns[0]->prints.strings() == std::vector<std::string>{"researching 2"});
    REQUIRE(r.turns[1]->children.size() == 1);
    CHECK(r.turns[1]->children[0]->agent_name == "helper");
    // Compression is inherited across nodes too (API-007): the children set none.
    CHECK(s.compression.enabled);
    CHECK(r.compression.enabled);
    CHECK(r.turns[1]->children[0]->compression.enabled);
    CHECK(s.usage.requests == 4);  // every level's LLM calls counted at the top
    rt.flush_trace();
    std::ifstream in(trace);
    std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(all.find("\"boss/researcher/helper\"") != std::string::npos);
    CHECK(all.find("\"boss/researcher\"") != std::string::npos);
  }
  std::filesystem::remove(trace);

  SECTION("the turn budget is shared across nodes") {
    auto ob = client_options(script({
        {"spender", {code("(return (try (tool/worker {:k 1}) (catch Exception e (ex-message e))))")}},
        {"worker", {code("(println 1)"), code("(println 2)"), code("(println 3)"), code("(return 4)")}},
    }));
    ob.settings.agent.turn_budget = 3;
    actors::runtime rt{ob};
    actors::cluster nodes{rt, n.addresses()};
    auto worker = agent("worker").mission("worker {{k}}").max_turns(5).on(nodes.node(2));
    auto s = rt.run(agent("spender").mission("spender").max_turns(1).llm(rt.llm()).on(nodes.node(1)).tool(worker));
    CHECK(returned(s).find("turn_budget_exhausted") != std::string::npos);
    REQUIRE(s.turns[0]->children.size() == 1);
    CHECK(s.turns[0]->children[0]->fail->reason == messages::failure_reason::turn_budget_exhausted);
    CHECK(s.turns[0]->children[0]->turns.size() == 2);
  }

  SECTION("the depth limit holds across nodes") {
    auto od = client_options(script({
        {"deep", {code("(return (try (tool/deeper {:n 1}) (catch Exception e (ex-message e))))")}},
        {"deeper", {code("(return 1)")}},
    }));
    od.settings.agent.max_depth = 0;
    actors::runtime rt{od};
    actors::cluster nodes{rt, n.addresses()};
    auto s = rt.run(agent("deep").mission("deep").llm(rt.llm()).on(nodes.node(0))
                        .tool(agent("deeper").mission("deeper {{n}}").on(nodes.node(1))));
    CHECK(returned(s).find("max_depth_exceeded") != std::string::npos);
  }
}

TEST_CASE("nodes: 300 agents spread over three nodes, each result correct, each node used", "[nodes][scale]") {
  three_nodes n;
  actors::runtime rt{client_options(script({}))};
  for (auto how : {actors::placement::round_robin, actors::placement::least_loaded}) {
    actors::cluster nodes{rt, n.addresses(), how};
    std::vector<agent> agents;
    for (int i = 0; i < 300; ++i) agents.push_back(agent("a" + std::to_string(i)).mission("node-own job").data({{"n", i}}));
    auto steps = nodes.run_all(agents);
    REQUIRE(steps.size() == 300);
    std::size_t right = 0;
    for (int i = 0; i < 300; ++i)
      if (steps[i].ok() && lisp::pr_str(*steps[i].return_value) == std::to_string(2 * i)) ++right;
    CHECK(right == 300);
    std::uint64_t total = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      INFO("node " << k);
      CHECK(nodes.counters(k).sent.load() >= 1);
      CHECK(nodes.counters(k).failed.load() == 0);
      total += nodes.counters(k).sent.load();
    }
    CHECK(total == 300);
  }
}

TEST_CASE("nodes: a node killed mid-run fails what depended on it within 2 s, and can come back", "[nodes][failure]") {
  three_nodes n;
  auto o = client_options(script({
      {"slow job", {code("(println 1)"), code("(println 2)"), code("(println 3)"), code("(println 4)"), code("(return 1)")}},
      {"parent", {code("(tool/child {:q 1})"), code("(return \"recovered\")")}},
      {"child mission", {code("(println 1)"), code("(println 2)"), code("(println 3)"), code("(return 2)")}},
  }));
  // Each LLM answer (in this process) takes 400 ms: the runs on node 1 take 2 s, the child
  // starts after 400 ms and needs 1.6 s more.
  o.scripted_latency = 400ms;
  actors::runtime rt{o};
  const auto addresses = n.addresses();
  actors::cluster nodes{rt, addresses};
  const auto victim = n.nodes[1]->address();

  // Four runs pending on node 1 (waiting for this process's LLM), and a local parent whose
  // sub-agent tool runs there.
  std::vector<std::future<messages::step>> runs;
  for (int i = 0; i < 4; ++i) runs.push_back(rt.submit(agent("slow").mission("slow job").llm(rt.llm()).on(nodes.node(1))));
  auto parent = rt.submit(agent("p").mission("parent").tool(agent("child").mission("child mission {{q}}").on(nodes.node(1))));
  std::this_thread::sleep_for(1000ms);  // the parent's first answer came, its child is on node 1
  const auto killed = clock_type::now();
  n.nodes[1]->signal(SIGKILL);
  for (auto& f : runs) {
    REQUIRE(f.wait_for(5s) == std::future_status::ready);
    auto s = f.get();
    REQUIRE_FALSE(s.ok());
    CHECK(s.fail->reason == messages::failure_reason::node_lost);
    CHECK_THAT(s.fail->message, Catch::Contains("node " + victim + " lost"));
  }
  CHECK(clock_type::now() - killed < 2s);
  // The parent saw the loss as a tool error and went on.
  REQUIRE(parent.wait_for(10s) == std::future_status::ready);
  auto p = parent.get();
  CHECK(returned(p) == "\"recovered\"");
  REQUIRE(p.turns.size() == 2);
  CHECK(p.turns[0]->outcome == messages::turn_outcome::error);
  CHECK_THAT(p.turns[0]->error(), Catch::Contains("node " + victim + " lost"));
  CHECK(nodes.counters(1).failed.load() == 5);

  // While it is down, a run on it fails at once, naming it; the other nodes still work.
  auto down = rt.run(agent("slow").mission("slow job").llm(rt.llm()).on(nodes.node(1)));
  CHECK(down.fail->reason == messages::failure_reason::node_lost);
  CHECK_THAT(down.fail->message, Catch::Contains(victim));
  CHECK(returned(rt.run(agent("slow").mission("slow job").llm(rt.llm()).on(nodes.node(2)))) == "1");

  // Restarted on the same port, it is used again through the same cluster.
  node_process again(PTC_BINARY, addresses[1].port, {"--script", n.script});
  CHECK(returned(rt.run(agent("slow").mission("slow job").llm(rt.llm()).on(nodes.node(1)))) == "1");
}

TEST_CASE("nodes: a hung node (SIGSTOP) is lost after the heartbeat timeout, its tool calls fail", "[nodes][failure]") {
  three_nodes n;
  auto o = client_options(script({{"ask", {code("(return (tool/exchange-rate {:from \"GBP\" :to \"EUR\"}))")}}}));
  o.settings.node.timeout = 1000ms;
  o.interpreter.tool_timeout = 30s;  // the loss must be what ends the call, not the tool timeout
  actors::runtime rt{o};
  actors::cluster nodes{rt, n.addresses()};
  const auto b = nodes.tool(0, "exchange-rate");
  n.nodes[0]->signal(SIGSTOP);
  const auto stopped = clock_type::now();
  auto s = rt.run(agent("asker").mission("ask").max_turns(1).tool(b.spec, b.handle));
  const auto took = clock_type::now() - stopped;
  n.nodes[0]->signal(SIGCONT);
  REQUIRE_FALSE(s.ok());
  REQUIRE(s.turns.size() == 1);
  CHECK_THAT(s.turns[0]->error(), Catch::Contains("node " + n.nodes[0]->address() + " lost"));
  CHECK(took < 2500ms);
}

TEST_CASE("nodes: a node that is not reachable at start is an error naming it", "[nodes][failure]") {
  actors::runtime rt{client_options(script({}))};
  three_nodes n;
  const auto port = testing::unused_port();
  auto list = n.addresses();
  list.push_back({"127.0.0.1", port});
  CHECK_THROWS_AS(actors::cluster(rt, list), actors::node_error);
  CHECK_THROWS_WITH(actors::cluster(rt, list),
                    Catch::Contains("node 127.0.0.1:" + std::to_string(port) + " unreachable"));
}

TEST_CASE("nodes: a peer of another protocol version is a clear error", "[nodes][failure]") {
  actors::runtime rt{client_options(script({}))};
  node_process old(PTC_BINARY, 0, {"--protocol", "ptc-node/0"});
  CHECK_THROWS_WITH(actors::cluster(rt, {{"127.0.0.1", old.port()}}),
                    Catch::Contains("node " + old.address() + " speaks protocol \"ptc-node/0\"") &&
                        Catch::Contains("\"" + actors::node_protocol() + "\""));
}

TEST_CASE("nodes: node lists and placements are parsed with clear errors", "[nodes]") {
  auto l = actors::parse_node_list("127.0.0.1:4001, localhost:4002");
  REQUIRE(l.size() == 2);
  CHECK(l[1].label() == "localhost:4002");
  CHECK_THROWS_WITH(actors::parse_node_list("127.0.0.1"), Catch::Contains("is not HOST:PORT"));
  CHECK_THROWS_WITH(actors::parse_node_list("h:70000"), Catch::Contains("from 1 to 65535"));
  CHECK_THROWS_WITH(actors::parse_node_list(""), Catch::Contains("no nodes given"));
  CHECK(actors::parse_placement("least-loaded") == actors::placement::least_loaded);
  CHECK_THROWS_WITH(actors::parse_placement("random"), Catch::Contains("round-robin or least-loaded"));
}

TEST_CASE("nodes: when a client goes away, the node stops the runs it started for it", "[nodes][failure]") {
  three_nodes n;
  // An observer asks node 0 for its figures directly (its published host actor).
  actors::runtime observer{client_options(script({}))};
  auto host = observer.system().middleman().remote_actor("127.0.0.1", n.nodes[0]->port());
  REQUIRE(host);
  auto load = [&] {
    actors::node_load l;
    caf::scoped_actor self{observer.system()};
    self->request(*host, 5s, actors::stats_atom::value).receive([&](actors::node_load& x) { l = x; },
                                                                [&](caf::error&) {});
    return l;
  };
  std::optional<messages::step> step;
  {
    auto o = client_options(script({{"long job", {code("(return 1)")}}}));
    o.scripted_latency = 30s;  // the node's sub-agent waits for this process's LLM
    actors::runtime client{o};
    actors::cluster nodes{client, {{"127.0.0.1", n.nodes[0]->port()}}};
    client.run_async(agent("long").mission("long job").llm(client.llm()).on(nodes.node(0)),
                     [&](messages::step s) { step = std::move(s); });
    REQUIRE(testing::eventually([&] { return load().running == 1; }));
  }  // the client's cluster and runtime end: the run is answered, the connection closes
  REQUIRE(step.has_value());
  CHECK(step->fail->reason == messages::failure_reason::node_lost);
  CHECK_THAT(step->fail->message, Catch::Contains("closed"));
  CHECK(testing::eventually([&] { return load().running == 0 && load().finished == 1; }));
}

TEST_CASE("nodes: a node serves the tools and sub-agents its config declares", "[nodes]") {
  const auto config = std::filesystem::temp_directory_path() / ("ptc_nodes_config_" + std::to_string(getpid()) + ".json");
  std::ofstream(config) << json{{"node",
                                 {{"tools", "exchange-rate"},
                                  {"agents",
                                   {{{"name", "doubler"},
                                     {"description", "Doubles n, on the node"},
                                     {"mission", "node-own doubling of {{n}}"},
                                     {"signature", "(n :int) -> :int"},
                                     {"max_turns", 3}}}}}}}
                                .dump();
  three_nodes n({"--config", config.string()});
  std::filesystem::remove(config);
  CHECK_THAT(n.nodes[0]->banner(), Catch::Contains("tools: exchange-rate, doubler (agent)"));
  actors::runtime rt{client_options(script({{"use the doubler", {code("(return (tool/doubler {:n 7}))")}}}))};
  actors::cluster nodes{rt, n.addresses()};
  std::vector<std::string> served;
  for (const auto& t : nodes.tools(0)) served.push_back(t.spec.name);
  CHECK(served == std::vector<std::string>{"doubler", "exchange-rate"});
  const auto doubler = nodes.tool(0, "doubler");
  CHECK(doubler.spec.signature == "(n :int) -> :int");
  CHECK(doubler.timeout_ms > 0);

  // Called by an agent here, and by an agent running on that node (through its host).
  for (bool on_node : {false, true}) {
    INFO("caller on the node: " << on_node);
    auto a = agent("user").mission("use the doubler").tool(doubler);
    if (on_node) a.llm(rt.llm()).on(nodes.node(0));
    auto s = rt.run(a);
    CHECK(returned(s) == "14");
    REQUIRE(s.turns[0]->children.size() == 1);
    const auto& child = *s.turns[0]->children[0];
    CHECK(child.agent_name == "doubler");
    REQUIRE(child.turns.size() == 2);
    CHECK(child.turns[0]->prints.strings() == std::vector<std::string>{"on the node 7"});
  }
}

}  // namespace nodes_nodes_test
