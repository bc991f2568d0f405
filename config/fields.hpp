#pragma once
// Internal to config/: one table entry per setting, so that the file reader, the environment
// reader, to_json() and the range checks cannot drift apart (and a new setting is one line).
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ptc/config/settings.hpp"

namespace ptc::config::detail {

using json = nlohmann::ordered_json;

/// One setting. Readers return a description of the problem ("expected a string, got an
/// array") or nullopt; they never quote the offending value, which might be a key.
struct field {
  std::string_view path;  ///< file path, dotted: "agent.limits.max_steps"
  std::string_view env;   ///< the PTC_* variable read by the generic reader; "" when none
  std::function<std::optional<std::string>(settings&, const json&)> from_json;
  std::function<std::optional<std::string>(settings&, std::string_view)> from_text;
  std::function<json(const settings&)> to_json;
  /// A range problem ("must be at least 1, got 0"), or nullopt.
  std::function<std::optional<std::string>(const settings&)> check;
};

/// Every setting, in the order of settings.hpp.
std::span<const field> fields();

/// The setting at `path`, or nullptr.
const field* find_field(std::string_view path);

/// Whether `path` names an object of the file ("llm", "agent", "agent.limits", "log").
bool is_section(std::string_view path);

/// The closest key among the children of `section` ("" for the top level) to `key`, when one
/// is close enough to be a likely typo; "" otherwise.
std::string suggest(std::string_view section, std::string_view key);

/// "a string", "an array", "a negative integer", ...: what a JSON value is, never what it holds.
std::string describe(const json& j);

}  // namespace ptc::config::detail
