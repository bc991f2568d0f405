#include "tests/support/node_process.hpp"

#include <fstream>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <stdexcept>
#include <thread>

namespace ptc::testing {
namespace {

using clock_type = std::chrono::steady_clock;

/// Whether 127.0.0.1:`port` can be bound now, as a node binds it (SO_REUSEADDR).
bool bindable(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = ::bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

}  // namespace

std::uint16_t node_process::restartable_port() {
  unsigned low = 32768;  // where the kernel's ephemeral ports start, unless it says otherwise
  std::ifstream("/proc/sys/net/ipv4/ip_local_port_range") >> low;
  low = std::clamp(low, 12000u, 65535u);
  std::mt19937 pick{std::random_device{}()};
  std::uniform_int_distribution<unsigned> in(10000, low - 1);
  for (int tries = 0; tries < 1000; ++tries) {
    const auto port = static_cast<std::uint16_t>(in(pick));
    if (bindable(port)) return port;
  }
  throw std::runtime_error("no free port below " + std::to_string(low));
}

node_process::node_process(const std::string& ptc, std::uint16_t port, std::vector<std::string> extra) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> args{ptc, "node", "--port", std::to_string(port), "--threads", "1"};
  args.insert(args.end(), extra.begin(), extra.end());
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(fds[1], STDOUT_FILENO);
    // Start with no signal blocked, whatever the test runner blocks (`ptc node` sets its own).
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fds[1]);
  out_ = fds[0];
  std::string text;
  const auto deadline = clock_type::now() + std::chrono::seconds(20);
  while (text.find('\n') == std::string::npos) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now());
    pollfd p{out_, POLLIN, 0};
    if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    char buf[512];
    const ssize_t n = read(out_, buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  const auto at = text.find("listening on 127.0.0.1:");
  if (at == std::string::npos) {
    signal(SIGKILL);
    reap();
    throw std::runtime_error("ptc node did not start listening; it printed: \"" + text + "\"");
  }
  banner_ = text.substr(0, text.find('\n'));
  port_ = static_cast<std::uint16_t>(std::stoul(text.substr(at + 23)));
}

node_process::~node_process() {
  if (!reaped_) {
    signal(SIGKILL);
    reap();
  }
  if (out_ >= 0) close(out_);
}

void node_process::signal(int sig) {
  if (!reaped_ && pid_ > 0) ::kill(pid_, sig);
}

void node_process::reap() {
  if (reaped_ || pid_ <= 0) return;
  int status = 0;
  waitpid(pid_, &status, 0);
  reaped_ = true;
}

int node_process::stop() {
  if (reaped_) return -1;
  signal(SIGTERM);
  const auto deadline = clock_type::now() + std::chrono::seconds(20);
  int status = 0;
  while (true) {
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) break;
    if (clock_type::now() > deadline) {
      signal(SIGKILL);
      waitpid(pid_, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  reaped_ = true;
  return status;
}

std::size_t node_process::rss_kib() const {
  std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.starts_with("VmRSS:")) return std::stoul(line.substr(6));
  return 0;
}

}  // namespace ptc::testing
