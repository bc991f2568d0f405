// The pure decisions of the agent loop (see loop.hpp).
#include "ptc/messages/loop.hpp"

#include "ptc/lisp/printer.hpp"
#include "ptc/messages/signature.hpp"

namespace ptc::messages {
namespace {

step step_of(const prepared_agent& agent, std::span<const turn_ptr> turns) {
  step s;
  s.agent_name = agent.name.view();
  s.turns.assign(turns.begin(), turns.end());
  for (const auto& t : turns) {
    s.usage += t->usage;
    s.llm_time += t->timings.llm();
    s.eval_time += t->timings.eval();
    for (const auto& child : t->children) s.usage += child->usage;
  }
  render_messages(agent, turns, &s.compression);
  return s;
}

}  // namespace

lisp::memory_ptr current_memory(std::span<const turn_ptr> turns) {
  return turns.empty() ? nullptr : turns.back()->memory;
}

const turn* last_turn(std::span<const turn_ptr> turns) { return turns.empty() ? nullptr : turns.back().get(); }

turn turn_after_run(const prepared_agent& agent, std::size_t number, std::string_view raw_response,
                    std::string_view program, lisp::run_result run, token_usage usage,
                    turn_timings timings, const turn* previous_turn) {
  std::string invalid;
  if (run.kind == lisp::outcome::returned && agent.sig()) {
    const auto errors = validate(agent.sig()->output, run.result);
    if (!errors.empty()) invalid = validation_message(*agent.sig(), run.result, errors);
  }
  return make_turn(number, raw_response, program, std::move(run),
                   std::move(invalid), usage, timings, previous_turn);
}

std::optional<step> finished_step(const prepared_agent& agent, std::span<const turn_ptr> turns) {
  if (turns.empty()) return std::nullopt;
  const turn& last = *turns.back();
  if (last.outcome == turn_outcome::returned) {
    step s = step_of(agent, turns);
    s.return_value = last.result;
    return s;
  }
  if (last.outcome == turn_outcome::failed) {
    step s = step_of(agent, turns);
    s.fail = failure{failure_reason::failed, lisp::pr_str(last.result), last.result};
    return s;
  }
  if (agent.settings->max_turns == 1 && last.outcome == turn_outcome::value) {
    // Single-shot: the program's value is the answer (there is no later turn to return in),
    // checked against the signature like a return.
    step s = step_of(agent, turns);
    const auto errors = agent.sig() ? validate(agent.sig()->output, last.result) : std::vector<std::string>{};
    if (errors.empty()) {
      s.return_value = last.result;
    } else {
      s.fail = failure{failure_reason::max_turns_exceeded,
                       validation_message(*agent.sig(), last.result, errors), {}};
    }
    return s;
  }
  if (turns.size() >= agent.settings->max_turns) {
    step s = step_of(agent, turns);
    std::string message = "no (return ...) within max_turns " + std::to_string(agent.settings->max_turns);
    if (!last.success()) message += "; the last turn failed: " + last.error();
    s.fail = failure{failure_reason::max_turns_exceeded, std::move(message), {}};
    return s;
  }
  return std::nullopt;
}

step failed_step(const prepared_agent& agent, std::span<const turn_ptr> turns,
                 failure_reason reason, std::string message) {
  step s = step_of(agent, turns);
  s.fail = failure{reason, std::move(message), {}};
  return s;
}

}  // namespace ptc::messages
