// prepare() and the two compression strategies (DESIGN §6.1, §6.4, §6.5).
#include "ptc/messages/compression.hpp"

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/messages/history.hpp"
#include "ptc/messages/mission.hpp"
#include "ptc/messages/namespace.hpp"
#include "ptc/messages/system_prompt.hpp"

#include <array>
#include <functional>
#include <mutex>

namespace ptc::messages {
namespace {

/// The settings object for `s`: one already made for alike settings that is still in use, else
/// a new one. Agents started together mostly share their mission (a batch over a dataset: one
/// mission, each agent its own data), and a million of them then hold one mission text. A
/// small table of the latest settings by hash (a weak reference each: an entry holds nothing
/// alive), so missions that are all different cost a slot, not a growing map.
std::shared_ptr<const mission_settings> alike_settings(mission_settings s) {
  constexpr std::size_t slots = 64;
  static std::mutex mutex;
  static std::array<std::weak_ptr<const mission_settings>, slots> latest;
  const std::size_t h = std::hash<std::string_view>{}(s.mission.str()) ^ (s.max_turns * 0x9e3779b97f4a7c15ull);
  std::lock_guard lock{mutex};
  std::weak_ptr<const mission_settings>& slot = latest[h % slots];
  if (auto seen = slot.lock(); seen && *seen == s) return seen;
  // Not make_shared: the object goes with its last holder, not with the slot's reference.
  std::shared_ptr<const mission_settings> made(new mission_settings(std::move(s)));
  slot = made;
  return made;
}

/// Joins the non-empty parts with one blank line (DESIGN §6.1: "empty parts omitted").
void join_part(std::string& out, std::string_view part) {
  if (part.empty()) return;
  if (!out.empty()) out += "\n\n";
  out += part;
}

/// The stable prefix (prepared_agent::stable_prefix): mission (MSG-003/007), tool/, data/, and
/// the blank line that separates it from what follows, so the first content block is
/// byte-identical from turn to turn and the blocks concatenate to the full text.
shared_text render_stable_prefix(std::string_view mission, std::string_view tool_section, std::string_view data_section) {
  std::string out;
  join_part(out, mission);
  join_part(out, tool_section);
  join_part(out, data_section);
  out += "\n\n";
  return shared_text{std::move(out)};
}

/// The first USER message of both layouts: stable prefix (cache breakpoint), then the expected
/// output and the turn line.
chat_message first_user_message(const prepared_agent& a, std::size_t k) {
  std::string rest;
  join_part(rest, a.expected_output().str());
  join_part(rest, turn_line(k, a.settings->max_turns));
  chat_message m;
  m.role = role::user;
  m.content.reserve(rest.empty() ? 1 : 2);
  if (rest.empty()) {  // the prefix alone (one turn, no signature): without its blank line
    const std::string& p = a.stable_prefix.str();
    m.content.push_back({p.substr(0, p.size() - 2), true});
  } else {
    m.content.push_back({a.stable_prefix, true});
    m.content.push_back({std::move(rest), false});
  }
  return m;
}

chat_message system_message(const prepared_agent& a) {
  chat_message m;
  m.role = role::system;
  m.content.push_back(content_block{a.system(), true});
  return m;
}

/// [system, user], moved in (a braced list would copy both messages and their blocks).
std::vector<chat_message> system_and(const prepared_agent& a, chat_message user) {
  std::vector<chat_message> out;
  out.reserve(2);
  out.push_back(system_message(a));
  out.push_back(std::move(user));
  return out;
}

/// The system prompt, rendered once per variant for the default options and shared by every
/// agent using them (it is static by design: no tools, data or dates in it).
shared_text shared_system_prompt(prompt_variant v, const system_prompt_options& o) {
  if (!(o == system_prompt_options{})) return shared_text{system_prompt(v, o)};
  static const shared_text multi{system_prompt(prompt_variant::multi_turn, {})};
  static const shared_text single{system_prompt(prompt_variant::single_shot, {})};
  return v == prompt_variant::single_shot ? single : multi;
}

/// What a failed turn printed before its error (all of it), as "; Output before the error:"
/// lines ending in a newline; "" when it printed nothing.
std::string output_before_error(const turn& t) {
  if (t.prints.empty()) return {};
  const std::string printed = render_output(t.prints.views(), t.prints.size());
  return "; Output before the error:" + printed.substr(std::string_view("; Output:").size()) + "\n";
}

/// The block shown while the latest turn failed (CMP-002/003, ERR-001..003; conditional
/// collapsing: only the most recent failure, and only while it is the latest turn).
std::string failed_attempt(const turn& t) {
  std::string out = "---\n";
  if (t.outcome == turn_outcome::no_code) {
    out += "Your previous response contained no program.\n";
  } else {
    out += "Your previous attempt:\n```clojure\n";
    out += t.program();
    out += "\n```\n";
  }
  out += output_before_error(t);
  out += "Error: " + t.error() + "\n---";
  return out;
}

/// The feedback USER message after one turn in the uncompressed layout (DESIGN §6.4).
std::string feedback(const turn& t) {
  if (!t.success()) return output_before_error(t) + "Error: " + t.error();
  if (t.prints.empty()) return "; No output (use println to see values)";
  return render_output(t.prints.views(), t.prints.size());
}

/// This thread's buffer for assembling a summary. Out of line, so that a caller keeps the
/// address it gets: GCC computes a thread_local's address again after every call it makes (a
/// __tls_get_addr call each time in a shared library: 15 a turn here).
[[gnu::noinline]] std::string& scratch_buffer() {
  static thread_local std::string buffer;
  return buffer;
}

class single_user_coalesced_strategy final : public compression_strategy {
 public:
  std::string_view name() const override { return "single-user-coalesced"; }

