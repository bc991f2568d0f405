// The process behind an MCP stdio connection (mcp_process.hpp).
#include "ptc/actors/mcp_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

extern char** environ;

namespace ptc::actors::detail {
namespace {

using clock_type = std::chrono::steady_clock;

std::string errno_text(int e) { return std::strerror(e); }

/// Signals the server's process group (it leads one: see run()), or the server alone if the
/// group is not there yet.
void signal_group(pid_t pid, int sig) {
  if (::kill(-pid, sig) != 0) ::kill(pid, sig);
}

/// The program to exec: `command` itself when it names a path, else the first executable
/// match in PATH; empty when there is none.
std::string resolve(const std::string& command, const std::map<std::string, std::string>& env) {
  if (command.find('/') != std::string::npos) return command;
  std::string path;
  if (auto it = env.find("PATH"); it != env.end()) path = it->second;
  else if (const char* p = std::getenv("PATH")) path = p;
  else path = "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find(':', start), path.size());
    std::string dir = path.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string candidate = dir + "/" + command;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return {};
}

/// The read end of this process's lifeline: a pipe whose write end only this process holds
/// (close-on-exec, never closed), so a reader sees end-of-file exactly when this process is gone,
/// however it ended (exit, SIGTERM, SIGKILL, a crash). -1 when the pipe could not be made.
int lifeline_read_end() {
  static const int fd = [] {
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0) return -1;
    // Above the standard streams (a process started with one closed gets its number here): the
    // child puts its pipes on 0-2 before it moves the lifeline to 3.
    if (p[0] < 3) {
      const int moved = ::fcntl(p[0], F_DUPFD_CLOEXEC, 3);
      ::close(p[0]);
      p[0] = moved;
    }
    return p[0];  // p[1] stays open, unused, for the life of the process
  }();
  return fd;
}

/// The server's keeper: /bin/sh runs it with fd 3 on the lifeline and the server's command line
/// as its arguments. It leads the server's process group (see run()) and starts the server in
/// it, with the pipes to ptc; a watcher in the group waits on the lifeline and, when ptc is
/// gone, signals the whole group: TERM, then KILL. When the server ends, the keeper ends the
/// same way (its exit status, or the same signal). The keeper outlives a TERM to the group (it
/// ignores TERM once the server has started with the default) so that it reaps the server: a
/// server orphaned before its reaping would wait as a zombie for PID 1. The watcher stays until
/// ptc, having reaped the keeper, kills the group; without ptc it ends the group itself, also
/// what the server started after the TERM. A shell, not a fork of ptc that stays: a
/// fork that never execs would share ptc's memory copy-on-write for as long as the server runs.
constexpr const char* keeper_script =
    "exec 4<&0\n"
    "\"$@\" 0<&4 4<&- 3<&- &\n"
    "server=$!\n"
    "(trap '' TERM; read -r _ <&3; kill -TERM 0; sleep 2; kill -KILL 0) 0</dev/null 1>/dev/null 2>/dev/null 4<&- &\n"
    "trap '' TERM\n"
    "exec 0</dev/null 1>/dev/null 2>/dev/null 3<&- 4<&-\n"
    "wait \"$server\"\n"
    "rc=$?\n"
    "trap - TERM\n"
    "ulimit -c 0\n"  // the server's own crash may dump core; its keeper's echo of it does not
    "if [ \"$rc\" -gt 128 ]; then kill -\"$((rc - 128))\" $$; fi\n"
    "exit \"$rc\"\n";

/// What the child reports through the status pipe when it cannot start the server.
struct start_failure {
  enum step_kind : int { cwd, program, shell } step;
  int error;
};

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

/// Splits complete lines off `buffer` into `deliver`; a trailing '\r' is dropped.
template <class F>
void take_lines(std::string& buffer, F&& deliver) {
  std::size_t start = 0;
  for (std::size_t nl; (nl = buffer.find('\n', start)) != std::string::npos; start = nl + 1) {
    std::size_t end = nl;
    if (end > start && buffer[end - 1] == '\r') --end;
    if (end > start) deliver(buffer.substr(start, end - start));
  }
  buffer.erase(0, start);
}

}  // namespace

