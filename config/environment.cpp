#include "ptc/config/environment.hpp"

#include "ptc/config/provider.hpp"

extern char** environ;  // POSIX; declared by no standard header in C++

namespace ptc::config {

namespace {

bool wanted(std::string_view name) {
  if (name.starts_with("PTC_")) return true;
  for (const provider_info& p : providers())
    if (!p.key_variable.empty() && name == p.key_variable) return true;
  return false;
}

}  // namespace

environment environment::from_process() {
  environment env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    std::string_view entry(*e);
    auto eq = entry.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view name = entry.substr(0, eq);
    if (wanted(name)) env.set(std::string(name), std::string(entry.substr(eq + 1)));
  }
  return env;
}

std::optional<std::string_view> environment::get(std::string_view name) const {
  auto it = vars_.find(name);
  if (it == vars_.end() || it->second.empty()) return std::nullopt;
  return std::string_view(it->second);
}

void environment::unset(std::string_view name) {
  if (auto it = vars_.find(name); it != vars_.end()) vars_.erase(it);
}

}  // namespace ptc::config
