// The JSONL trace sink (see trace.hpp).
#include "actors/trace.hpp"

#include <chrono>
#include <fstream>
#include <stdexcept>

#include "actors/wire.hpp"

namespace ptc::actors {
namespace {

struct trace_state {
  static constexpr const char* name = "trace_sink";
  std::unique_ptr<std::ofstream> out;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
};

caf::behavior trace_sink(caf::stateful_actor<trace_state>* self,
                         std::shared_ptr<std::ofstream> file) {
  self->state.out = std::make_unique<std::ofstream>(std::move(*file));
  return {
      [=](trace_atom, const std::string& line) {
        auto& st = self->state;
        const auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::steady_clock::now() - st.started)
                            .count();
        // The time goes first so a reader can sort merged traces without parsing the rest.
        *st.out << "{\"time_us\":" << us << ',' << std::string_view(line).substr(1) << '\n';
      },
      [=](flush_atom) {
        self->state.out->flush();
        return true;
      },
  };
}

}  // namespace

caf::actor spawn_trace_sink(caf::actor_system& sys, const std::filesystem::path& file) {
  auto out = std::make_shared<std::ofstream>(file, std::ios::trunc);
  if (!*out) throw std::runtime_error("cannot write the trace file " + file.string());
  return sys.spawn(trace_sink, std::move(out));
}

void trace_event(const caf::actor& sink, const std::string& event, const std::string& agent,
                 nlohmann::ordered_json fields) {
  if (!sink) return;
  nlohmann::ordered_json j;
  j["event"] = event;
  j["agent"] = agent;
  for (auto& [k, v] : fields.items()) j[k] = std::move(v);
  caf::anon_send(sink, trace_atom::value, j.dump());
}

}  // namespace ptc::actors
