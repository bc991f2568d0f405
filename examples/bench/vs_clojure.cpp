#include "vs_clojure.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <thread>
#include <utility>

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
  /// The path, no longer removed by this object.
  std::string release() { return std::exchange(path_, {}); }

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

/// Closes `fd` unless it is -1.
void close_fd(int fd) {
  if (fd >= 0) ::close(fd);
}

}  // namespace

struct clojure_session::reply {
  nlohmann::json body;  ///< an object; {"error": ...} when the session failed
};

clojure_session::clojure_session(const std::vector<clojure_program>& programs, const lisp::value& data,
                                 const std::string& script) {
  std::string clojure = find_clojure();
  if (clojure.empty()) {
    problem_ = "`clojure` is not installed (Debian: apt-get install clojure)";
    return;
  }
  if (!fs::exists(script)) {
    problem_ = "Clojure benchmark script not found: " + script + " (use --clojure-script PATH)";
    return;
  }
  temp_dir dir;
  if (dir.path().empty()) {
    problem_ = "could not create a temporary directory";
    return;
  }
  // The data as Clojure reads it: ptc's pr-str is EDN (keyword keys, vectors, doubles as 1.0).
  if (!write_file(dir.path() + "/data.edn", lisp::pr_str(data)) ||
      !write_file(dir.path() + "/programs.edn", programs_edn(programs))) {
    problem_ = "could not write the inputs to " + dir.path();
    return;
  }
  // A child that dies makes our writes fail with EPIPE (reported) instead of killing us.
  std::signal(SIGPIPE, SIG_IGN);
  int in[2] = {-1, -1}, out[2] = {-1, -1};  // its stdin, its stdout; our ends close on exec
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) {
    for (int fd : {in[0], in[1], out[0], out[1]}) close_fd(fd);
    problem_ = "could not create pipes to clojure";
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  std::vector<std::string> args = {clojure, script, dir.path()};
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close_fd(in[0]);
  close_fd(out[1]);
  if (rc != 0) {
    close_fd(in[1]);
    close_fd(out[0]);
    problem_ = "could not start " + clojure;
    return;
  }
  pid_ = pid;
  to_child_ = ::fdopen(in[1], "w");
  from_child_ = ::fdopen(out[0], "r");
  dir_ = dir.release();
  reply r = request("");  // nothing sent: waits for {"ready": true}
  if (!r.body.contains("ready")) problem_ = r.body.value("error", "the Clojure side did not start");
}

clojure_session::~clojure_session() {
  if (to_child_) std::fclose(to_child_);  // end of input ends the script
  if (pid_ > 0) {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (from_child_) std::fclose(from_child_);
  std::error_code ec;
  if (!dir_.empty()) fs::remove_all(dir_, ec);
}

clojure_session::reply clojure_session::request(const std::string& line) {
  if (!problem_.empty()) return {{{"error", problem_}}};
  if (!line.empty() && (std::fputs((line + "\n").c_str(), to_child_) < 0 || std::fflush(to_child_) != 0)) {
    problem_ = "the Clojure side stopped (could not send \"" + line + "\")";
    return {{{"error", problem_}}};
  }
  // One JSON object per line; anything else on its stdout (a JVM warning) is not ours to parse.
  char* buf = nullptr;
  std::size_t cap = 0;
  for (;;) {
    ssize_t n = ::getline(&buf, &cap, from_child_);
    if (n < 0) break;
    std::string_view text(buf, static_cast<std::size_t>(n));
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
    if (text.empty() || text.front() != '{') continue;
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    std::free(buf);
    return {std::move(j)};
  }
  std::free(buf);
  int status = 0;
  std::string how = "exited";
  if (pid_ > 0 && ::waitpid(pid_, &status, 0) == pid_) {
    pid_ = -1;
    how = WIFEXITED(status) ? "exited with status " + std::to_string(WEXITSTATUS(status))
                            : "was killed by signal " + std::to_string(WTERMSIG(status));
  }
  problem_ = "the Clojure side " + how;
  return {{{"error", problem_}}};
}

clojure_session::warmed clojure_session::warm(std::size_t index, double us) {
  reply r = request("warm " + std::to_string(index) + " " + std::to_string(static_cast<long long>(us)));
  if (r.body.contains("error")) return {"", r.body.value("error", "")};
  return {r.body.value("result", ""), ""};
}

clojure_session::batch clojure_session::time(std::size_t index, double us) {
  reply r = request("time " + std::to_string(index) + " " + std::to_string(static_cast<long long>(us)));
  batch b;
  if (r.body.contains("error")) {
    b.error = r.body.value("error", "");
    return b;
  }
  for (const auto& s : r.body.value("samples", nlohmann::json::array())) b.samples_us.push_back(s.get<double>());
  b.cpu_us = r.body.value("cpu_us", 0.0);
  if (b.samples_us.empty()) b.error = "the Clojure side timed no calls";
  return b;
}

double clojure_session::cpu_ns() const {
  if (pid_ <= 0) return -1;
  std::error_code ec;
  double total = 0;
  bool any = false;
  for (const auto& task : fs::directory_iterator("/proc/" + std::to_string(pid_) + "/task", ec)) {
    std::ifstream in(task.path() / "schedstat");
    double run_ns = 0;
    if (in >> run_ns) {
      total += run_ns;
      any = true;
    }
  }
  return any ? total : -1;
}

double clojure_session::wait_quiet(double max_ms) const {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  auto waited = [&] { return std::chrono::duration<double, std::milli>(clock::now() - t0).count(); };
  double before = cpu_ns();
  if (before < 0) return 0;
  while (waited() < max_ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const double now = cpu_ns();
    if (now < 0 || now - before < 0.5e6) break;
    before = now;
  }
  return waited();
}

}  // namespace ptc::bench
