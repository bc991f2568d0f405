#pragma once
// The process behind an MCP stdio connection (private to actors/mcp*.cpp): spawns the server,
// writes lines to its stdin, reads lines from its stdout and stderr, reaps it.
//
// Context: a server is a child process speaking newline-delimited JSON-RPC on stdin/stdout and
// logging on stderr. Reading blocks and writing can block (a server that stops reading fills
// the pipe), so neither may happen on a CAF scheduler thread.
//
// Decision: one thread per process. It forks a keeper (/bin/sh running a short script) that
// leads a process group of its own and starts the server in it; the keeper watches a lifeline
// pipe whose write end only ptc holds, so when ptc is gone however it ended (SIGTERM, SIGKILL,
// a crash) the whole group is ended: the server and whatever it started (npx's node, a wrapper
// shell's children). The thread then polls stdout, stderr, stdin (while output is queued) and a
// wake pipe. Lines go to callbacks (the connection actor sends
// them to itself); a line longer than `max_line_bytes` ends the process (a protocol fault, not
// a memory hazard). `stop()` closes stdin, waits a moment, then SIGTERM, then SIGKILL (to the
// group); the thread always reaps the keeper, which reaps the server and ends with its status,
// then reports the end once.
//
// A line is written straight from send() when nothing is queued (the pipe is non-blocking);
// only what does not fit waits for the thread. SIGPIPE is ignored process-wide (unless the
// application installed a handler), so a server that exits mid-write is an EPIPE, not a crash.
//
// Consequences: the thread holds a shared_ptr to the object and is detached, so nobody ever
// blocks on it; the callbacks must be safe to call from that thread (anon_send is).
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ptc::actors::detail {

struct process_spec {
  std::string command;  ///< looked up in PATH when it has no '/'
  std::vector<std::string> args;
  std::map<std::string, std::string> env;  ///< added to (or replacing in) ptc's environment
  std::string cwd;                         ///< empty: ptc's
  std::size_t max_line_bytes = 16 << 20;
};

struct process_callbacks {
  std::function<void(std::string line)> on_stdout;
  std::function<void(std::string line)> on_stderr;
  /// Once, last: why the process ended ("exited with status 1", "was killed by signal 9", "could
  /// not start: ...", "wrote a line over N bytes").
  std::function<void(std::string why)> on_exit;
};

class mcp_process : public std::enable_shared_from_this<mcp_process> {
 public:
  static std::shared_ptr<mcp_process> start(process_spec spec, process_callbacks cb);
  ~mcp_process();

  /// Queues `line` plus '\n' for stdin; false once the process has ended.
  bool send(std::string line);
  /// Asks the process to end (see above); returns at once.
  void stop();
  int pid() const { return pid_.load(); }

  mcp_process(process_spec spec, process_callbacks cb);

 private:
  void run();
  void wake();

  process_spec spec_;
  process_callbacks cb_;
  std::atomic<int> pid_{-1};
  int wake_[2] = {-1, -1};

  std::mutex mutex_;
  std::string outgoing_;  ///< guarded by mutex_: bytes not yet written to the server's stdin
  int stdin_fd_ = -1;     ///< guarded by mutex_: the server's stdin while it is open
  bool stopping_ = false; ///< guarded by mutex_
  bool ended_ = false;    ///< guarded by mutex_
};

}  // namespace ptc::actors::detail
