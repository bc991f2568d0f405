// MCP client benchmarks (issue 15). Prints figures; asserts nothing about time. The server is
// tests/mcp/fake_mcp_server (a real process on stdio whose echo answers at once).
//
//   ptc_mcp_bench [--calls N] [--agents A] [--per-agent K] [--home | --sharing | --stealing]
//   (the scheduler policy: the runtime's default, home, or CAF's sharing or work stealing)
//
// 1. Per-call cost from one program: N sequential calls of an MCP echo tool against N calls
//    of a C++ echo tool in the same interpreter: µs per call, calls/s, and the difference (what
//    MCP adds: JSON-RPC encoding, two pipe hops, the server's own parse and reply), and the
//    same MCP calls sent through the connection's actor instead of from the interpreter's thread.
//    Also the bare floor: N round trips of the same line to the server over plain pipes from
//    this thread (no actors), and what ptc adds on top of it.
// 2. The same N calls from pmap (all pending at once on the one connection).
// 3. A agents × K concurrent calls each (pmap), all on one server process: wall time, calls/s;
//    every agent's result is checked, so a fast wrong run cannot pass as a figure.
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/mcp.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/lisp/printer.hpp"

using namespace ptc;
using clock_type = std::chrono::steady_clock;
using json = nlohmann::ordered_json;

namespace {

std::size_t arg(int argc, char** argv, const char* name, std::size_t def) {
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], name) == 0) return std::strtoull(argv[i + 1], nullptr, 10);
  }
  return def;
}

/// Runs `source` on `interp` with `tools`; returns the wall time in seconds, or -1 with the
/// error printed.
double timed_eval(caf::actor_system& sys, const caf::actor& interp, const std::string& source,
                  const std::vector<actors::tool_binding>& tools, const std::string& expect) {
  actors::eval_request req;
  req.source = source;
  req.limits.timeout_ms = 600'000;
  req.limits.max_steps = 1'000'000'000;
  caf::scoped_actor self{sys};
  double seconds = -1;
  const auto t0 = clock_type::now();
  self->request(interp, std::chrono::minutes(10), actors::eval_atom::value,
                actors::wire<actors::eval_request>(std::move(req)), tools, actors::tree_context{})
      .receive(
          [&](const actors::wire<actors::eval_reply>& r) {
            const std::string got = r->run.err ? "error: " + r->run.err->render() : lisp::pr_str(r->run.result);
            if (got != expect) std::printf("ERROR: %s gave %s, not %s\n", source.c_str(), got.c_str(), expect.c_str());
            else seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
          },
          [&](caf::error& e) { std::printf("ERROR: %s\n", sys.render(e).c_str()); });
  return seconds;
}

std::string code(const std::string& program) { return "```clojure\n" + program + "\n```"; }

