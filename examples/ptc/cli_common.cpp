#include "examples/ptc/cli_common.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <iostream>
#include <set>
#include <stdexcept>

#include "ptc/lisp/json.hpp"
#include "ptc/messages/signature.hpp"
#include "examples/demo/demo_missions.hpp"

namespace ptc::cli {

sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

std::vector<std::string> split_command(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) out.push_back(std::move(cur));
      cur.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      const std::size_t end = text.find('\'', i + 1);
      if (end == std::string::npos) throw std::invalid_argument("unterminated ' in: " + text);
      cur.append(text, i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      for (++i;; ++i) {
        if (i >= text.size()) throw std::invalid_argument("unterminated \" in: " + text);
        if (text[i] == '"') break;
        if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) ++i;
        cur += text[i];
      }
    } else if (c == '\\') {
      if (++i >= text.size()) throw std::invalid_argument("trailing \\ in: " + text);
      cur += text[i];
    } else {
      cur += c;
    }
  }
  if (in_word) out.push_back(std::move(cur));
  return out;
}

config::mcp_server parse_mcp_flag(const std::string& flag) {
  const std::size_t eq = flag.find('=');
  if (eq == std::string::npos || eq == 0)
    throw std::invalid_argument("expected NAME='command args...', got: " + flag);
  config::mcp_server m;
  m.name = flag.substr(0, eq);
  auto words = split_command(flag.substr(eq + 1));
  if (words.empty()) throw std::invalid_argument(m.name + ": no command");
  m.command = words.front();
  m.args.assign(words.begin() + 1, words.end());
  return m;
}

config::mcp_server parse_mcp_url_flag(const std::string& flag) {
  const std::size_t eq = flag.find('=');
  if (eq == std::string::npos || eq == 0) throw std::invalid_argument("expected NAME=URL, got: " + flag);
  config::mcp_server m;
  m.name = flag.substr(0, eq);
  m.url = flag.substr(eq + 1);
  if (!m.url.starts_with("http://") && !m.url.starts_with("https://"))
    throw std::invalid_argument(m.name + ": expected an http:// or https:// URL, got \"" + m.url + "\"");
  return m;
}

void apply_mcp_flags(config::settings& s, const std::vector<std::string>& stdio_flags,
                     const std::vector<std::string>& url_flags) {
  auto add = [&](const char* option, const std::string& flag, config::mcp_server (*parse)(const std::string&)) {
    try {
      config::mcp_server m = parse(flag);
      for (const auto& other : s.tools.mcp)
        if (other.name == m.name) throw std::invalid_argument("\"" + m.name + "\" names two servers");
      s.tools.mcp.push_back(std::move(m));
    } catch (const std::invalid_argument& e) {
      throw config::config_error(option, e.what());
    }
  };
  for (const auto& flag : stdio_flags) add("--mcp", flag, parse_mcp_flag);
  for (const auto& flag : url_flags) add("--mcp-url", flag, parse_mcp_url_flag);
}

std::optional<mcp_connections> connect_mcp_servers(caf::actor_system& sys,
                                                   const std::vector<config::mcp_server>& servers,
                                                   const std::vector<std::string>& taken) {
  mcp_connections out;
  std::set<std::string> names(taken.begin(), taken.end());
  for (const auto& server : servers) {
    auto connected = actors::mcp_client::connect(sys, server);
    if (auto* problem = std::get_if<std::string>(&connected)) {
      std::cerr << "Error: " << *problem << "\n";
      return std::nullopt;
    }
    out.clients.push_back(std::get<0>(connected));
    for (const auto& b : out.clients.back()->tools()) {
      if (!names.insert(b.spec.name).second) {
        std::cerr << "Error: tool/" << b.spec.name << " is offered twice (MCP server " << server.name
                  << " and another); give the server a \"prefix\" in tools.mcp\n";
        return std::nullopt;
      }
      out.tools.push_back(b);
    }
  }
  return out;
}

namespace {
std::vector<std::string>& stored_command_line() {
  static std::vector<std::string> args;
  return args;
}
}  // namespace

void set_command_line(int argc, char** argv) { stored_command_line().assign(argv, argv + argc); }

const std::vector<std::string>& command_line() { return stored_command_line(); }

