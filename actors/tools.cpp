// A C++ callable as a tool actor: (tool_atom, tool_call) -> tool_result. Whatever the callable
// does (throws, returns something that cannot be sent as JSON), the actor answers with a
// tool_result, so a faulty tool fails its call and never the actor or the program's run.
#include "ptc/actors/tools.hpp"

#include <exception>
#include <string>
#include <utility>

namespace ptc::actors {

namespace {

/// nlohmann's what() starts with "[json.exception.type_error.302] "; the program's error
/// message should read like the rest of them, so the bracketed id goes.
std::string json_message(const nlohmann::json::exception& e) {
  std::string text = e.what();
  if (!text.empty() && text.front() == '[') {
    if (auto end = text.find("] "); end != std::string::npos) text.erase(0, end + 2);
  }
  return text;
}

tool_result failed(std::string message) {
  tool_result r;
  r.error = message.empty() ? std::string("the tool failed without a message") : std::move(message);
  return r;
}

/// Runs one call to completion; never throws.
tool_result call_function(const lisp::tool_fn& fn, const tool_call& call) {
  nlohmann::ordered_json args;
  try {
    args = call.args.empty() ? nlohmann::ordered_json::object() : nlohmann::ordered_json::parse(call.args);
  } catch (const nlohmann::json::exception& e) {
    return failed("the arguments are not valid JSON: " + json_message(e));
  }
  try {
    nlohmann::ordered_json result = fn(args);
    if (result.is_discarded()) return failed("the tool returned no value");
    tool_result r;
    // Invalid UTF-8 in a string throws here rather than on the wire.
    r.value = result.dump();
    r.ok = true;
    return r;
  } catch (const nlohmann::json::exception& e) {
    // Typically the callable reading an argument of the wrong type (args["n"].get<int>()).
    return failed(json_message(e));
  } catch (const std::exception& e) {
    return failed(e.what());
  } catch (...) {
    return failed("the tool failed");
  }
}

caf::behavior function_tool(caf::event_based_actor* self, lisp::tool_fn fn) {
  // Nothing should send it anything else; an odd message is dropped rather than printed.
  self->set_default_handler(caf::drop);
  return {
      [fn = std::move(fn)](tool_atom, const tool_call& call) -> tool_result {
        if (!fn) return failed("the tool has no implementation");
        return call_function(fn, call);
      },
  };
}

}  // namespace

caf::actor spawn_function_tool(caf::actor_system& sys, lisp::tool_fn fn, tool_options opts) {
  if (opts.blocking) return sys.spawn<caf::detached>(function_tool, std::move(fn));
  return sys.spawn(function_tool, std::move(fn));
}

void release_owned(const std::vector<tool_binding>& tools) {
  for (const auto& t : tools)
    if (t.owned && t.handle) caf::anon_send_exit(t.handle, caf::exit_reason::user_shutdown);
}

}  // namespace ptc::actors
