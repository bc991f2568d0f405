#pragma once
// The C++ API for describing agents: a value you build, copy and nest.
//
//   auto researcher = ptc::actors::agent("researcher")
//       .mission("Find the best-rated product in {{category}}")
//       .description("Finds the best product of a category")
//       .signature("(category :string) -> {name :string, rating :float}")
//       .tool("search", "Products of a category", "(category :string) -> [{name :string}]",
//             [](const json& args) { return catalogue(args["category"]); });
//   auto boss = ptc::actors::agent("boss")
//       .mission("Compare laptops and phones")
//       .tool(researcher)            // a sub-agent as a tool: (tool/researcher {:category ..})
//       .compress();                 // SingleUserCoalesced, println 15, tool calls 20
//   messages::step s = rt.run(boss); // actors/runtime.hpp
//
// Options a sub-agent leaves unset are inherited from its parent when it runs as a tool
// (API-007: llm and compression); the runtime's settings fill in the rest.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <caf/all.hpp>
#include <nlohmann/json.hpp>

#include "ptc/actors/tools.hpp"
#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::actors {

class agent;

/// One tool of an agent: a C++ function, a sub-agent, or an actor serving tool calls.
struct tool_entry {
  messages::tool_spec spec;
  lisp::tool_fn fn;                    ///< a C++ function tool
  bool blocking = false;               ///< fn may block: its actor gets a thread of its own
  std::shared_ptr<const agent> child;  ///< a sub-agent tool
  caf::actor handle;                   ///< an actor tool (e.g. on another node)
  std::int64_t timeout_ms = 0;         ///< an actor tool's call timeout (0: the interpreter's)
};

class agent {
 public:
  explicit agent(std::string name = "");

  agent& mission(std::string text);        ///< a template: {{key}} filled from data / tool args
  agent& description(std::string text);    ///< one line, shown when used as a tool
  agent& signature(std::string text);      ///< "(q :string) -> {total :float}" or "{...}"
  agent& data(nlohmann::ordered_json obj); ///< inputs: data/KEY and {{KEY}}
  agent& max_turns(std::size_t n);
  agent& compress(bool on = true);         ///< on: SingleUserCoalesced with the default limits
  agent& compression(messages::compression_options c);
  agent& limits(lisp::limits l);           ///< per program run
  agent& timeout(std::chrono::milliseconds mission_timeout);
  agent& system_prompt(messages::system_prompt_options o);
  agent& llm(caf::actor llm_actor);        ///< this agent's LLM (default: inherited/runtime's)
  /// Where this agent runs: a node's link (cluster::node(i)); invalid (default): this process.
  /// Run on a node, it uses the node's LLM unless it sets llm() (as a sub-agent tool: the
  /// LLM it inherits); its tools stay where they are and are called across the network.
  agent& on(caf::actor node_link);

  /// A C++ function tool. `signature` as in tool_spec, e.g. "(id :int) -> {name :string}".
  agent& tool(std::string name, std::string description, std::string signature,
              lisp::tool_fn fn, tool_options opts = {});
  /// A sub-agent as a tool, named after it; its description and signature are its own.
  agent& tool(const agent& child);
  /// A tool served by an actor answering (tool_atom, tool_call) -> tool_result.
  agent& tool(messages::tool_spec spec, caf::actor handle);
  /// An actor tool with its call timeout, e.g. cluster::tool(i, name) (a node's sub-agent tool
  /// needs longer than the interpreter's default).
  agent& tool(const tool_binding& binding);

  const std::string& name() const { return spec_.name; }
  /// The spec as set so far (unset options hold their defaults).
  const messages::agent_spec& spec() const { return spec_; }
  /// The spec moved out, for a run that takes the agent (its mission and data are not copied);
  /// the other settings stay.
  messages::agent_spec take_spec() && { return std::move(spec_); }
  const std::vector<tool_entry>& tools() const { return tools_; }
  const std::optional<std::size_t>& max_turns_set() const { return max_turns_; }
  const std::optional<messages::compression_options>& compression_set() const { return compression_; }
  const std::optional<lisp::limits>& limits_set() const { return limits_; }
  const std::optional<std::chrono::milliseconds>& timeout_set() const { return timeout_; }
  const caf::actor& llm_set() const { return llm_; }
  const caf::actor& node() const { return node_; }
  /// The tool spec this agent shows when used as a tool: name, description, and its signature
  /// with the parameters taken from its mission's {{placeholders}} when it has none.
  messages::tool_spec as_tool_spec() const;

 private:
  messages::agent_spec spec_;
  std::vector<tool_entry> tools_;
  std::optional<std::size_t> max_turns_;
  std::optional<messages::compression_options> compression_;
  std::optional<lisp::limits> limits_;
  std::optional<std::chrono::milliseconds> timeout_;
  caf::actor llm_;
  caf::actor node_;
};

}  // namespace ptc::actors