/// The floor under any stdio MCP call: `calls` sequential round trips of the same tools/call
/// line to a fresh server process over plain blocking pipes, no actors, no JSON on this side.
/// Returns µs per round trip, or -1.
double bare_round_trip_us(std::size_t calls) {
  int in[2], out[2];
  if (::pipe(in) != 0 || ::pipe(out) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::close(in[1]);
    ::close(out[0]);
    ::execl(PTC_FAKE_MCP_SERVER, PTC_FAKE_MCP_SERVER, static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  const std::string line =
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"message":"x"}}})" "\n";
  std::string buf;
  char chunk[4096];
  auto one = [&]() -> bool {
    if (::write(in[1], line.data(), line.size()) != static_cast<ssize_t>(line.size())) return false;
    for (;;) {
      if (auto nl = buf.find('\n'); nl != std::string::npos) {
        buf.erase(0, nl + 1);
        return true;
      }
      const auto r = ::read(out[0], chunk, sizeof chunk);
      if (r <= 0) return false;
      buf.append(chunk, static_cast<std::size_t>(r));
    }
  };
  double us = -1;
  bool ok = true;
  for (int i = 0; i < 1000 && ok; ++i) ok = one();  // warm-up
  const auto t0 = clock_type::now();
  for (std::size_t i = 0; i < calls && ok; ++i) ok = one();
  if (ok) us = std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / calls;
  ::close(in[1]);
  ::close(out[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return us;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t calls = arg(argc, argv, "--calls", 20'000);
  const std::size_t n_agents = arg(argc, argv, "--agents", 100);
  const std::size_t per_agent = arg(argc, argv, "--per-agent", 10);

  actors::runtime_options o;
  o.settings = config::defaults();
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--home") == 0) o.scheduler_policy = "home";
    else if (std::strcmp(argv[i], "--sharing") == 0) o.scheduler_policy = "sharing";
    else if (std::strcmp(argv[i], "--stealing") == 0) o.scheduler_policy = "stealing";
  // Agent k's program: K echo calls from pmap, returning what came back.
  o.script = [per_agent](const actors::llm_request& r) -> std::optional<std::string> {
    if (r.turn != 1) return std::nullopt;
    return code("(return (vec (pmap #(tool/fake.echo {:message (str data/k \"-\" %)}) (range " +
                std::to_string(per_agent) + "))))");
  };
  actors::runtime rt{std::move(o)};
  auto& sys = rt.system();

  actors::mcp_server_spec spec;
  spec.name = "fake";
  spec.command = PTC_FAKE_MCP_SERVER;
  auto connected = actors::mcp_client::connect(sys, spec);
  if (auto* problem = std::get_if<std::string>(&connected)) {
    std::printf("ERROR: %s\n", problem->c_str());
    return 1;
  }
  auto client = std::get<0>(connected);
  std::vector<actors::tool_binding> mcp_tools;
  for (const auto& b : client->tools())
    if (b.spec.name == "fake.echo") mcp_tools.push_back(b);
  actors::tool_binding cpp_echo;
  cpp_echo.spec = messages::tool_spec{"fake.echo", "Echoes back the input", "(message :string) -> :string"};
  cpp_echo.handle = actors::spawn_function_tool(sys, [](const json& a) { return json(a.value("message", "")); });
  std::vector<actors::tool_binding> cpp_tools{cpp_echo};
  // The same MCP tool with its calls sent through the connection's actor (as before session 34,
  // and as over Streamable HTTP): what the direct path (tool_binding::direct) saves.
  std::vector<actors::tool_binding> via_actor = mcp_tools;
  for (auto& b : via_actor) b.direct.reset();

  caf::actor interp = rt.interpreter();
  const std::string n = std::to_string(calls);
  const std::string seq = "(loop [i 0 last nil] (if (< i " + n +
                          ") (recur (inc i) (tool/fake.echo {:message \"x\"})) last))";
  const std::string par = "(count (pmap (fn [i] (tool/fake.echo {:message \"x\"})) (range " + n + ")))";
  int rc = 0;
  // Warm-up: both paths once.
  timed_eval(sys, interp, "(tool/fake.echo {:message \"x\"})", mcp_tools, "\"x\"");
  timed_eval(sys, interp, "(tool/fake.echo {:message \"x\"})", cpp_tools, "\"x\"");
  const double t_cpp = timed_eval(sys, interp, seq, cpp_tools, "\"x\"");
  const double t_mcp = timed_eval(sys, interp, seq, mcp_tools, "\"x\"");
  const double t_via = timed_eval(sys, interp, seq, via_actor, "\"x\"");
  const double p_cpp = timed_eval(sys, interp, par, cpp_tools, n);
  const double p_mcp = timed_eval(sys, interp, par, mcp_tools, n);
  if (t_cpp < 0 || t_mcp < 0 || t_via < 0 || p_cpp < 0 || p_mcp < 0) rc = 1;
  const double us_cpp = t_cpp * 1e6 / calls, us_mcp = t_mcp * 1e6 / calls;
  const double us_bare = bare_round_trip_us(calls);
  std::printf("sequential %zu calls: C++ tool %.1f us/call (%.0f calls/s), MCP stdio %.1f us/call (%.0f calls/s): MCP adds %.1f us/call\n",
              calls, us_cpp, calls / t_cpp, us_mcp, calls / t_mcp, us_mcp - us_cpp);
  std::printf("the same MCP calls through the connection's actor (no direct path): %.1f us/call (adds %.1f us/call)\n",
              t_via * 1e6 / calls, t_via * 1e6 / calls - us_cpp);
  std::printf("bare pipe round trip to the same server (no actors): %.1f us; ptc's own part of an MCP call: %.1f us\n",
              us_bare, us_mcp - us_bare);
  std::printf("pmap %zu calls: C++ tool %.0f calls/s, MCP stdio %.0f calls/s (%.1f us/call)\n", calls,
              calls / p_cpp, calls / p_mcp, p_mcp * 1e6 / calls);

  std::vector<actors::agent> agents;
  for (std::size_t k = 0; k < n_agents; ++k) {
    actors::agent a("a" + std::to_string(k));
    a.mission("echo benchmark").data({{"k", k}}).max_turns(1);
    for (const auto& b : mcp_tools) a.tool(b);
    agents.push_back(std::move(a));
  }
  const auto t0 = clock_type::now();
  auto steps = rt.run_all(agents);
  const double wall = std::chrono::duration<double>(clock_type::now() - t0).count();
  std::size_t bad = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    std::string want = "[";
    for (std::size_t i = 0; i < per_agent; ++i) want += (i ? " \"" : "\"") + std::to_string(k) + "-" + std::to_string(i) + "\"";
    want += "]";
    if (!steps[k].ok() || lisp::pr_str(*steps[k].return_value) != want) {
      if (bad++ < 3) std::printf("ERROR: agent %zu: %s\n", k, steps[k].ok() ? lisp::pr_str(*steps[k].return_value).c_str() : steps[k].fail->message.c_str());
    }
  }
  if (bad) rc = 1;
  std::printf("%zu agents x %zu concurrent calls on one server: %zu calls, wall %.3f s, %.0f calls/s, %zu of %zu results correct\n",
              n_agents, per_agent, n_agents * per_agent, wall, n_agents * per_agent / wall, steps.size() - bad, steps.size());
  caf::anon_send_exit(cpp_echo.handle, caf::exit_reason::user_shutdown);
  return rc;
}
