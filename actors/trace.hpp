#pragma once
// The trace sink: a JSONL file of everything that happened in a run (`ptc run --trace`).
//
// Events, one JSON object per line, each with "event", "time_us" (since the sink started),
// "agent" (tree path, "boss/researcher"):
//   {"event":"llm_request", "turn", "messages": [...]}      the exact messages sent
//   {"event":"llm_response", "turn", "response": {...}}     text, usage, latency, attempts, error
//   {"event":"turn", "turn": {...}}                          messages::to_json(turn): program,
//                                                            result, prints, tool calls, ...
//   {"event":"step", "step": {...}}                          messages::to_json(step)
// Keys never appear: nothing here sees a config::secret.
#include <filesystem>
#include <string>

#include <caf/all.hpp>
#include <nlohmann/json.hpp>

namespace ptc::actors {

/// Spawns the sink writing to `file` (truncated). Messages: (trace_atom, std::string line)
/// appends the line; (flush_atom) -> bool flushes. Throws std::runtime_error when the file
/// cannot be opened.
caf::actor spawn_trace_sink(caf::actor_system& sys, const std::filesystem::path& file);

/// Sends an event to `sink` (does nothing when sink is invalid). `event` gets "event" and
/// "agent" added in front.
void trace_event(const caf::actor& sink, const std::string& event, const std::string& agent,
                 nlohmann::ordered_json fields);

}  // namespace ptc::actors
