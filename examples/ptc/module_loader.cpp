// Finding and loading the commands module (see commands_module.hpp).
#include "examples/ptc/commands_module.hpp"

#include <dlfcn.h>

#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

namespace ptc::cli {

#ifndef PTC_COMMANDS_MODULE
// A static build links the commands into the executable (examples/CMakeLists.txt).
bool needs_commands_module(int, char**) { return true; }

bool add_module_commands(CLI::App& app, int& exit_code, int argc, char** argv) {
  ptc_add_agent_commands(&app, &exit_code, argc, argv);
  return true;
}
#else
namespace {

constexpr const char* module_file = "ptc_commands.so";

/// Where the module may be: beside the executable (the build tree), then in the installed
/// layout's lib/ptc (PTC_MODULE_RELDIR, relative to the executable's folder).
std::vector<std::filesystem::path> module_candidates() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {module_file};
  const auto dir = exe.parent_path();
  return {dir / module_file, (dir / PTC_MODULE_RELDIR / module_file).lexically_normal()};
}

}  // namespace

bool needs_commands_module(int argc, char** argv) {
  if (argc < 2) return true;
  const char* first = argv[1];
  return std::strcmp(first, "eval") != 0 && std::strcmp(first, "repl") != 0 && std::strcmp(first, "--version") != 0;
}

bool add_module_commands(CLI::App& app, int& exit_code, int argc, char** argv) {
  std::string tried;
  for (const auto& path : module_candidates()) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
      tried += (tried.empty() ? "" : ", ") + path.string();
      continue;
    }
    // Never closed: its commands' callbacks run until the process ends.
    void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!module) {
      const char* why = dlerror();
      std::cerr << "Error: ptc's agent commands (" << path.string() << ") did not load: " << (why ? why : "unknown reason")
                << "\n";
      return false;
    }
    auto add = reinterpret_cast<ptc_add_agent_commands_fn>(dlsym(module, "ptc_add_agent_commands"));
    if (!add) {
      std::cerr << "Error: " << path.string() << " is not ptc's commands module (no ptc_add_agent_commands)\n";
      return false;
    }
    add(&app, &exit_code, argc, argv);
    return true;
  }
  std::cerr << "Error: ptc's agent commands (" << module_file << ") are not installed beside ptc; looked for "
            << tried << "\n";
  return false;
}
#endif

}  // namespace ptc::cli
