#pragma once
// The environment variables settings are read from, as a value: tests build one from a list
// and never touch the real process environment; programs call from_process() once at start.
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace ptc::config {

/// A set of environment variables (name → value).
class environment {
 public:
  environment() = default;
  environment(std::initializer_list<std::pair<const std::string, std::string>> vars)
      : vars_(vars) {}

  /// The variables of this process that settings read: every `PTC_*` one and the provider key
  /// variables. Other variables are not copied (they may hold unrelated credentials).
  static environment from_process();

  /// The value of `name`, or nullopt when it is unset or set to the empty string (so that
  /// `PTC_MAX_TURNS= ptc run` means "not set", as shells and CI templates often produce).
  std::optional<std::string_view> get(std::string_view name) const;

  void set(std::string name, std::string value) { vars_[std::move(name)] = std::move(value); }
  void unset(std::string_view name);

 private:
  std::map<std::string, std::string, std::less<>> vars_;
};

}  // namespace ptc::config