  std::vector<chat_message> to_messages(const prepared_agent& a, std::span<const turn_ptr> turns,
                                        compression_stats* stats) const override {
    const std::size_t k = turns.size() + 1;
    compression_stats local;
    compression_stats& st = stats ? *stats : local;
    st = {};
    st.enabled = true;
    st.strategy = std::string(name());
    if (turns.empty()) return system_and(a, first_user_message(a, k));

    // MSG-001, FMT-013, TC-001: one summary over all successful turns.
    std::vector<lisp::tool_call_record> calls;
    std::vector<std::string_view> prints;
    std::size_t all_calls = 0, all_prints = 0;
    for (const auto& t : turns) {
      if (!t->success()) continue;
      all_calls += t->tool_calls.size();
      all_prints += t->prints.size();
    }
    calls.reserve(all_calls);  // each filled in one allocation (none when empty)
    prints.reserve(all_prints);
    const turn* latest_success = nullptr;
    std::size_t failed = 0;
    for (const auto& t : turns) {
      if (!t->success()) {
        ++failed;
        continue;
      }
      ++st.turns_compressed;
      latest_success = t.get();
      calls.insert(calls.end(), t->tool_calls.begin(), t->tool_calls.end());
      prints.insert(prints.end(), t->prints.begin(), t->prints.end());
    }
    const turn& last = *turns.back();
    const bool failing = !last.success();
    st.error_turns_collapsed = failing ? failed - 1 : failed;
    const bool has_println = !prints.empty();  // SAM-001/002: global over successful turns

    // The user/ prelude is the latest memory; a failed turn rolled its defs back, so the last
    // turn's description is the current namespace either way.
    std::span<const definition_ptr> defs = last.definitions;
    if (latest_success == nullptr && last.definitions.empty()) defs = {};

    history_counts tc, pc;
    // Assembled in this thread's scratch buffer (its room is reused from turn to turn), then
    // copied once into the block, which is kept as long as the turn: one exact allocation.
    std::string& scratch = scratch_buffer();
    scratch.clear();
    const auto part = [&scratch](auto&& write) {
      const std::size_t mark = scratch.size();
      if (mark > 0) scratch += "\n\n";
      const std::size_t start = scratch.size();
      write(scratch);
      if (scratch.size() == start) scratch.resize(mark);  // empty parts are omitted (join_part)
    };
    part([&](std::string& out) { append_user_section(out, defs, has_println); });
    part([&](std::string& out) { out += a.expected_output().str(); });
    // FMT-003's "; No tool calls made" only means something when there are tools to call.
    if (a.settings->has_tools || !calls.empty()) {
      part([&](std::string& out) { out += render_tool_calls(calls, a.compression().tool_call_limit, &tc); });
    }
    part([&](std::string& out) { append_output(out, prints, a.compression().println_limit, &pc); });
    if (failing) part([&](std::string& out) { out += failed_attempt(last); });
    part([&](std::string& out) { out += turn_line(k, a.settings->max_turns); });
    std::string rest(scratch);
    constexpr std::size_t kept_room = 1 << 20;  // a rare huge summary does not stay with the thread
    if (scratch.capacity() > kept_room) std::string().swap(scratch);
    st.tool_calls_total = tc.total;
    st.tool_calls_shown = tc.shown;
    st.tool_calls_dropped = tc.dropped;
    st.printlns_total = pc.total;
    st.printlns_shown = pc.shown;
    st.printlns_dropped = pc.dropped;

    chat_message user;
    user.role = role::user;
    user.content.reserve(2);
    user.content.push_back({a.stable_prefix, true});
    user.content.push_back({std::move(rest), false});
    return system_and(a, std::move(user));
  }
};

class uncompressed_strategy final : public compression_strategy {
 public:
  std::string_view name() const override { return "uncompressed"; }

