#include "config/secret.hpp"

#include <nlohmann/json.hpp>

namespace ptc::config {

std::string secret::redacted() const {
  if (value_.empty()) return "<none>";
  return "<redacted, " + std::to_string(value_.size()) + " chars>";
}

void to_json(nlohmann::json& j, const secret& s) {
  j = s.empty() ? nlohmann::json(nullptr) : nlohmann::json("<redacted>");
}

void to_json(nlohmann::ordered_json& j, const secret& s) {
  j = s.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json("<redacted>");
}

}  // namespace ptc::config
