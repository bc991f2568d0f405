#include "examples/ptc/run_progress.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <sstream>

#include "ptc/actors/wire.hpp"
#include "ptc/messages/debug_view.hpp"

namespace ptc::cli {
namespace {

using json = nlohmann::ordered_json;

std::string text_at(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

/// Writes `text` with every line prefixed (the turn's response, output, error).
void indented(std::ostream& out, const std::string& prefix, const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out << prefix << line << '\n';
}

/// The characters of every message's text in an llm_request event (what was sent).
std::size_t prompt_chars(const json& event) {
  std::size_t n = 0;
  if (!event.contains("messages")) return n;
  for (const auto& m : event["messages"])
    if (m.contains("content"))
      for (const auto& block : m["content"]) n += text_at(block, "text").size();
  return n;
}

void print_turn(const json& event, const progress_options& o, std::size_t prompt) {
  const std::string agent = text_at(event, "agent");
  const json& turn = event["turn"];
  // Nested sub-agents (path "boss/researcher") are indented under their parent's lines.
  const bool nested = agent.find('/') != std::string::npos;
  const std::string pad = nested ? "    " : "";
  std::ostringstream out;
  out << pad << (nested ? "[" + agent + "] " : "") << messages::turn_progress_line(turn, nested ? 0 : o.max_turns, prompt) << '\n';
  if (o.show_turns) {
    indented(out, pad + "  > ", text_at(turn, "raw_response"));
    if (turn.contains("prints"))
      for (const auto& p : turn["prints"]) indented(out, pad + "  ; ", p.is_string() ? p.get<std::string>() : p.dump());
    if (!text_at(turn, "error").empty()) indented(out, pad + "  ! ", text_at(turn, "error"));
  }
  std::cerr << out.str() << std::flush;
}

caf::behavior progress_actor(caf::event_based_actor* self, caf::actor sink, progress_options o) {
  // The size of the latest prompt of each agent (by tree path), shown on its next turn line.
  auto prompts = std::make_shared<std::map<std::string, std::size_t>>();
  // Turns of the top-level agent seen so far: what ran, even when the Step cannot say (a node
  // lost mid-mission answers node_lost with no turns).
  auto top_turns = std::make_shared<std::uint64_t>(0);
  return {
      [=](actors::trace_atom, const std::string& line) {
        if (sink) self->send(sink, actors::trace_atom::value, line);
        // Only requests and turns matter here (trace_event writes "event" first).
        const bool request = line.rfind("{\"event\":\"llm_request\"", 0) == 0;
        if (!request && line.rfind("{\"event\":\"turn\"", 0) != 0) return;
        try {
          json event = json::parse(line);
          const std::string agent = text_at(event, "agent");
          if (request) {
            (*prompts)[agent] = prompt_chars(event);
          } else {
            if (agent.find('/') == std::string::npos) ++*top_turns;
            print_turn(event, o, (*prompts)[agent]);
          }
        } catch (const std::exception& e) {
          std::cerr << "(progress: unreadable trace event: " << e.what() << ")\n";
        }
      },
      [=](actors::stats_atom) -> std::uint64_t { return *top_turns; },
      [=](actors::flush_atom) -> caf::result<bool> {
        if (!sink) return true;
        auto rp = self->make_response_promise<bool>();
        self->request(sink, std::chrono::seconds(30), actors::flush_atom::value)
            .then([rp](bool ok) mutable { rp.deliver(ok); },
                  [rp](caf::error&) mutable { rp.deliver(false); });
        return rp;
      },
  };
}

}  // namespace

caf::actor spawn_progress(caf::actor_system& sys, caf::actor sink, progress_options opts) {
  return sys.spawn(progress_actor, std::move(sink), opts);
}

}  // namespace ptc::cli
