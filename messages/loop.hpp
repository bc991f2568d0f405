#pragma once
// The pure decisions of the agent loop, shared by the actor (actors/sub_agent) and by scripted
// conversations (tests, benchmarks): what an LLM response becomes, and when a mission ends.
// The loop itself — asking the LLM, running the program — belongs to the caller.
#include <optional>
#include <span>
#include <string>

#include "ptc/lisp/run.hpp"
#include "ptc/messages/compression.hpp"
#include "ptc/messages/step.hpp"
#include "ptc/messages/turn.hpp"

namespace ptc::messages {

/// What the next program run starts from: the latest turn's memory (rolled back on failure).
lisp::memory_ptr current_memory(std::span<const turn_ptr> turns);
/// The latest turn, null before the first.
const turn* last_turn(std::span<const turn_ptr> turns);

/// The turn for a program that ran: a (return v) is checked against the agent's signature and
/// becomes an invalid_return turn when it does not match (it costs a turn, and the LLM reads
/// the mismatch).
turn turn_after_run(const prepared_agent& agent, std::size_t number, std::string_view raw_response,
                    std::string_view program, lisp::run_result run, token_usage usage,
                    turn_timings timings, const turn* previous_turn = nullptr);

/// The Step when the mission is over after these turns: the last turn returned (success) or
/// failed (failure_reason::failed, message = the printed fail value), or max_turns turns were
/// used without either (failure_reason::max_turns_exceeded). nullopt: the mission continues.
/// Usage and times are summed from the turns (children included).
std::optional<step> finished_step(const prepared_agent& agent, std::span<const turn_ptr> turns);

/// A Step that ends for a reason outside the turns (timeout, LLM error, cancellation, ...).
step failed_step(const prepared_agent& agent, std::span<const turn_ptr> turns,
                 failure_reason reason, std::string message);

}  // namespace ptc::messages
