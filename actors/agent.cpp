// The agent builder (see agent.hpp).
#include "ptc/actors/agent.hpp"

#include "ptc/messages/mission.hpp"

namespace ptc::actors {

agent::agent(std::string name) { spec_.name = std::move(name); }

agent& agent::mission(std::string text) {
  spec_.mission = std::move(text);
  return *this;
}

agent& agent::description(std::string text) {
  spec_.description = std::move(text);
  return *this;
}

agent& agent::signature(std::string text) {
  spec_.signature = std::move(text);
  return *this;
}

agent& agent::data(nlohmann::ordered_json obj) {
  spec_.data = std::move(obj);
  return *this;
}

agent& agent::max_turns(std::size_t n) {
  max_turns_ = n;
  spec_.max_turns = n;
  return *this;
}

agent& agent::compress(bool on) {
  return compression(on ? messages::compression_options::on() : messages::compression_options::off());
}

agent& agent::compression(messages::compression_options c) {
  compression_ = c;
  spec_.compression = c;
  return *this;
}

agent& agent::limits(lisp::limits l) {
  limits_ = l;
  spec_.limits = l;
  return *this;
}

agent& agent::timeout(std::chrono::milliseconds mission_timeout) {
  timeout_ = mission_timeout;
  spec_.mission_timeout = mission_timeout;
  return *this;
}

agent& agent::system_prompt(messages::system_prompt_options o) {
  spec_.system_prompt = std::move(o);
  return *this;
}

agent& agent::llm(caf::actor llm_actor) {
  llm_ = std::move(llm_actor);
  return *this;
}

agent& agent::on(caf::actor node_link) {
  node_ = std::move(node_link);
  return *this;
}

agent& agent::tool(std::string name, std::string description, std::string signature,
                   lisp::tool_fn fn, tool_options opts) {
  tool_entry e;
  e.spec = {std::move(name), std::move(description), std::move(signature)};
  e.fn = std::move(fn);
  e.blocking = opts.blocking;
  spec_.tools.push_back(e.spec);
  tools_.push_back(std::move(e));
  return *this;
}

agent& agent::tool(const agent& child) {
  tool_entry e;
  e.spec = child.as_tool_spec();
  e.child = std::make_shared<const agent>(child);
  spec_.tools.push_back(e.spec);
  tools_.push_back(std::move(e));
  return *this;
}

agent& agent::tool(messages::tool_spec spec, caf::actor handle) {
  return tool(tool_binding{std::move(spec), std::move(handle), 0, false, nullptr});
}

agent& agent::tool(const tool_binding& binding) {
  tool_entry e;
  e.spec = binding.spec;
  e.handle = binding.handle;
  e.timeout_ms = binding.timeout_ms;
  spec_.tools.push_back(e.spec);
  tools_.push_back(std::move(e));
  return *this;
}

messages::tool_spec agent::as_tool_spec() const {
  messages::tool_spec t{spec_.name, spec_.description, spec_.signature};
  if (!t.signature.empty() && t.signature.front() == '(') return t;
  // An output-only signature (or none): the parameters are the mission's {{placeholders}}
  // that the agent's own data does not already fill, so the parent knows what to pass.
  std::string params;
  for (const auto& p : messages::placeholders(spec_.mission)) {
    const auto top = p.substr(0, p.find('.'));
    if (spec_.data.is_object() && spec_.data.contains(top)) continue;
    if (params.find("(" + top + " ") != std::string::npos ||
        params.find(", " + top + " ") != std::string::npos) {
      continue;
    }
    params += (params.empty() ? "(" : ", ") + top + " :any";
  }
  if (params.empty()) params = "(";
  t.signature = params + ") -> " + (spec_.signature.empty() ? std::string(":any") : spec_.signature);
  return t;
}

}  // namespace ptc::actors
