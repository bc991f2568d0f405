#include "examples/ptc/run_progress.hpp"

#include <algorithm>
#include <cstdio>
#include <chrono>
#include <iostream>
#include <map>
#include <sstream>

#include "ptc/actors/trace.hpp"
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

/// The permanent lines of a turn: its progress line, and with show_turns its response, output
/// and error.
std::string turn_text(const json& event, const progress_options& o, std::size_t prompt) {
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
  return out.str();
}

using progress_clock = std::chrono::steady_clock;
using progress_tick_atom = caf::atom_constant<caf::atom("ptick")>;

/// An agent running, as its live status line shows it.
struct live_agent {
  std::size_t turn = 0;
  std::uint64_t tokens = 0;
  std::size_t tool_calls = 0;
  const char* phase = "starting";
  progress_clock::time_point started = progress_clock::now();
};

struct progress_state {
  std::map<std::string, std::size_t> prompts;  ///< latest prompt size of each agent (tree path)
  /// Turns of the top-level agent seen so far: what ran, even when the Step cannot say (a node
  /// lost mid-mission answers node_lost with no turns).
  std::uint64_t top_turns = 0;
  bool live = false;                        ///< stderr is a terminal: status lines at the bottom
  std::map<std::string, live_agent> running;  ///< by tree path, in path order
  std::size_t drawn = 0;                    ///< status lines on the screen now
  bool ticking = false;
};

/// The block of status lines, one per running agent (at most 8, then a count).
std::string live_block(const progress_state& st, std::size_t max_turns) {
  std::string out;
  std::size_t shown = 0;
  const auto now = progress_clock::now();
  for (const auto& [path, a] : st.running) {
    if (shown++ == 8) {
      out += "  ... and " + std::to_string(st.running.size() - 8) + " more agents running\n";
      break;
    }
    const bool top = path.find('/') == std::string::npos;
    const double seconds = std::chrono::duration<double>(now - a.started).count();
    char elapsed[32];
    std::snprintf(elapsed, sizeof elapsed, "%.1f s", seconds);
    out += "  \033[36m" + path + "\033[0m: turn " + std::to_string(a.turn) +
           (top && max_turns ? "/" + std::to_string(max_turns) : "") + ", " + a.phase + ", " +
           std::to_string(a.tokens) + " tokens, " + std::to_string(a.tool_calls) +
           (a.tool_calls == 1 ? " tool call, " : " tool calls, ") + elapsed + "\n";
  }
  return out;
}

/// Writes `text` (permanent lines, may be empty) above the status block and redraws the block.
void redraw(progress_state& st, const std::string& text, std::size_t max_turns) {
  std::string out;
  if (st.drawn > 0) out += "\033[" + std::to_string(st.drawn) + "F\033[J";  // up, clear below
  out += text;
  const std::string block = live_block(st, max_turns);
  st.drawn = static_cast<std::size_t>(std::count(block.begin(), block.end(), '\n'));
  out += block;
  std::cerr << out << std::flush;
}

caf::behavior progress_actor(caf::stateful_actor<progress_state>* self, caf::actor sink, progress_options o) {
  self->state.live = o.live;
  auto schedule_tick = [self] {
    if (self->state.ticking || !self->state.live || self->state.running.empty()) return;
    self->state.ticking = true;
    self->delayed_send(self, std::chrono::milliseconds(250), progress_tick_atom::value);
  };
  return {
      [=](actors::trace_atom, const std::string& line) {
        if (sink) self->send(sink, actors::trace_atom::value, line);
        auto& st = self->state;
        // trace_event writes "event" near the start: requests and turns matter, and on a terminal the
        // responses and Steps too (phase, end of a status line).
        auto is = [&](const char* event) { return actors::is_trace_event(line, event); };
        const bool request = is("llm_request"), turn = is("turn");
        const bool response = st.live && is("llm_response"), step = st.live && is("step");
        if (!request && !turn && !response && !step) return;
        try {
          json event = json::parse(line);
          const std::string agent = text_at(event, "agent");
          std::string text;
          if (request) {
            st.prompts[agent] = event.value("chars", std::size_t{0});
            if (st.live) {
              auto& a = st.running[agent];
              a.turn = event.value("turn", std::size_t{0});
              a.phase = "waiting for the LLM";
            }
          } else if (response) {
            st.running[agent].phase = "running the program";
          } else if (step) {
            st.running.erase(agent);
          } else {
            if (agent.find('/') == std::string::npos) ++st.top_turns;
            text = turn_text(event, o, st.prompts[agent]);
            if (st.live) {
              auto& a = st.running[agent];
              const json& t = event["turn"];
              if (t.contains("usage")) a.tokens += t["usage"].value("input", std::uint64_t{0}) + t["usage"].value("output", std::uint64_t{0});
              if (t.contains("tool_calls")) a.tool_calls += t["tool_calls"].size();
              a.phase = "turn done";
            }
          }
          if (st.live) {
            redraw(st, text, o.max_turns);
            schedule_tick();
          } else if (!text.empty()) {
            std::cerr << text << std::flush;
          }
        } catch (const std::exception& e) {
          std::cerr << "(progress: unreadable trace event: " << e.what() << ")\n";
        }
      },
      [=](progress_tick_atom) {
        self->state.ticking = false;
        if (self->state.drawn == 0 && self->state.running.empty()) return;
        redraw(self->state, "", o.max_turns);
        schedule_tick();
      },
      [=](actors::stats_atom) -> std::uint64_t { return self->state.top_turns; },
      [=](actors::flush_atom) -> caf::result<bool> {
        // The run is over: its status lines go, the permanent ones stay.
        self->state.running.clear();
        if (self->state.drawn > 0) redraw(self->state, "", o.max_turns);
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
