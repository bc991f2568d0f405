// Step: failure reason names (used in traces, the CLI and parent agents' error messages).
#include "ptc/messages/step.hpp"

#include "ptc/messages/text.hpp"

namespace ptc::messages {

const char* reason_name(failure_reason r) {
  switch (r) {
    case failure_reason::failed: return "failed";
    case failure_reason::max_turns_exceeded: return "max_turns_exceeded";
    case failure_reason::mission_timeout: return "mission_timeout";
    case failure_reason::llm_error: return "llm_error";
    case failure_reason::turn_budget_exhausted: return "turn_budget_exhausted";
    case failure_reason::max_depth_exceeded: return "max_depth_exceeded";
    case failure_reason::invalid_spec: return "invalid_spec";
    case failure_reason::cancelled: return "cancelled";
    case failure_reason::node_lost: return "node_lost";
    case failure_reason::refused: return "refused";
  }
  return "failed";
}

step failed_before_turns(std::string agent_name, failure_reason reason, std::string message) {
  step s;
  s.agent_name = std::move(agent_name);
  s.fail = failure{reason, std::move(message), {}};
  return s;
}

namespace {

nlohmann::ordered_json bounded_json(nlohmann::ordered_json j, std::size_t limit) {
  std::string text = j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  if (text.size() <= limit) return j;
  const std::size_t size = text.size();
  return cut_utf8(std::move(text), limit) + " (" + std::to_string(size) + " bytes of JSON; cut on the way between nodes)";
}

}  // namespace

turn bounded_for_peer(const turn& t, std::size_t max_tool_json_bytes) {
  turn copy = t;
  copy.memory = nullptr;
  std::vector<lisp::tool_call_record> calls = copy.tool_calls.vector();
  for (auto& call : calls) {
    call.args = bounded_json(std::move(call.args), max_tool_json_bytes);
    if (call.result) call.result = bounded_json(std::move(*call.result), max_tool_json_bytes);
  }
  copy.tool_calls = std::move(calls);
  std::vector<std::shared_ptr<const step>> children = copy.children.vector();
  for (auto& child : children)
    if (child) child = std::make_shared<const step>(bounded_for_peer(*child, max_tool_json_bytes));
  copy.children = std::move(children);
  return copy;
}

step bounded_for_peer(const step& s, std::size_t max_tool_json_bytes) {
  step out = s;
  for (auto& t : out.turns) t = std::make_shared<const turn>(bounded_for_peer(*t, max_tool_json_bytes));
  return out;
}

}  // namespace ptc::messages
