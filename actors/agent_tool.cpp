// Sub-agents as tools, and materializing an agent's tools (see agent_tool.hpp).
#include "ptc/actors/agent_tool.hpp"

#include "ptc/actors/sub_agent.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/messages/serialization.hpp"

namespace ptc::actors {
namespace {

/// The interpreter's wait for a sub-agent tool: the child's whole mission, plus a margin so
/// the child's own mission_timeout (a clear Step) fires before the caller gives up.
constexpr std::chrono::milliseconds child_margin{5'000};
constexpr std::chrono::hours no_deadline{24};

tool_result answer_from(const wire<messages::step>& s, const std::string& name) {
  tool_result r;
  if (s->ok()) {
    try {
      r.value = lisp::to_json(*s->return_value).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
      r.ok = true;
    } catch (const lisp::lisp_exception& e) {
      // A function, an infinite seq, data nested too deep: the mission succeeded, but its value
      // cannot reach the caller (the exception ended this actor before, and the call hung).
      r.error = "sub-agent " + name + " returned a value that cannot be sent as JSON: " + e.err().message;
    } catch (const std::exception& e) {
      r.error = "sub-agent " + name + " returned a value ptc could not convert: " + e.what();
    }
  } else {
    r.error = "sub-agent " + name + " failed (" + messages::reason_name(s->fail->reason) +
              "): " + s->fail->message;
  }
  r.children.push_back(s);
  return r;
}

tool_result could_not_start(const std::string& name, const std::exception& e) {
  return tool_result{false, "", "sub-agent " + name + " could not start: " + e.what(), {}};
}

/// Starts one mission of the sub-agent `child` for `call`; its promise is answered with the Step.
caf::result<tool_result> start_child(caf::event_based_actor* self, const std::shared_ptr<const materialized_agent>& child,
                                     const tool_call& call) {
  const auto& name = child->spec.name;
  nlohmann::ordered_json args = lisp::parse_outside_json<nlohmann::ordered_json>(call.args);
  if (args.is_discarded()) {
    return tool_result{false, "", "sub-agent " + name + ": arguments are not JSON" +
                                      (lisp::json_too_deep(call.args) ? " within ptc's nesting limit" : ""),
                       {}};
  }
  messages::agent_spec spec = child->spec;
  if (!args.is_object()) {
    return tool_result{false, "", "sub-agent " + name + " takes a map of arguments", {}};
  }
  if (!spec.data.is_object()) spec.data = nlohmann::ordered_json::object();
  for (auto& [k, v] : args.items()) spec.data[k] = v;
  if (!child->compression_set && !call.context.compression.empty()) {
    try {
      spec.compression = messages::compression_from_json(
          nlohmann::ordered_json::parse(call.context.compression));
    } catch (const std::exception&) {
      // A malformed inherited value: keep the child's default rather than fail the call.
    }
  }
  agent_job job;
  job.spec = wire<messages::agent_spec>{std::move(spec)};
  job.tools = child->tools;
  job.llm = child->llm ? child->llm : call.context.llm;
  job.interpreter = call.context.interpreter;
  job.tree = call.context;
  job.tree.depth += 1;
  auto rp = self->make_response_promise<tool_result>();
  // On another node, the node's link runs it; here, a sub-agent of our own.
  // No timeout here: both always answer (the child's mission timeout, a CAF error if it
  // dies, the link's node_lost Step if its node goes away), the caller's interpreter
  // times the call out, and a request timer would keep this actor referenced long after
  // the answer.
  auto on_step = [=](const wire<messages::step>& s) mutable { rp.deliver(answer_from(s, name)); };
  auto on_error = [=](caf::error& err) mutable {
    rp.deliver(tool_result{false, "",
                           "sub-agent " + name + " did not finish: " + self->system().render(err),
                           {}});
  };
  // The promise took the request over: from here on a failure must answer through it.
  try {
    if (child->node) {
      self->request(child->node, caf::infinite, run_atom::value, std::move(job)).then(on_step, on_error);
    } else {
      auto sub = spawn_sub_agent(self->system(), std::move(job));
      self->request(sub, caf::infinite, run_atom::value).then(on_step, on_error);
    }
  } catch (const std::exception& e) {
    rp.deliver(could_not_start(name, e));
  }
  return rp;
}

caf::behavior agent_tool(caf::event_based_actor* self,
                         std::shared_ptr<const materialized_agent> child) {
  // The child's tools serve every call of this tool and end with it (see release_owned).
  self->attach_functor([child] { release_owned(child->tools); });
  return {
      [=](tool_atom, const tool_call& call) -> caf::result<tool_result> {
        // An exception escaping would end this actor, and with it the answers of every call of
        // this tool still running (their promises live in its response handlers).
        try {
          return start_child(self, child, call);
        } catch (const std::exception& e) {
          return could_not_start(child->spec.name, e);
        }
      },
  };
}

/// `a` materialized with `spec` (a's spec, copied or taken).
materialized_agent materialize_with(caf::actor_system& sys, const agent& a, messages::agent_spec spec,
                                    const agent_defaults& d) {
  materialized_agent m;
  m.spec = std::move(spec);
  m.spec.max_turns = a.max_turns_set().value_or(d.max_turns);
  m.spec.limits = a.limits_set().value_or(d.limits);
  m.spec.mission_timeout = a.timeout_set().value_or(d.mission_timeout);
  m.compression_set = a.compression_set().has_value();
  m.spec.compression = a.compression_set().value_or(d.compression);
  m.llm = a.llm_set();
  m.node = a.node();
  for (const auto& e : a.tools()) {
    tool_binding b;
    b.spec = e.spec;
    if (e.child) {
      auto child = std::make_shared<const materialized_agent>(materialize(sys, *e.child, d));
      const auto t = child->spec.mission_timeout;
      b.timeout_ms = t.count() > 0 ? (t + child_margin).count()
                                   : std::chrono::milliseconds(no_deadline).count();
      b.handle = spawn_agent_tool(sys, std::move(child));
      b.owned = true;
    } else if (e.fn) {
      b.handle = spawn_function_tool(sys, e.fn, tool_options{e.blocking});
      b.owned = true;
    } else {
      b.handle = e.handle;
      b.timeout_ms = e.timeout_ms;
    }
    m.tools.push_back(std::move(b));
  }
  return m;
}

}  // namespace

materialized_agent materialize(caf::actor_system& sys, const agent& a, const agent_defaults& d) {
  return materialize_with(sys, a, a.spec(), d);
}

materialized_agent materialize(caf::actor_system& sys, agent&& a, const agent_defaults& d) {
  messages::agent_spec spec = std::move(a).take_spec();
  return materialize_with(sys, a, std::move(spec), d);
}

caf::actor spawn_agent_tool(caf::actor_system& sys,
                            std::shared_ptr<const materialized_agent> child) {
  return sys.spawn(agent_tool, std::move(child));
}

}  // namespace ptc::actors