  std::vector<chat_message> to_messages(const prepared_agent& a, std::span<const turn_ptr> turns,
                                        compression_stats* stats) const override {
    if (stats) {
      *stats = {};
      stats->strategy = std::string(name());
    }
    std::vector<chat_message> out;
    out.reserve(2 + 2 * turns.size());
    out.push_back(system_message(a));
    out.push_back(first_user_message(a, 1));
    for (std::size_t i = 0; i < turns.size(); ++i) {
      out.push_back(chat_message::of(role::assistant, std::string(turns[i]->raw_response())));
      std::string text = feedback(*turns[i]);
      const std::string line = turn_line(i + 2, a.settings->max_turns);
      if (!line.empty()) text += "\n\n" + line;
      out.push_back(chat_message::of(role::user, std::move(text)));
    }
    // The whole conversation so far is a stable prefix of the next call's: let the provider
    // cache up to its end too.
    if (!turns.empty()) out.back().content.back().cache_breakpoint = true;
    return out;
  }
};

}  // namespace

std::string turn_line(std::size_t k, std::size_t max_turns) {
  if (max_turns <= 1) return {};
  if (k >= max_turns) {
    return "\u26a0\ufe0f FINAL TURN - you must call (return result) or (fail response) next.";  // MSG-005
  }
  return "Turns left: " + std::to_string(max_turns - k);
}

const compression_strategy& single_user_coalesced() {
  static const single_user_coalesced_strategy s;
  return s;
}

const compression_strategy& uncompressed() {
  static const uncompressed_strategy s;
  return s;
}

const compression_strategy& strategy_for(const compression_options& o) {
  switch (o.kind) {
    case compression_options::strategy::single_user_coalesced: return single_user_coalesced();
    case compression_options::strategy::uncompressed: break;
  }
  return uncompressed();
}

std::vector<chat_message> render_messages(const prepared_agent& agent,
                                          std::span<const turn_ptr> turns,
                                          compression_stats* stats) {
  return strategy_for(agent.compression()).to_messages(agent, turns, stats);
}

std::variant<prepared_agent, prepare_error> prepare(const agent_spec& spec) {
  prepared_agent a;
  if (spec.max_turns == 0) return prepare_error{"max_turns must be at least 1"};
  if (!spec.data.is_object()) return prepare_error{"agent data must be a JSON object"};
  auto mission = expand_mission(spec.mission, spec.data);
  if (auto* e = std::get_if<mission_error>(&mission)) return prepare_error{e->message};
  mission_settings settings;
  if (!spec.signature.empty()) {
    auto parsed = parse_signature(spec.signature);
    if (auto* e = std::get_if<signature_error>(&parsed)) {
      return prepare_error{"agent signature: " + e->message};
    }
    settings.signature_text = spec.signature;
    settings.sig = std::make_shared<const signature>(std::move(std::get<signature>(parsed)));
    settings.expected_output = render_expected_output(*settings.sig);
  }
  for (const auto& t : spec.tools) {
    if (t.name.empty()) return prepare_error{"a tool has no name"};
    if (t.signature.empty()) continue;
    const auto parsed = parse_signature(t.signature);
    if (const auto* e = std::get_if<signature_error>(&parsed)) {
      return prepare_error{"tool " + t.name + " signature: " + e->message};
    }
  }
  try {
    a.data = lisp::from_json(spec.data);
  } catch (const lisp::lisp_exception& e) {  // nested past lisp::max_json_depth
    return prepare_error{"agent data: " + e.err().message};
  }
  settings.mission = shared_text(std::move(std::get<std::string>(mission)));
  settings.max_turns = spec.max_turns;
  settings.limits = spec.limits;
  settings.mission_timeout = spec.mission_timeout;
  settings.has_tools = !spec.tools.empty();
  settings.system = shared_system_prompt(spec.max_turns == 1 ? prompt_variant::single_shot
                                                             : prompt_variant::multi_turn,
                                         spec.system_prompt);
  settings.compression = spec.compression;
  if (spec.max_turns == 1) settings.compression.kind = compression_options::strategy::uncompressed;  // SS-001
  a.settings = alike_settings(std::move(settings));
  a.name = packed_text(spec.name);
  a.stable_prefix = render_stable_prefix(a.mission().str(), render_tool_section(spec.tools), render_data_section(a.data));
  return a;
}

}  // namespace ptc::messages
