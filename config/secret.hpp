#pragma once
// An API key that cannot be printed by accident.
//
// Context: provider keys pass through settings, traces, logs and error messages. Decision: the
// key lives in a type with no stream operator, no implicit conversion and a JSON form of
// "<redacted>"; the one way to the text is reveal(), called only where a request header is
// built. Consequence: `log << settings.llm.api_key` does not compile, and a grep for reveal()
// lists every place a key can leave the process.
#include <cstddef>
#include <iosfwd>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace ptc::config {

/// A credential (API key). Empty means "no key".
class secret {
 public:
  secret() = default;
  explicit secret(std::string value) : value_(std::move(value)) {}

  bool empty() const { return value_.empty(); }
  std::size_t size() const { return value_.size(); }

  /// A printable stand-in: "<none>" when empty, else "<redacted, N chars>" (the length helps
  /// tell a truncated paste from a good key without showing any of it).
  std::string redacted() const;

  /// The key itself. Only the HTTP layer calls this, to build the authorization header.
  const std::string& reveal() const { return value_; }

  friend bool operator==(const secret&, const secret&) = default;

  /// Deleted so that streaming a key into a log line is a compile error.
  friend std::ostream& operator<<(std::ostream&, const secret&) = delete;

 private:
  std::string value_;
};

/// JSON form for traces: "<redacted>" when a key is set, null when not.
void to_json(nlohmann::json& j, const secret& s);
void to_json(nlohmann::ordered_json& j, const secret& s);

}  // namespace ptc::config
