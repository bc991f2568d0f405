#pragma once
// From turns to the chat messages sent to the LLM: a pure function of the prepared agent and
// the turn list (CMP-004: compression happens when rendering, never when storing turns).
//
// prepare() computes once per mission everything that never changes between turns: the system
// prompt, the expanded mission, the tool/ and data/ sections and the expected-output section.
// They form the stable prefix that provider caches reuse (the first content block of the USER
// message carries the cache breakpoint).
//
// Layouts (DESIGN §6.1, §6.4; "turn line" = `Turns left: N`, N = max_turns - k for the LLM call
// k about to be made, or on the last turn `⚠️ FINAL TURN - you must call (return result) or
// (fail response) next.` MSG-005):
//   SingleUserCoalesced, k ≥ 2: [SYSTEM, USER(mission, tool/, data/, user/, expected output,
//     tool calls, output, last failed attempt while failing, turn line)]
//   Uncompressed: [SYSTEM, USER(mission, tool/, data/, expected output, turn line)] then per
//     past turn ASSISTANT(raw response) and USER(feedback + turn line); feedback is
//     `Error: <message>` for a failed turn, else `; Output:` with that turn's prints, else
//     `; No output (use println to see values)`.
//   Turn 1 is the same in both; max_turns == 1 never compresses (SS-001) and shows no turn line.
#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/value.hpp"
#include "ptc/messages/signature.hpp"
#include "ptc/messages/step.hpp"
#include "ptc/messages/turn.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::messages {

/// What a prepared mission keeps of its spec, in one allocation. The spec itself (its JSON
/// data, tool specs, signature and prompt texts) is not kept once prepare() has rendered what
/// the prompts need: a million concurrent agents would each keep theirs.
/// What a mission's turns read of its spec, apart from its name and data. Agents whose settings
/// are alike share one (a batch over a dataset: one mission, each agent its own data and name),
/// see prepare(): a million agents of one batch hold one system prompt, mission, signature.
struct mission_settings {
  shared_text mission;          ///< expanded (a mission can be thousands of characters)
  std::size_t max_turns = 5;
  lisp::limits limits;          ///< per program run
  std::chrono::milliseconds mission_timeout{0};
  bool has_tools = false;       ///< the spec lists tools (the tool/ section is in the prefix)
  shared_text system;           ///< system_prompt(variant, spec.system_prompt), shared
  compression_options compression;  ///< normalized: uncompressed when max_turns == 1 (SS-001)
  /// The spec's signature as written ("" without one): what `sig` and `expected_output` are
  /// made of, so settings are alike when it is.
  std::string signature_text;
  std::shared_ptr<const messages::signature> sig;  ///< null without a signature
  shared_text expected_output;  ///< "" without a signature
  /// Alike: the same in all but what is made of signature_text.
  bool operator==(const mission_settings& o) const {
    return mission == o.mission && max_turns == o.max_turns && limits == o.limits &&
           mission_timeout == o.mission_timeout && has_tools == o.has_tools && system == o.system &&
           compression == o.compression && signature_text == o.signature_text;
  }
};

/// The per-mission stable parts, rendered once: the agent's own (its name, data and the prompt
/// prefix that shows them), and the settings it shares with alike agents. Every sub-agent
/// actor holds one (56 bytes).
struct prepared_agent {
  std::shared_ptr<const mission_settings> settings;  ///< never null; shared by alike agents
  packed_text name;                  ///< the spec's (a Step's agent_name)
  /// The stable prefix of the first USER message: the mission, tool/ and data/ sections joined
  /// by blank lines, and one blank line after them. Rendered once and shared by every request of the mission (its
  /// first content block, byte-identical from turn to turn), not rebuilt and copied per turn.
  shared_text stable_prefix;
  lisp::value data;                  ///< spec.data as a value (what data/ reads)

  /// Expanded, shared: every request carries it.
  const shared_text& mission() const { return settings->mission; }
  const shared_text& system() const { return settings->system; }
  const shared_text& expected_output() const { return settings->expected_output; }
  /// Null without a signature.
  const messages::signature* sig() const { return settings->sig.get(); }
  const compression_options& compression() const { return settings->compression; }
};

struct prepare_error {
  std::string message;  ///< names the problem: a missing {{input}}, a bad signature, ...
};

/// The spec is read, not kept: the mission text is copied (or expanded) once into the
/// prepared agent, whose requests then share it.
std::variant<prepared_agent, prepare_error> prepare(const agent_spec& spec);

/// A compression strategy: turns → messages. Implementations are stateless and thread-safe.
class compression_strategy {
 public:
  virtual ~compression_strategy() = default;
  virtual std::string_view name() const = 0;
  /// Messages for the LLM call number turns.size() + 1. `stats` (optional) receives figures.
  virtual std::vector<chat_message> to_messages(const prepared_agent& agent,
                                                std::span<const turn_ptr> turns,
                                                compression_stats* stats) const = 0;
};

const compression_strategy& single_user_coalesced();
const compression_strategy& uncompressed();
const compression_strategy& strategy_for(const compression_options& o);

/// The messages for the next LLM call with the agent's own strategy.
std::vector<chat_message> render_messages(const prepared_agent& agent,
                                          std::span<const turn_ptr> turns,
                                          compression_stats* stats = nullptr);

/// The turn line for LLM call k (1-based) of max_turns; "" when max_turns == 1.
std::string turn_line(std::size_t k, std::size_t max_turns);

}  // namespace ptc::messages
