#include "examples/ptc/run_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/actors/agent.hpp"
#include "ptc/actors/cluster.hpp"
#include "ptc/actors/mcp.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/actors/sub_agent.hpp"
#include "ptc/config/settings.hpp"
#include "examples/demo/demo_data.hpp"
#include "examples/demo/demo_missions.hpp"
#include "examples/demo/demo_tools.hpp"
#include "examples/ptc/cli_common.hpp"
#include "examples/ptc/run_progress.hpp"
#include "ptc/messages/debug_view.hpp"
#include "ptc/messages/namespace.hpp"
#include "ptc/messages/serialization.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/config/secret.hpp"
#include "ptc/version.hpp"

namespace ptc::cli {
namespace {

using json = nlohmann::ordered_json;
using namespace std::chrono_literals;

struct run_flags {
  std::string mission;
  std::string data_file, tools, llm, signature, trace, record, replay, script, config_file;
  std::string log_level, write_demo_data, compress, scheduler;
  std::string nodes, placement = "round-robin";
  std::vector<std::string> mcp;  ///< --mcp NAME='command args...'
  tls_flags tls;                 ///< with --nodes
  std::vector<std::string> mcp_url;  ///< --mcp-url NAME=URL
  std::size_t max_turns = 0, agents = 1;
  std::int64_t timeout_ms = 0;
  // Program limits (agent.limits); 0: not given, the settings' value holds.
  std::uint64_t max_string_bytes = 0, max_print_chars = 0, max_output_bytes = 0;
  bool no_compress = false, show_turns = false, list_tools = false;
  // Set when the flag was given (CLI11 cannot tell "absent" from a default value).
  bool signature_set = false, max_turns_set = false, timeout_set = false, compress_set = false;
};


/// Default models when only a provider's key variable is set (`--llm` picks any other).
struct key_default {
  const char* provider;
  const char* variable;
  const char* model;
};
constexpr key_default key_defaults[] = {
    {"openai", "OPENAI_API_KEY", "gpt-4o-mini"},
    {"anthropic", "ANTHROPIC_API_KEY", "claude-sonnet-4-0"},
    {"openrouter", "OPENROUTER_API_KEY", "openai/gpt-4o-mini"},
};

/// `--compress` alone ("on"), `--compress=P,T`, or on/off spelled out.
void apply_compress(const std::string& text, config::settings& s) {
  if (text == "on" || text == "1" || text == "true") {
    s.agent.compress = true;
    return;
  }
  if (text == "off" || text == "0" || text == "false") {
    s.agent.compress = false;
    return;
  }
  auto comma = text.find(',');
  try {
    std::size_t used_p = 0, used_t = 0;
    if (comma == std::string::npos) throw std::invalid_argument("no comma");
    const unsigned long p = std::stoul(text.substr(0, comma), &used_p);
    const unsigned long t = std::stoul(text.substr(comma + 1), &used_t);
    if (used_p != comma || used_t != text.size() - comma - 1) throw std::invalid_argument("junk");
    s.agent.compress = true;
    s.agent.println_limit = p;
    s.agent.tool_call_limit = t;
  } catch (const std::exception&) {
    throw config::config_error("--compress", "expected --compress, --compress=on|off or "
                                             "--compress=P,T (println and tool call limits), got \"" +
                                                 text + "\"");
  }
}

/// The flags as settings overrides (applied after the file and the PTC_* variables).
config::overrides flag_overrides(const run_flags& f) {
  return [&f](config::settings& s) {
    apply_llm_flags(s, f.llm, f.replay, f.script, f.log_level);
    apply_tls_flags(s, f.tls);
    if (f.max_turns_set) s.agent.max_turns = f.max_turns;
    if (f.timeout_set) s.agent.mission_timeout = std::chrono::milliseconds(f.timeout_ms);
    if (f.compress_set) apply_compress(f.compress, s);
    if (f.no_compress) s.agent.compress = false;
    if (f.max_string_bytes) s.agent.limits.max_string_bytes = f.max_string_bytes;
    if (f.max_print_chars) s.agent.limits.max_print_chars = f.max_print_chars;
    if (f.max_output_bytes) s.agent.limits.max_output_bytes = f.max_output_bytes;
    apply_mcp_flags(s, f.mcp, f.mcp_url);
  };
}

/// "orders[200], products[30]": what data/ holds, for the header line.
std::string data_summary(const json& data) {
  std::string out;
  for (const auto& [key, v] : data.items()) {
    out += (out.empty() ? "" : ", ") + key;
    if (v.is_array() || v.is_object()) out += "[" + std::to_string(v.size()) + "]";
  }
  return out.empty() ? "none" : out;
}

int print_step(const messages::step& s, std::size_t turns_ran = 0) {
  std::cerr << messages::step_summary_line(s, turns_ran) << "\n";
  if (s.ok()) {
    std::cout << messages::value_as_plain_json(*s.return_value).dump(2) << "\n";
    return 0;
  }
  const messages::failure& f = *s.fail;
  std::cerr << "Failed: " << messages::reason_name(f.reason) << ": " << f.message << "\n";
  json err{{"reason", messages::reason_name(f.reason)}, {"message", f.message}};
  if (!f.details.is_nil()) err["details"] = messages::value_as_plain_json(f.details);
  std::cout << json{{"error", std::move(err)}}.dump(2) << "\n";
  return exit_failed;
}

/// Runs the agent as the runtime would (make_job + a sub-agent), with the progress actor in
/// the trace sink's place, waiting at most the mission timeout plus a margin.
int run_agent(actors::runtime& rt, const actors::agent& a, bool show_turns) {
  actors::agent_job job = rt.make_job(a);
  const std::chrono::milliseconds mission_limit = job.spec->mission_timeout;
  caf::actor progress = spawn_progress(rt.system(), job.tree.trace,
                                       {job.spec->max_turns, show_turns, isatty(STDERR_FILENO) != 0});
  job.tree.trace = progress;
  // On a node, its link runs the job (and answers node_lost if the node goes away); here, a
  // sub-agent of our own.
  const actors::agent_job owned = job;  // released when the Step is in (runtime::release)
  caf::actor sub = a.node() ? caf::actor{} : actors::spawn_sub_agent(rt.system(), std::move(job));
  // The sub-agent ends itself at its mission timeout; the margin only covers a runtime that
  // stopped answering, so that the command never waits forever.
  const auto wait = (mission_limit.count() > 0 ? mission_limit : std::chrono::milliseconds(300'000)) + 10s;
  std::optional<messages::step> step;
  std::string problem;
  std::uint64_t turns_ran = 0;
  {
    caf::scoped_actor self{rt.system()};
    auto got = [&](const actors::wire<messages::step>& s) { step = *s; };
    auto lost = [&](caf::error& err) { problem = rt.system().render(err); };
    if (sub) self->request(sub, wait, actors::run_atom::value).receive(got, lost);
    else self->request(a.node(), wait, actors::run_atom::value, std::move(job)).receive(got, lost);
    rt.release(owned);
    // Every progress line and trace event sent before the Step is out before the result.
    self->request(progress, 40s, actors::flush_atom::value).receive([](bool) {}, [](caf::error&) {});
    // The turns that ran, as the progress lines showed them: a Step from a lost node has none.
    self->request(progress, 10s, actors::stats_atom::value)
        .receive([&](std::uint64_t n) { turns_ran = n; }, [](caf::error&) {});
  }
  caf::anon_send_exit(progress, caf::exit_reason::user_shutdown);
  if (!step) {
    if (sub) caf::anon_send_exit(sub, caf::exit_reason::kill);
    std::cerr << "Failed: cancelled: no result from the agent (" << problem << ")\n";
    std::cout << json{{"error", {{"reason", "cancelled"}, {"message", "no result from the agent: " + problem}}}}.dump(2)
              << "\n";
    return exit_failed;
  }
  return print_step(*step, turns_ran);
}

/// The first line `ptc run --record` appends to its cassette: how this run was started (its
/// flags, the PTC_* variables but keys and tokens, the folder), so that `ptc replay` can start
/// it again. False after printing the error.
bool record_run_header(const std::string& cassette) {
  const auto& argv = command_line();
  json args = json::array();
  for (std::size_t i = 2; i < argv.size(); ++i) args.push_back(argv[i]);  // after "ptc run"
  json env = json::object();
  for (char** e = environ; e && *e; ++e) {
    const std::string_view entry(*e);
    const auto eq = entry.find('=');
    if (!entry.starts_with("PTC_") || eq == std::string_view::npos) continue;
    const std::string name(entry.substr(0, eq));
    if (name.find("KEY") != std::string::npos || name.find("TOKEN") != std::string::npos ||
        name.find("SECRET") != std::string::npos)
      continue;
    env[name] = std::string(entry.substr(eq + 1));
  }
  std::error_code ec;
  const auto cwd = std::filesystem::current_path(ec);
  json header{{"ptc_run", {{"args", std::move(args)}, {"env", std::move(env)},
                           {"cwd", ec ? std::string() : cwd.string()}, {"version", PTC_VERSION}}}};
  std::string line = header.dump(-1, ' ', false, json::error_handler_t::replace);
  config::redact_in_place(line);
  try {
    actors::append_file(cassette).append(line + "\n");
  } catch (const std::exception& e) {
    std::cerr << "Error: --record: cannot write " << cassette << ": " << e.what() << "\n";
    return false;
  }
  return true;
}

int run_command(const run_flags& f) {
  if (!f.write_demo_data.empty()) {
    const std::string text = demo::demo_data().dump(1) + "\n";
    if (f.write_demo_data == "-") {
      std::cout << text;
      return 0;
    }
    std::ofstream out(f.write_demo_data, std::ios::binary);
    if (!(out << text)) {
      std::cerr << "Error: cannot write " << f.write_demo_data << "\n";
      return exit_usage;
    }
    std::cerr << "wrote the demo data to " << f.write_demo_data << "\n";
    return 0;
  }
  if (!f.replay.empty() && !f.script.empty()) {
    std::cerr << "Error: give either --replay or --script, not both\n";
    return exit_usage;
  }
  if (!f.record.empty() && !record_run_header(f.record)) return exit_usage;

  auto loaded = load_data(f.data_file);
  if (!loaded) return exit_usage;
  json data = std::move(*loaded);
  auto shared = std::make_shared<const json>(data);
  auto selected = tools_flag(shared, f.tools);
  if (!selected) return exit_usage;
  const std::vector<demo::demo_tool>& tools = *selected;

  const bool default_mission = f.mission.empty();
  const std::string mission = default_mission ? std::string(demo::default_mission.text) : f.mission;
  const std::string signature =
      f.signature_set ? f.signature : default_mission ? std::string(demo::default_mission.signature) : "";

  config::environment env = config::environment::from_process();
  // The demo shows the compressed history unless the caller chose otherwise.
  if (default_mission && !env.get("PTC_COMPRESS")) env.set("PTC_COMPRESS", "1");
  std::optional<std::filesystem::path> config_file;
  if (!f.config_file.empty()) config_file = f.config_file;
  // An LLM the command names (--llm, --script, --replay, PTC_LLM): it answers for agents on
  // nodes too; without one a key in the environment picks the provider, and each node uses its own.
  const bool caller_llm = !f.llm.empty() || !f.replay.empty() || !f.script.empty() || env.get("PTC_LLM");
  config::settings settings;
  bool offline_demo = false;
  try {
    const config::overrides apply = flag_overrides(f);
    settings = config::load(config_file, env, apply);
    if (!caller_llm && settings.llm.provider == "scripted") {
      const key_default* pick = nullptr;
      for (const auto& k : key_defaults)
        if (!pick && env.get(k.variable)) pick = &k;
      if (pick) {
        settings = config::load(config_file, env, [&](config::settings& s) {
          s.llm.provider = pick->provider;
          s.llm.model = pick->model;
          apply(s);
        });
        std::cerr << "llm: " << pick->provider << ":" << pick->model << " (" << pick->variable
                  << " is set; --llm provider:model picks another)\n";
      } else {
        offline_demo = true;
      }
    }
  } catch (const config::config_error& e) {
    std::cerr << "Error: " << e.what() << "\n";
    return exit_usage;
  }

  actors::runtime_options opts = actors::runtime_options::from(settings);
  opts.scheduler_policy = f.scheduler;
  opts.replay = f.replay;
  opts.record = f.record;
  opts.trace = f.trace;
  if (settings.llm.provider == "scripted") {
    auto entries = load_script(f.script);
    if (!entries) return exit_usage;
    if (f.script.empty()) {
      // The demo's script answers only its own missions: say so now rather than fail a turn.
      bool known = std::any_of(entries->begin(), entries->end(), [&](const actors::script_entry& e) {
        return mission.find(e.match) != std::string::npos;
      });
      if (!known) {
        std::cerr << "Error: no API key found, and the offline demo's scripted LLM only answers its own "
                     "missions. Set OPENAI_API_KEY or ANTHROPIC_API_KEY (or use --llm provider:model, "
                     "--script FILE) for other missions. The demo missions:\n";
        for (const auto& m : demo::scripted_missions) std::cerr << "  ptc run \"" << m.text << "\"\n";
        return exit_usage;
      }
    }
    opts.script = actors::script_from(std::move(*entries));
  }
  if (offline_demo)
    std::cerr << "offline demo: scripted LLM, no API key found; set OPENAI_API_KEY or ANTHROPIC_API_KEY "
                 "(or use --llm provider:model) to use a real model\n";

  // Which node each agent runs on (--nodes); none: this process.
  std::optional<actors::placement> place;
  std::vector<actors::node_address> node_list;
  if (!f.nodes.empty()) {
    try {
      node_list = actors::parse_node_list(f.nodes);
      place = actors::parse_placement(f.placement);
    } catch (const std::invalid_argument& e) {
      std::cerr << "Error: --nodes: " << e.what() << "\n";
      return exit_usage;
    }
    opts.network = true;
  } else if (f.agents > 1) {
    std::cerr << "Error: --agents spreads copies of the mission over --nodes; give --nodes too\n";
    return exit_usage;
  }

  std::cerr << "mission: " << mission << "\n";
  std::cerr << "data: " << data_summary(data) << "; tools: " << tools.size()
            << (settings.tools.mcp.empty() ? "" : " + MCP servers: " + std::to_string(settings.tools.mcp.size()))
            << "; llm: "
            << llm_label(settings.llm) << "; compression: "
            << (settings.agent.compress ? "on (" + std::to_string(settings.agent.println_limit) + " printlns, " +
                                              std::to_string(settings.agent.tool_call_limit) + " tool calls)"
                                        : std::string("off"))
            << "; max turns: " << settings.agent.max_turns << "\n";
  try {
    actors::runtime rt{std::move(opts)};
    // MCP servers: each started once, its tools shared by every agent of this run. One that does
    // not come up stops the command before any mission starts.
    std::vector<std::string> taken;
    for (const auto& t : tools) taken.push_back(t.name);
    auto mcp = connect_mcp_servers(rt.system(), settings.tools.mcp, taken);
    if (!mcp) return exit_usage;
    const std::vector<actors::tool_binding>& mcp_tools = mcp->tools;
    if (f.list_tools) {
      // As the LLM reads them in the tool/ section.
      for (const auto& t : tools) std::cout << messages::render_tool_line({t.name, t.description, t.signature}) << "\n";
      for (const auto& b : mcp_tools) std::cout << messages::render_tool_line(b.spec) << "\n";
      return 0;
    }
    std::optional<actors::cluster> nodes;
    if (place) nodes.emplace(rt, node_list, *place);
    // One agent; on node `k` (when there are nodes) a tool the node serves is called there.
    auto make_agent = [&](std::optional<std::size_t> k) {
      actors::agent a("analyst");
      a.mission(mission).data(data);
      if (!signature.empty()) a.signature(signature);
      for (const auto& t : tools) {
        const auto& served = k ? nodes->tools(*k) : std::vector<actors::tool_binding>{};
        auto it = std::find_if(served.begin(), served.end(), [&](const auto& b) { return b.spec.name == t.name; });
        if (it != served.end()) a.tool(*it);
        else a.tool(t.name, t.description, t.signature, t.fn);
      }
      for (const auto& b : mcp_tools) a.tool(b);
      if (k) {
        a.on(nodes->node(*k));
        if (caller_llm) a.llm(rt.llm());
      }
      return a;
    };
    if (!nodes) return run_agent(rt, make_agent(std::nullopt), f.show_turns);
    std::cerr << "nodes: " << f.nodes << " (" << f.placement << "; llm: "
              << (caller_llm ? "this process's" : "each node's own") << ")\n";
    if (f.agents == 1) {
      const std::size_t k = nodes->pick();
      std::cerr << "node: " << nodes->address(k).label() << "\n";
      return run_agent(rt, make_agent(k), f.show_turns);
    }
    std::vector<actors::agent> agents;
    for (std::size_t i = 0; i < f.agents; ++i) agents.push_back(make_agent(nodes->pick()));
    const auto started = std::chrono::steady_clock::now();
    const auto steps = rt.run_all(agents);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    json results = json::array();
    std::size_t ok = 0;
    for (const auto& s : steps) {
      if (s.ok()) {
        ++ok;
        results.push_back(messages::value_as_plain_json(*s.return_value));
      } else {
        results.push_back(json{{"error", {{"reason", messages::reason_name(s.fail->reason)}, {"message", s.fail->message}}}});
      }
    }
    for (std::size_t k = 0; k < nodes->size(); ++k)
      std::cerr << "node " << nodes->address(k).label() << ": " << nodes->counters(k).sent.load()
                << " requests (runs and tool calls), " << nodes->counters(k).failed.load() << " failed\n";
    std::cerr << f.agents << " agents: " << ok << " returned, " << (f.agents - ok) << " failed, "
              << std::fixed << std::setprecision(2) << seconds << " s\n";
    std::cout << results.dump(2) << "\n";
    return ok == f.agents ? 0 : exit_failed;
  } catch (const std::exception& e) {  // node_error, config_error and the rest alike
    std::cerr << "Error: " << e.what() << "\n";
    return exit_usage;
  }
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<run_flags>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Run an agent on a mission (without an API key: the offline demo)");
  cmd->add_option("mission", f->mission, "The question or task (default: the demo mission)");
  cmd->add_option("--data", f->data_file, "JSON object file; its keys become data/KEY (default: the demo data)");
  cmd->add_option("--tools", f->tools, "Comma-separated tool names (default: all; see --list-tools)");
  add_scheduler_option(cmd, f->scheduler);
  cmd->add_flag("--list-tools", f->list_tools, "Print the tools as the LLM reads them (MCP servers' too) and exit");
  cmd->add_option("--mcp", f->mcp, "An MCP server on stdio whose tools become tool/NAME.TOOL: NAME='command args...' (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--mcp-url", f->mcp_url,
                  "An MCP server over Streamable HTTP whose tools become tool/NAME.TOOL: NAME=URL (repeatable; "
                  "headers and tokens: tools.mcp in --config)")
      ->allow_extra_args(false);
  add_llm_options(cmd, f->llm, f->script, f->replay, "the mission");
  auto* max_turns = cmd->add_option("--max-turns", f->max_turns, "LLM calls per mission (default 5)")
                        ->check(CLI::PositiveNumber);
  auto* compress = cmd->add_flag("--compress{on}", f->compress,
                                 "Compressed history; --compress=P,T sets the println and tool call "
                                 "limits (default for the demo mission)");
  cmd->add_flag("--no-compress", f->no_compress, "Full history (every response and result)");
  auto* signature = cmd->add_option("--signature", f->signature, "Output signature, e.g. '{total :float}'");
  cmd->add_option("--trace", f->trace, "Append a JSONL trace of the run to FILE");
  cmd->add_option("--record", f->record, "Append every LLM exchange to the JSONL cassette FILE");
  cmd->add_option("--config", f->config_file, "Settings file (JSON; see config/README.md)");
  cmd->add_option("--log-level", f->log_level, "trace, debug, info, warn (default), error, critical, off");
  auto* timeout = cmd->add_option("--timeout-ms", f->timeout_ms, "Wall time of the whole mission in ms (default 300000)")
                      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-string-bytes", f->max_string_bytes,
                  "Longest string a program may build, in bytes (default 16777216)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-print-chars", f->max_print_chars, "Characters kept per println call (default 2000)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-output-bytes", f->max_output_bytes,
                  "All printed output of one program run in bytes (default 1048576)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--show-turns", f->show_turns, "Print each turn's response, output and error on stderr");
  cmd->add_option("--nodes", f->nodes, "Run on these nodes (`ptc node`): HOST:PORT,HOST:PORT,...");
  add_tls_options(cmd, f->tls, "the nodes");
  cmd->add_option("--placement", f->placement, "round-robin (default) or least-loaded");
  cmd->add_option("--agents", f->agents, "With --nodes: run N copies of the mission spread over the nodes")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--write-demo-data", f->write_demo_data, "Write the demo data as JSON to FILE (- for stdout) and exit");
  cmd->callback([f, max_turns, compress, signature, timeout, &exit_code] {
    f->max_turns_set = max_turns->count() > 0;
    f->compress_set = compress->count() > 0;
    f->signature_set = signature->count() > 0;
    f->timeout_set = timeout->count() > 0;
    exit_code = run_command(*f);
  });
}

}  // namespace ptc::cli