mcp_process::mcp_process(process_spec spec, process_callbacks cb) : spec_(std::move(spec)), cb_(std::move(cb)) {}

mcp_process::~mcp_process() {
  close_fd(wake_[0]);
  close_fd(wake_[1]);
}

std::shared_ptr<mcp_process> mcp_process::start(process_spec spec, process_callbacks cb) {
  // A server that exits while a line is being written to it must not end ptc with SIGPIPE:
  // writes then fail with EPIPE. An application's own SIGPIPE handler is left in place.
  static std::once_flag sigpipe_once;
  std::call_once(sigpipe_once, [] {
    struct sigaction old {};
    if (::sigaction(SIGPIPE, nullptr, &old) == 0 && old.sa_handler == SIG_DFL && !(old.sa_flags & SA_SIGINFO))
      ::signal(SIGPIPE, SIG_IGN);
  });
  auto p = std::make_shared<mcp_process>(std::move(spec), std::move(cb));
  if (::pipe2(p->wake_, O_CLOEXEC | O_NONBLOCK) != 0) {
    p->cb_.on_exit("could not start: pipe: " + errno_text(errno));
    return p;
  }
  std::thread([self = p] { self->run(); }).detach();
  return p;
}

bool mcp_process::send(std::string line) {
  line += '\n';
  {
    std::lock_guard lock(mutex_);
    if (ended_ || stopping_) return false;
    // Fast path: nothing queued, so the line goes to the server's stdin from here, without
    // waking the poll thread (one thread hop less per call). What does not fit is queued.
    if (outgoing_.empty() && stdin_fd_ >= 0) {
      const auto w = ::write(stdin_fd_, line.data(), line.size());
      if (w == static_cast<ssize_t>(line.size())) return true;
      if (w > 0) line.erase(0, static_cast<std::size_t>(w));
    }
    outgoing_ += line;
  }
  wake();
  return true;
}

void mcp_process::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake();
}

void mcp_process::wake() {
  const char b = 1;
  [[maybe_unused]] auto n = ::write(wake_[1], &b, 1);  // full pipe: a wake is pending anyway
}

