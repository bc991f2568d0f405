#include "vs_clojure.hpp"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/string.hpp"

extern char** environ;

namespace ptc::bench {

namespace fs = std::filesystem;

std::string default_clojure_script() {
  // __FILE__ is this file's path as the build passed it (absolute with CMake), so the script is
  // found from any working directory without installing it.
  return (fs::path(__FILE__).parent_path() / "clojure" / "bench.clj").string();
}

std::string find_clojure() {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  std::string_view rest = path;
  while (!rest.empty()) {
    std::size_t colon = rest.find(':');
    std::string dir(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    if (dir.empty()) dir = ".";
    std::string candidate = dir + "/clojure";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

namespace {

/// A temporary directory removed when the run is over.
class temp_dir {
 public:
  temp_dir() {
    std::string tmpl = (fs::temp_directory_path() / "ptc_bench_XXXXXX").string();
    if (::mkdtemp(tmpl.data())) path_ = tmpl;
  }
  ~temp_dir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  return static_cast<bool>(f);
}

/// [{:name "..." :source "..."} ...], strings escaped by pr-str.
std::string programs_edn(const std::vector<clojure_program>& programs) {
  std::string out = "[";
  for (const auto& p : programs) {
    out += "{:name " + lisp::pr_str(lisp::make_string(p.name)) + " :source " +
           lisp::pr_str(lisp::make_string(p.source)) + "}\n";
  }
  return out + "]\n";
}

/// Runs argv with stdout to `out_path`, stdin from /dev/null; returns the exit status or a
/// negative number when it could not be started.
int spawn_and_wait(const std::vector<std::string>& args, const std::string& out_path) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
}

}  // namespace

clojure_outcome run_clojure(const std::vector<clojure_program>& programs, const lisp::value& data,
                            const std::string& script, bool quick) {
  clojure_outcome out;
  std::string clojure = find_clojure();
  if (clojure.empty()) {
    out.problem = "`clojure` is not installed (Debian: apt-get install clojure)";
    return out;
  }
  if (!fs::exists(script)) {
    out.problem = "Clojure benchmark script not found: " + script + " (use --clojure-script PATH)";
    return out;
  }
  temp_dir dir;
  if (dir.path().empty()) {
    out.problem = "could not create a temporary directory";
    return out;
  }
  // The data as Clojure reads it: ptc's pr-str is EDN (keyword keys, vectors, doubles as 1.0).
  if (!write_file(dir.path() + "/data.edn", lisp::pr_str(data)) ||
      !write_file(dir.path() + "/programs.edn", programs_edn(programs))) {
    out.problem = "could not write the inputs to " + dir.path();
    return out;
  }
  std::vector<std::string> args = {clojure, script, dir.path()};
  if (quick) args.push_back("--quick");
  std::string out_path = dir.path() + "/results.json";
  int rc = spawn_and_wait(args, out_path);
  if (rc != 0) {
    out.problem = rc < 0 ? "could not start " + clojure : "clojure exited with status " + std::to_string(rc);
    return out;
  }
  std::ifstream f(out_path);
  std::stringstream text;
  text << f.rdbuf();
  // The JSON is the last line; anything before it (a JVM warning) is not ours to parse.
  std::string s = text.str();
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  std::size_t nl = s.rfind('\n');
  std::string last = nl == std::string::npos ? s : s.substr(nl + 1);
  nlohmann::json j = nlohmann::json::parse(last, nullptr, false);
  if (j.is_discarded() || !j.is_array()) {
    out.problem = "could not parse the Clojure side's output";
    return out;
  }
  for (const auto& r : j) {
    clojure_measurement m;
    m.name = r.value("name", "");
    if (r.contains("error")) {
      m.error = r.value("error", "");
    } else {
      m.reps = r.value("reps", std::size_t{0});
      m.median_us = r.value("median_us", 0.0);
      m.min_us = r.value("min_us", 0.0);
      m.cpu_mean_us = r.value("cpu_mean_us", 0.0);
      m.result = r.value("result", "");
    }
    out.results.push_back(std::move(m));
  }
  out.ran = true;
  return out;
}

}  // namespace ptc::bench
