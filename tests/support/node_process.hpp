#pragma once
// A `ptc node` process on 127.0.0.1, for multi-node tests and benchmarks: real processes, real
// sockets, real signals.
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ptc::testing {

class node_process {
 public:
  /// Starts `PTC node --port PORT --threads 1 EXTRA...` (port 0: any free one) and waits up to
  /// 20 s for its "listening on" line; throws std::runtime_error with the node's output if it
  /// exits or stays silent.
  node_process(const std::string& ptc, std::uint16_t port = 0, std::vector<std::string> extra = {});
  ~node_process();  ///< SIGKILL if still running, and reaps it

  /// A free port below the kernel's ephemeral range, for a node a test restarts on its port: a
  /// port the kernel chose (port 0) may meanwhile be taken by any process's outgoing connection,
  /// and held for a minute in TIME_WAIT.
  static std::uint16_t restartable_port();
  node_process(const node_process&) = delete;
  node_process& operator=(const node_process&) = delete;

  std::uint16_t port() const { return port_; }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
  pid_t pid() const { return pid_; }
  /// The line it printed when it started listening.
  const std::string& banner() const { return banner_; }

  /// Its resident memory now (VmRSS), in KiB; 0 when it cannot be read.
  std::size_t rss_kib() const;
  /// Sends `sig` (SIGKILL, SIGTERM, SIGSTOP, SIGCONT).
  void signal(int sig);
  /// SIGTERM, then waits (up to 20 s, then SIGKILL); the exit status as waitpid reports it.
  int stop();

 private:
  void reap();
  pid_t pid_ = -1;
  int out_ = -1;  ///< the read end of its stdout
  std::uint16_t port_ = 0;
  std::string banner_;
  bool reaped_ = false;
};

}  // namespace ptc::testing