void mcp_process::run() {
  auto end_with = [&](std::string why) {
    {
      std::lock_guard lock(mutex_);
      ended_ = true;
    }
    cb_.on_exit(std::move(why));
  };
  const std::string program = resolve(spec_.command, spec_.env);
  if (program.empty()) return end_with("could not start: '" + spec_.command + "' not found in PATH");

  const int lifeline = lifeline_read_end();
  if (lifeline < 0) return end_with("could not start: pipe: " + errno_text(errno));
  // Everything the child needs is built before fork: after it, only async-signal-safe calls.
  // The keeper's command line; from its fifth entry on, the server's own.
  std::vector<std::string> args{"sh", "-c", keeper_script, "ptc-mcp-keeper", program};
  args.insert(args.end(), spec_.args.begin(), spec_.args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_text;
  for (char** e = environ; e && *e; ++e) {
    std::string entry(*e);
    const std::string key = entry.substr(0, entry.find('='));
    if (!spec_.env.count(key)) env_text.push_back(std::move(entry));
  }
  for (const auto& [k, v] : spec_.env) env_text.push_back(k + "=" + v);
  std::vector<char*> envp;
  for (auto& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);

  int in[2], out[2], err[2], status_pipe[2];
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0 ||
      ::pipe2(status_pipe, O_CLOEXEC) != 0)
    return end_with("could not start: pipe: " + errno_text(errno));
  const char* cwd = spec_.cwd.empty() ? nullptr : spec_.cwd.c_str();
  const pid_t pid = ::fork();
  if (pid < 0) return end_with("could not start: fork: " + errno_text(errno));
  // The server leads a process group of its own (both sides set it, so that it holds before
  // either runs on): stopping it signals the group, so what it started (a shell's or npx's
  // child) ends with it instead of holding its output open and living on.
  if (pid > 0) ::setpgid(pid, pid);
  if (pid == 0) {
    // No PR_SET_PDEATHSIG: the keeper must outlive ptc to reap the server it signals then.
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::dup2(err[1], 2);
    // The lifeline on fd 3, kept across exec (dup2 onto itself would keep close-on-exec).
    if (lifeline == 3) ::fcntl(3, F_SETFD, 0);
    else ::dup2(lifeline, 3);
    ::setpgid(0, 0);  // signals to ptc's terminal group (Ctrl-C) are ptc's to handle
    // The server starts with no signal blocked or ignored, whatever ptc's threads do
    // (`ptc mcp --http` blocks SIGTERM to take it with sigwait; ptc ignores SIGPIPE).
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::signal(SIGPIPE, SIG_DFL);
    start_failure f{start_failure::cwd, 0};
    if (cwd && ::chdir(cwd) != 0) {
      f.error = errno;
    } else if (::access(program.c_str(), X_OK) != 0) {
      f = {start_failure::program, errno};
    } else if (struct stat st {}; ::stat(program.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      f = {start_failure::program, S_ISDIR(st.st_mode) ? EISDIR : EACCES};  // what execve says
    } else if (::access("/bin/sh", X_OK) != 0) {
      // No shell (a minimal container image): the server itself, without a keeper; it is at
      // least killed when ptc ends, though not what it started.
      ::close(3);
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      ::execve(program.c_str(), argv.data() + 4, envp.data());
      f = {start_failure::program, errno};
    } else {
      ::execve("/bin/sh", argv.data(), envp.data());
      f = {start_failure::shell, errno};
    }
    [[maybe_unused]] auto n = ::write(status_pipe[1], &f, sizeof f);
    ::_exit(127);
  }
  pid_ = pid;
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::close(status_pipe[1]);
  start_failure failed{};
  const auto got = ::read(status_pipe[0], &failed, sizeof failed);  // EOF: the keeper runs
  ::close(status_pipe[0]);
  int fd_in = in[1], fd_out = out[0], fd_err = err[0];
  std::string reason;
  if (got == static_cast<ssize_t>(sizeof failed)) {
    const std::string what = failed.step == start_failure::cwd     ? "could not start in '" + spec_.cwd + "': "
                             : failed.step == start_failure::program ? "could not start '" + program + "': "
                                                                     : "could not start /bin/sh to keep '" + program + "': ";
    reason = what + errno_text(failed.error);
  }
  set_nonblocking(fd_in);
  set_nonblocking(fd_out);
  set_nonblocking(fd_err);
  {
    std::lock_guard lock(mutex_);
    if (reason.empty() && !stopping_) stdin_fd_ = fd_in;
  }

  std::string out_buf, err_buf;
  bool queued = false;  // outgoing_ holds bytes: poll stdin for room
  bool stop_seen = false;
  int signals_sent = 0;
  auto deadline = clock_type::time_point::max();
  char chunk[65536];
  while (reason.empty() && (fd_out >= 0 || fd_err >= 0)) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_ && !stop_seen) {
        stop_seen = true;
        deadline = clock_type::now() + std::chrono::milliseconds(300);
      }
      // What was sent before stop() (cancellations, say) is written first, for at most the
      // grace period; then stdin closes, and a well-behaved server exits at EOF.
      if (stop_seen && fd_in >= 0 && (outgoing_.empty() || clock_type::now() >= deadline)) {
        outgoing_.clear();
        stdin_fd_ = -1;
        close_fd(fd_in);
        deadline = clock_type::now() + std::chrono::milliseconds(300);
      }
      queued = fd_in >= 0 && !outgoing_.empty();
    }
    if (stop_seen && fd_in < 0 && clock_type::now() >= deadline) {
      signal_group(pid, signals_sent == 0 ? SIGTERM : SIGKILL);
      ++signals_sent;
      deadline = clock_type::now() + std::chrono::milliseconds(300);
    }
    pollfd fds[4];
    int n = 0;
    fds[n++] = {wake_[0], POLLIN, 0};
    const int i_out = fd_out >= 0 ? n : -1;
    if (fd_out >= 0) fds[n++] = {fd_out, POLLIN, 0};
    const int i_err = fd_err >= 0 ? n : -1;
    if (fd_err >= 0) fds[n++] = {fd_err, POLLIN, 0};
    const int i_in = queued ? n : -1;
    if (i_in >= 0) fds[n++] = {fd_in, POLLOUT, 0};
    const int timeout = stop_seen ? 50 : -1;
    if (::poll(fds, n, timeout) < 0 && errno != EINTR) {
      reason = "poll: " + errno_text(errno);
      break;
    }
    if (fds[0].revents) {
      while (::read(wake_[0], chunk, sizeof chunk) > 0) {
      }
    }
    if (i_in >= 0 && fds[i_in].revents) {
      std::lock_guard lock(mutex_);  // the same order as send()'s direct writes
      const auto w = ::write(fd_in, outgoing_.data(), outgoing_.size());
      if (w > 0) outgoing_.erase(0, static_cast<std::size_t>(w));
      else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        stdin_fd_ = -1;
        close_fd(fd_in);  // EPIPE: it closed its stdin; its stdout tells the rest
        outgoing_.clear();
      }
    }
    auto drain = [&](int& fd, std::string& buf, bool is_stdout) {
      for (;;) {
        const auto r = ::read(fd, chunk, sizeof chunk);
        if (r > 0) {
          buf.append(chunk, static_cast<std::size_t>(r));
          if (is_stdout) {
            take_lines(buf, [&](std::string line) { cb_.on_stdout(std::move(line)); });
            if (buf.size() > spec_.max_line_bytes) {
              reason = "wrote a line over " + std::to_string(spec_.max_line_bytes) + " bytes on stdout";
              return;
            }
          } else {
            take_lines(buf, [&](std::string line) { cb_.on_stderr(std::move(line)); });
            if (buf.size() > 4096) {  // a log line without an end: hand on what there is
              cb_.on_stderr(buf.substr(0, 4096));
              buf.clear();
            }
          }
          continue;
        }
        if (r < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (!is_stdout && !buf.empty()) cb_.on_stderr(std::move(buf));
        buf.clear();
        close_fd(fd);  // EOF or error
        return;
      }
    };
    if (i_out >= 0 && fds[i_out].revents) drain(fd_out, out_buf, true);
    if (i_err >= 0 && fds[i_err].revents && reason.empty()) drain(fd_err, err_buf, false);
  }
  {
    std::lock_guard lock(mutex_);
    ended_ = true;  // no more sends
    stdin_fd_ = -1;
    close_fd(fd_in);
  }
  close_fd(fd_out);
  close_fd(fd_err);

  // Reap: a process that closed its output is usually exiting; one that does not within a
  // moment (or that broke the protocol) is terminated, then killed.
  int status = 0;
  const auto start = clock_type::now();
  bool reaped = false;
  while (!reaped) {
    siginfo_t info{};
    const int w = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
    if (w == 0 && info.si_pid == pid) {
      // It has ended. What it started in its group ends too (its zombie keeps the group's
      // number from being reused until the waitpid below), then it is reaped.
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      reaped = true;
      break;
    }
    if (w < 0 && errno != EINTR) {
      reaped = true;
      break;
    }
    const auto waited = clock_type::now() - start;
    if (waited > std::chrono::milliseconds(600)) signal_group(pid, SIGKILL);
    else if (!reason.empty() || stop_seen || waited > std::chrono::milliseconds(300)) signal_group(pid, SIGTERM);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (reason.empty()) {
    if (WIFEXITED(status)) reason = "exited with status " + std::to_string(WEXITSTATUS(status));
    else if (WIFSIGNALED(status)) reason = "was killed by signal " + std::to_string(WTERMSIG(status));
    else reason = "ended";
  }
  pid_ = -1;
  cb_.on_exit(std::move(reason));
}

}  // namespace ptc::actors::detail
