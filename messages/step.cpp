// Step: failure reason names (used in traces, the CLI and parent agents' error messages).
#include "messages/step.hpp"

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
  }
  return "failed";
}

step failed_before_turns(std::string agent_name, failure_reason reason, std::string message) {
  step s;
  s.agent_name = std::move(agent_name);
  s.fail = failure{reason, std::move(message), {}};
  return s;
}

}  // namespace ptc::messages