std::optional<actors::trace_contents> read_trace_file(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::cerr << "Error: cannot read " << file << "\n";
    return std::nullopt;
  }
  try {
    return actors::read_trace(in);
  } catch (const std::exception& e) {
    std::cerr << "Error: " << file << ": " << e.what() << " (a trace is `ptc run --trace FILE.jsonl`)\n";
    return std::nullopt;
  }
}

void apply_llm_flags(config::settings& s, const std::string& llm, const std::string& replay,
                     const std::string& script, const std::string& log_level) {
  if (!llm.empty()) {
    try {
      config::llm_choice c = config::parse_llm(llm);
      s.llm.provider = c.provider;
      s.llm.model = c.model;
    } catch (const config::config_error& e) {
      throw config::config_error("--llm", e.message());
    }
  }
  // A cassette answers for any provider: the model named by --llm, if any, must match.
  if (!replay.empty()) s.llm.provider = "replay";
  if (!script.empty()) s.llm.provider = "scripted";
  if (!log_level.empty()) s.log.level = log_level;
}

std::string llm_label(const config::llm_settings& llm) {
  return llm.model.empty() ? llm.provider : llm.provider + ":" + llm.model;
}

std::optional<std::vector<actors::script_entry>> load_script(const std::string& script) {
  try {
    return actors::read_script_file(script.empty() ? demo::script_path() : std::filesystem::path(script));
  } catch (const std::exception& e) {
    std::cerr << "Error: " << e.what() << "\n";
    return std::nullopt;
  }
}

void add_llm_options(CLI::App* cmd, std::string& llm, std::string& script, std::string& replay, const std::string& who) {
  cmd->add_option("--llm", llm,
                  "The LLM of " + who + ": provider:model, e.g. openai:gpt-4o-mini, anthropic:claude-sonnet-4-0 "
                  "(default: the settings')");
  cmd->add_option("--script", script,
                  "Scripted LLM responses for " + who + " (JSON {\"scripts\": [...]}; without a key: the demo's)");
  cmd->add_option("--replay", replay, "Answer the LLM calls of " + who + " from the JSONL cassette FILE (never calls a model)");
}

void add_tls_options(CLI::App* cmd, tls_flags& f, const std::string& who) {
  const std::string group = "TLS (mutual; `ptc certs init DIR` makes the files)";
  cmd->add_option("--tls-cert", f.cert, "PEM certificate this process shows " + who + " (node.tls.cert)")->group(group);
  cmd->add_option("--tls-key", f.key, "PEM private key of --tls-cert (node.tls.key)")->group(group);
  cmd->add_option("--tls-ca", f.ca, "PEM CA certificate that must have signed the certificate of " + who + " (node.tls.ca)")
      ->group(group);
}

void apply_tls_flags(config::settings& s, const tls_flags& f) {
  if (!f.cert.empty()) s.node.tls.cert = f.cert;
  if (!f.key.empty()) s.node.tls.key = f.key;
  if (!f.ca.empty()) s.node.tls.ca = f.ca;
}

void add_scheduler_option(CLI::App* cmd, std::string& policy) {
  policy = default_scheduler;
  cmd->add_option("--scheduler", policy,
                  "scheduler policy: home (default: each actor on one worker, idle workers take queued work), "
                  "sharing (CAF's one queue, woken at once by a reply from outside the process) or stealing "
                  "(CAF's default: spreads many short actors over many cores)")
      ->check(CLI::IsMember({"home", "sharing", "stealing"}));
}

actors::agent declared_agent(const nlohmann::ordered_json& d, std::vector<std::string>& tools) {
  actors::agent a(d.at("name").get<std::string>());
  a.mission(d.at("mission").get<std::string>());
  if (d.contains("description")) a.description(d["description"].get<std::string>());
  if (d.contains("signature")) {
    const std::string text = d["signature"].get<std::string>();
    const auto parsed = messages::parse_signature(text);
    if (const auto* e = std::get_if<messages::signature_error>(&parsed))
      throw std::invalid_argument("signature: " + e->message);
    a.signature(text);
  }
  if (d.contains("max_turns")) a.max_turns(d["max_turns"].get<std::size_t>());
  tools = split_names(d.value("tools", std::string()));
  return a;
}

}  // namespace ptc::cli
