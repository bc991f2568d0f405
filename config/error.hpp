#pragma once
// The one error type of config/: thrown by load() and parse_llm() at start-up, before any
// actor exists (actors never see it). Messages name where the problem is (a settings path such
// as `agent.max_turns`, an environment variable, a file) and what was expected; they never
// contain an API key (settings.cpp scrubs every known key from them as a last line of defence).
#include <stdexcept>
#include <string>
#include <utility>

namespace ptc::config {

/// A setting that is missing, unknown, of the wrong type or out of range.
class config_error : public std::runtime_error {
 public:
  /// `where`: the settings path (`llm.model`), variable (`PTC_MAX_TURNS`) or file it concerns.
  config_error(std::string where, std::string message)
      : std::runtime_error(where.empty() ? message : where + ": " + message),
        where_(std::move(where)),
        message_(std::move(message)) {}

  const std::string& where() const { return where_; }
  /// what() without the `where: ` prefix.
  const std::string& message() const { return message_; }

 private:
  std::string where_;
  std::string message_;
};

}  // namespace ptc::config
