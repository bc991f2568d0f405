// Codecs of the messages-layer payloads and the CAF type registration (see wire.hpp).
#include "ptc/actors/wire.hpp"

#include "ptc/actors/http.hpp"
#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/llm.hpp"
#include "ptc/actors/node.hpp"
#include "ptc/actors/sub_agent.hpp"
#include "ptc/actors/tools.hpp"
#include "ptc/actors/tree.hpp"
#include "ptc/messages/serialization.hpp"

namespace ptc::actors {

std::string codec<messages::step>::encode(const messages::step& s) {
  return messages::to_json(s).dump();
}

messages::step codec<messages::step>::decode(const std::string& text) {
  return messages::step_from_json(messages::json::parse(text));
}

std::string codec<messages::agent_spec>::encode(const messages::agent_spec& s) {
  return messages::to_json(s).dump();
}

messages::agent_spec codec<messages::agent_spec>::decode(const std::string& text) {
  return messages::agent_spec_from_json(messages::json::parse(text));
}

void register_types(caf::actor_system_config& cfg) {
  // Names are part of the wire protocol between nodes: both sides must use the same ones.
  cfg.add_message_type<wire<messages::step>>("ptc::step");
  cfg.add_message_type<std::vector<wire<messages::step>>>("ptc::steps");
  cfg.add_message_type<wire<messages::agent_spec>>("ptc::agent_spec");
  cfg.add_message_type<wire<llm_request>>("ptc::llm_request");
  cfg.add_message_type<wire<llm_response>>("ptc::llm_response");
  cfg.add_message_type<wire<eval_request>>("ptc::eval_request");
  cfg.add_message_type<wire<eval_reply>>("ptc::eval_reply");
  cfg.add_message_type<http_request>("ptc::http_request");
  cfg.add_message_type<http_response>("ptc::http_response");
  cfg.add_message_type<http_stats>("ptc::http_stats");
  cfg.add_message_type<llm_stats>("ptc::llm_stats");
  cfg.add_message_type<interpreter_stats>("ptc::interpreter_stats");
  cfg.add_message_type<tool_call>("ptc::tool_call");
  cfg.add_message_type<tool_result>("ptc::tool_result");
  cfg.add_message_type<messages::tool_spec>("ptc::tool_spec");
  cfg.add_message_type<tool_binding>("ptc::tool_binding");
  cfg.add_message_type<std::vector<tool_binding>>("ptc::tool_bindings");
  cfg.add_message_type<tree_context>("ptc::tree_context");
  cfg.add_message_type<agent_job>("ptc::agent_job");
  cfg.add_message_type<node_info>("ptc::node_info");
  cfg.add_message_type<node_load>("ptc::node_load");
}

}  // namespace ptc::actors
