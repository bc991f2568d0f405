// Secure nodes: mutual TLS, refusals with their messages, hostile bytes, idle connections, and a
// byte-logging proxy that shows what crosses the wire. Real `ptc node` processes, real
// certificates (`ptc certs init`, and the `openssl` command for an expired one).
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/ssl.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ptc/actors/basp_guard.hpp"
#include "ptc/actors/cluster.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/lisp/printer.hpp"
#include "tests/support/eventually.hpp"
#include "tests/support/local_socket.hpp"
#include "tests/support/node_process.hpp"
#include "tests/support/scripted.hpp"

namespace nodes_security_test {

using namespace ptc;
using namespace std::chrono_literals;
using actors::agent;
using json = nlohmann::ordered_json;
using testing::code;
using testing::node_process;
using testing::script;
using actors::basp_header;
using clock_type = std::chrono::steady_clock;
namespace fs = std::filesystem;

namespace {

/// A folder of the test's own, removed at the end.
struct temp_dir {
  fs::path path;
  temp_dir() {
    path = fs::temp_directory_path() / ("ptc_node_security_" + std::to_string(getpid()) + "_" +
                                        std::to_string(clock_type::now().time_since_epoch().count()));
    fs::create_directories(path);
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

int run_command(const std::string& command) {
  const int rc = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/// `ptc certs init DIR [--host H]...`: a CA, a node and a client certificate.
void make_certs(const std::string& dir, const std::vector<std::string>& hosts = {}) {
  std::string cmd = std::string(PTC_BINARY) + " certs init " + dir;
  for (const auto& h : hosts) cmd += " --host " + h;
  REQUIRE(run_command(cmd) == 0);
}

/// A certificate signed by dir's CA that expired yesterday (the openssl command), for 127.0.0.1.
std::string make_expired(const temp_dir& t, const std::string& dir, const std::string& name) {
  const std::string key = dir + "/" + name + ".key", pem = t / (name + "-expired.pem");
  const std::string ext = t / (name + ".ext");
  std::ofstream(ext) << "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n";
  REQUIRE(run_command("openssl req -new -key " + key + " -subj /CN=expired -out " + t / (name + ".csr")) == 0);
  REQUIRE(run_command("openssl x509 -req -in " + t / (name + ".csr") + " -CA " + dir + "/ca.pem -CAkey " + dir +
                      "/ca.key -CAcreateserial -days -1 -extfile " + ext + " -out " + pem) == 0);
  return pem;
}

std::vector<std::string> node_tls(const std::string& dir, const std::string& cert = "") {
  return {"--tls-cert", cert.empty() ? dir + "/node.pem" : cert, "--tls-key", dir + "/node.key", "--tls-ca",
          dir + "/ca.pem"};
}

config::node_settings::tls_files client_tls(const std::string& dir, const std::string& cert = "",
                                             const std::string& ca_dir = "") {
  return {cert.empty() ? dir + "/client.pem" : cert, dir + "/client.key", (ca_dir.empty() ? dir : ca_dir) + "/ca.pem"};
}

/// The nodes' own LLM: missions containing "node-own" return twice data/n.
std::string node_script(const temp_dir& t) {
  const std::string path = t / "script.json";
  json doc{{"scripts", {{{"match", "node-own"}, {"responses", {code("(return (* 2 data/n))")}}}}}};
  std::ofstream(path) << doc.dump();
  return path;
}

actors::runtime_options client_options(config::node_settings::tls_files tls = {}) {
  actors::runtime_options o = testing::scripted_options(script({}));
  o.network = true;
  o.settings.node.tls = std::move(tls);
  return o;
}

/// A run through the node at `port` in a fresh client process state (its own runtime, so its
/// own connection): "" when it returned 42, else what went wrong, and how long it took.
std::string try_run(std::uint16_t port, config::node_settings::tls_files tls, std::chrono::milliseconds* took = nullptr) {
  const auto start = clock_type::now();
  std::string problem;
  try {
    actors::runtime rt{client_options(std::move(tls))};
    actors::cluster nodes{rt, {{"127.0.0.1", port}}};
    auto s = rt.run(agent("own").mission("node-own work").data({{"n", 21}}).on(nodes.node(0)));
    if (!s.ok()) problem = s.fail->message;
    else if (lisp::pr_str(*s.return_value) != "42") problem = "returned " + lisp::pr_str(*s.return_value);
  } catch (const std::exception& e) {
    problem = e.what();
  }
  if (took) *took = std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - start);
  return problem;
}

bool alive(const node_process& n) {
  std::ifstream stat("/proc/" + std::to_string(n.pid()) + "/stat");
  std::string pid, comm, state;
  stat >> pid >> comm >> state;
  return stat && state != "Z";
}

void send_all(int fd, const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const auto n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return;  // the node may close before taking it all
    sent += static_cast<std::size_t>(n);
  }
}

/// Reads (and drops) until the peer closes; false if it is still open after `limit`.
bool closed_within(int fd, std::chrono::milliseconds limit) {
  const auto end = clock_type::now() + limit;
  char buf[4096];
  while (clock_type::now() < end) {
    pollfd p{fd, POLLIN, 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - clock_type::now());
    if (::poll(&p, 1, static_cast<int>(std::max<long>(1, left.count()))) <= 0) continue;
    const auto n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return true;
  }
  return false;
}

std::string random_bytes(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::string s(n, '\0');
  for (auto& c : s) c = static_cast<char>(gen() & 0xFF);
  return s;
}

struct hostile_input {
  std::string name;
  std::string bytes;
};

/// What an unauthenticated peer might send; each must be refused without harm.
std::vector<hostile_input> hostile_catalogue() {
  std::string crash(8, '\0');
  crash += "\xff\xff\xff\xff";
  crash += std::string(40, '\0');
  return {
      {"the 52 bytes that crashed CAF 0.17 (a server handshake to a node)", crash},
      {"a client handshake header claiming 0xFFFFFFF0 bytes", basp_header(1, 0xFFFFFFF0u)},
      {"a message header claiming 0xFFFFFFF0 bytes", basp_header(2, 0xFFFFFFF0u, 0, 0, 1)},
      {"4 KB of random bytes", random_bytes(4096, 7)},
      {"an HTTP request", "GET / HTTP/1.1\r\nHost: node\r\n\r\n"},
      {"a TLS ClientHello", std::string("\x16\x03\x01\x00\xc8\x01\x00\x00\xc4\x03\x03", 11) + random_bytes(64, 3)},
      {"half a header, then silence", basp_header(1, 16).substr(0, 16)},
      {"a plaintext client handshake with garbage", basp_header(1, 16) + random_bytes(16, 5)},
  };
}

/// A listening socket on 127.0.0.1 at a free port (written to *port).
int listen_loopback(std::uint16_t* port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  ::listen(fd, 16);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  *port = ntohs(a.sin_port);
  return fd;
}

/// Relays 127.0.0.1:port() to 127.0.0.1:target and keeps every byte it relays.
class logging_proxy {
 public:
  explicit logging_proxy(std::uint16_t target) : target_{target} {
    listen_ = listen_loopback(&port_);
    thread_ = std::thread([this] { run(); });
  }
  ~logging_proxy() {
    stop_ = true;
    thread_.join();
    ::close(listen_);
  }
  std::uint16_t port() const { return port_; }
  std::string seen() {
    std::lock_guard lock{mutex_};
    return seen_;
  }

 private:
  void run() {
    std::vector<std::pair<int, int>> links;  // (client, node)
    while (!stop_) {
      std::vector<pollfd> fds{{listen_, POLLIN, 0}};
      for (auto [c, n] : links) {
        fds.push_back({c, POLLIN, 0});
        fds.push_back({n, POLLIN, 0});
      }
      if (::poll(fds.data(), fds.size(), 50) <= 0) continue;
      if (fds[0].revents & POLLIN) {
        int c = ::accept4(listen_, nullptr, nullptr, SOCK_CLOEXEC);
        int n = testing::connect_local(target_);
        if (c >= 0 && n >= 0) links.emplace_back(c, n);
      }
      for (std::size_t i = 1; i < fds.size(); ++i) {
        if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
        auto& [c, n] = links[(i - 1) / 2];
        const int from = fds[i].fd, to = from == c ? n : c;
        char buf[65536];
        const auto got = ::recv(from, buf, sizeof buf, 0);
        if (got <= 0) {
          ::shutdown(to, SHUT_WR);
          continue;
        }
        {
          std::lock_guard lock{mutex_};
          seen_.append(buf, static_cast<std::size_t>(got));
        }
        send_all(to, std::string(buf, static_cast<std::size_t>(got)));
      }
    }
    for (auto [c, n] : links) {
      ::close(c);
      ::close(n);
    }
  }

  std::uint16_t target_, port_ = 0;
  int listen_ = -1;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::mutex mutex_;
  std::string seen_;
};

/// A TLS endpoint that completes each handshake (TLS 1.3: the client is done before the server
/// has judged its certificate), takes what the client sends, then resets the connection without
/// a TLS alert: the race a refusing node can lose, played every time.
class resetting_tls_node {
 public:
  explicit resetting_tls_node(const std::string& dir) : ctx_{SSL_CTX_new(TLS_server_method())} {
    SSL_CTX_use_certificate_chain_file(ctx_, (dir + "/node.pem").c_str());
    SSL_CTX_use_PrivateKey_file(ctx_, (dir + "/node.key").c_str(), SSL_FILETYPE_PEM);
    listen_ = listen_loopback(&port_);
    thread_ = std::thread([this] { run(); });
  }
  ~resetting_tls_node() {
    stop_ = true;
    thread_.join();
    ::close(listen_);
    SSL_CTX_free(ctx_);
  }
  std::uint16_t port() const { return port_; }
  int handshakes() const { return handshakes_; }

 private:
  void run() {
    while (!stop_) {
      pollfd p{listen_, POLLIN, 0};
      if (::poll(&p, 1, 50) <= 0) continue;
      const int fd = ::accept4(listen_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) continue;
      timeval two_s{2, 0};
      ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &two_s, sizeof two_s);
      SSL* ssl = SSL_new(ctx_);
      SSL_set_fd(ssl, fd);
      if (SSL_accept(ssl) == 1) {
        ++handshakes_;
        char buf[256];
        SSL_read(ssl, buf, sizeof buf);  // the client's first bytes: the connection is in use
      }
      linger abort_on_close{1, 0};
      ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
      SSL_free(ssl);
      ::close(fd);  // a reset, not a FIN, and no alert before it
    }
  }

  SSL_CTX* ctx_;
  std::uint16_t port_ = 0;
  int listen_ = -1;
  std::atomic<bool> stop_{false};
  std::atomic<int> handshakes_{0};
  std::thread thread_;
};

}  // namespace

TEST_CASE("NODE-TLS: a run through a node with mutual TLS works end to end", "[nodes][tls]") {
  temp_dir t;
  make_certs(t / "pki");
  node_process node(PTC_BINARY, 0, [&] {
    auto a = node_tls(t / "pki");
    a.insert(a.end(), {"--script", node_script(t)});
    return a;
  }());
  CHECK_THAT(node.banner(), Catch::Contains("(TLS;"));
  CHECK(try_run(node.port(), client_tls(t / "pki")) == "");
}

TEST_CASE("NODE-TLS: each mismatch is refused within 2 s with a message that says why", "[nodes][tls][failure]") {
  temp_dir t;
  make_certs(t / "pki");
  make_certs(t / "other");                        // another CA
  make_certs(t / "named", {"node.example.com"});  // a node certificate for another name
  const std::string script_file = node_script(t);
  auto args = [&](std::vector<std::string> a) {
    a.insert(a.end(), {"--script", script_file});
    return a;
  };
  node_process tls_node(PTC_BINARY, 0, args(node_tls(t / "pki")));
  node_process plain_node(PTC_BINARY, 0, args({}));
  node_process expired_node(PTC_BINARY, 0, args(node_tls(t / "pki", make_expired(t, t / "pki", "node"))));
  node_process named_node(PTC_BINARY, 0, args(node_tls(t / "named")));
  const std::string expired_client = make_expired(t, t / "pki", "client");

  struct refusal {
    std::string name;
    std::uint16_t port;
    config::node_settings::tls_files tls;
    std::string says;
  };
  const std::vector<refusal> cases{
      {"a plaintext client to a TLS node", tls_node.port(), {}, "it may require TLS"},
      {"a TLS client to a plaintext node", plain_node.port(), client_tls(t / "pki"), "the node does not speak TLS"},
      {"a node whose certificate another CA signed", tls_node.port(), client_tls(t / "other"),
       "the peer's certificate is not signed by the CA of --tls-ca"},
      {"a client whose certificate another CA signed", tls_node.port(), client_tls(t / "other", "", t / "pki"),
       "the node refused this client's certificate"},
      {"an expired client certificate", tls_node.port(), client_tls(t / "pki", expired_client),
       "the node refused this client's certificate"},
      {"an expired node certificate", expired_node.port(), client_tls(t / "pki"), "certificate has expired"},
      {"a node certificate for another host name", named_node.port(), client_tls(t / "named"),
       "not for the host name or address dialled"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    std::chrono::milliseconds took{};
    const std::string problem = try_run(c.port, c.tls, &took);
    CHECK_THAT(problem, Catch::Contains(c.says));
    CHECK_THAT(problem, Catch::Contains("127.0.0.1:" + std::to_string(c.port)));
    CHECK(took < 2000ms);
  }
  // After all that, the nodes serve honest clients.
  CHECK(try_run(tls_node.port(), client_tls(t / "pki")) == "");
  CHECK(try_run(plain_node.port(), {}) == "");
  // The node said whom it refused and why.
  CHECK(alive(tls_node));
}

TEST_CASE("NODE-TLS: a node that resets the connection right after the TLS handshake is named as refusing the client", "[nodes][tls][failure]") {
  // Under TLS 1.3 a node checks the client's certificate after the client's handshake is done;
  // its refusal may reach the client as a reset before (or instead of) its alert. The client
  // says what that most likely means, not only "Connection reset by peer".
  temp_dir t;
  make_certs(t / "pki");
  resetting_tls_node node(t / "pki");
  std::chrono::milliseconds took{};
  const std::string problem = try_run(node.port(), client_tls(t / "pki"), &took);
  INFO(problem);
  CHECK(node.handshakes() >= 1);
  CHECK_THAT(problem, Catch::Contains("the node refused this client's certificate"));
  CHECK_THAT(problem, Catch::Contains("reset"));
  CHECK_THAT(problem, Catch::Contains("127.0.0.1:" + std::to_string(node.port())));
  CHECK(took < 2000ms);
}

TEST_CASE("NODE-TLS: a client's TLS files are checked at start, naming the setting", "[nodes][tls]") {
  temp_dir t;
  make_certs(t / "pki");
  auto problem = [&](config::node_settings::tls_files f) {
    try {
      actors::runtime rt{client_options(std::move(f))};
      rt.client_gate();
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(problem({t / "pki/client.pem", "", ""}), Catch::Contains("TLS needs all three") && Catch::Contains("--tls-key --tls-ca"));
  CHECK_THAT(problem({t / "pki/nope.pem", t / "pki/client.key", t / "pki/ca.pem"}),
             Catch::Contains("--tls-cert " + t / "pki/nope.pem" + ": cannot read"));
  CHECK_THAT(problem({t / "pki/client.pem", t / "pki/node.key", t / "pki/ca.pem"}),
             Catch::Contains("does not belong to --tls-cert"));
  CHECK_THAT(problem({t / "pki/client.pem", t / "pki/client.key", t / "pki/client.key"}),
             Catch::Contains("--tls-ca " + t / "pki/client.key"));
  CHECK(problem(client_tls(t / "pki")) == "");
}

TEST_CASE("NODE-SEC: hostile bytes harm no node, plaintext or TLS, each is followed by a normal run", "[nodes][security]") {
  temp_dir t;
  make_certs(t / "pki");
  const std::string script_file = node_script(t);
  for (bool tls : {false, true}) {
    INFO((tls ? "TLS node" : "plaintext node"));
    std::vector<std::string> args{"--script", script_file};
    if (tls) {
      auto a = node_tls(t / "pki");
      args.insert(args.end(), a.begin(), a.end());
    }
    node_process node(PTC_BINARY, 0, args);
    const auto honest = tls ? client_tls(t / "pki") : config::node_settings::tls_files{};
    for (const auto& h : hostile_catalogue()) {
      INFO(h.name);
      const int fd = testing::connect_local(node.port());
      REQUIRE(fd >= 0);
      send_all(fd, h.bytes);
      // Refused at once, or (a handshake that never completes) at the handshake timeout.
      const bool closed = closed_within(fd, 2500ms);
      ::close(fd);
      // A garbage handshake that looks well formed reaches CAF on a plaintext (loopback) node,
      // which closes it itself: the guard's part is that it does no harm.
      if (tls || h.name.find("garbage") == std::string::npos) CHECK(closed);
      REQUIRE(alive(node));
      CHECK(try_run(node.port(), honest) == "");
    }
  }
}

TEST_CASE("NODE-SEC: 1,000 idle connections neither starve a node nor grow it, they are closed", "[nodes][security]") {
  // The test process needs a descriptor per connection.
  rlimit lim{};
  ::getrlimit(RLIMIT_NOFILE, &lim);
  if (lim.rlim_cur < 2048 && lim.rlim_max >= 2048) {
    lim.rlim_cur = 2048;
    ::setrlimit(RLIMIT_NOFILE, &lim);
  }
  REQUIRE(lim.rlim_cur >= 2048);
  temp_dir t;
  make_certs(t / "pki");
  auto args = node_tls(t / "pki");
  args.insert(args.end(), {"--script", node_script(t)});
  node_process node(PTC_BINARY, 0, args);
  const std::size_t rss_before = node.rss_kib();
  std::vector<int> idle;
  for (int i = 0; i < 1000; ++i) {
    const int fd = testing::connect_local(node.port());
    if (fd >= 0) idle.push_back(fd);
  }
  CHECK(idle.size() == 1000);
  CHECK(try_run(node.port(), client_tls(t / "pki")) == "");
  const std::size_t rss_during = node.rss_kib();
  INFO("node RSS before " << rss_before << " kB, with 1,000 idle connections " << rss_during << " kB");
  // Bounded: a handful of MiB (the 4 GB-per-header of old is far out of reach). Under ASan its
  // allocator's quarantine (256 MiB) makes freed memory look resident.
#if defined(__SANITIZE_ADDRESS__)
  const std::size_t slack_kib = 320 * 1024;
#else
  const std::size_t slack_kib = 64 * 1024;
#endif
  CHECK(rss_during < rss_before + slack_kib);
  // Each is closed by the node: most at once (only 64 may wait in their handshake), the rest
  // at the handshake timeout.
  std::size_t closed = 0;
  const auto deadline = clock_type::now() + 3s;
  for (int fd : idle) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now());
    if (closed_within(fd, std::max(left, 1ms))) ++closed;
    ::close(fd);
  }
  CHECK(closed == 1000);
  CHECK(alive(node));
}

TEST_CASE("NODE-TLS: with TLS no mission, data or tool result crosses the wire in plaintext, without, they do", "[nodes][tls]") {
  temp_dir t;
  make_certs(t / "pki");
  for (bool tls : {true, false}) {
    INFO((tls ? "TLS" : "plaintext"));
    node_process node(PTC_BINARY, 0, tls ? node_tls(t / "pki") : std::vector<std::string>{});
    logging_proxy proxy(node.port());
    {
      // The agent runs on the node with this process's LLM and a tool of this process: the
      // mission and data go there, the tool's result too.
      auto o = client_options(tls ? client_tls(t / "pki") : config::node_settings::tls_files{});
      o.script = script({{"MISSION-7f3a", {code("(def r (tool/marker {}))"), code("(return (str r data/secret))")}}});
      actors::runtime rt{o};
      actors::cluster nodes{rt, {{"127.0.0.1", proxy.port()}}};
      auto s = rt.run(agent("spy")
                          .mission("MISSION-7f3a")
                          .data({{"secret", "DATA-5b2c"}})
                          .llm(rt.llm())
                          .tool("marker", "a marker", "() -> :string", [](const json&) { return json("TOOLRESULT-9d1e"); })
                          .on(nodes.node(0)));
      REQUIRE(s.ok());
      CHECK(lisp::pr_str(*s.return_value) == "\"TOOLRESULT-9d1eDATA-5b2c\"");
    }
    const std::string wire = proxy.seen();
    CHECK(wire.size() > 1000);
    for (const char* marker : {"MISSION-7f3a", "DATA-5b2c", "TOOLRESULT-9d1e"}) {
      INFO(marker);
      CHECK((wire.find(marker) != std::string::npos) == !tls);
    }
  }
}

TEST_CASE("NODE-TLS: a TLS node killed mid-run is reported within 2 s, restarted, it serves again", "[nodes][tls][failure]") {
  temp_dir t;
  make_certs(t / "pki");
  const std::string script_file = node_script(t);
  auto args = node_tls(t / "pki");
  args.insert(args.end(), {"--script", script_file});
  auto node = std::make_unique<node_process>(PTC_BINARY, node_process::restartable_port(), args);
  const auto port = node->port();
  auto o = client_options(client_tls(t / "pki"));
  o.script = script({{"slow job", {code("(return 1)")}}});
  o.scripted_latency = 20s;  // the node's sub-agent waits for this process's LLM
  actors::runtime rt{o};
  actors::cluster nodes{rt, {{"127.0.0.1", port}}};
  auto run = rt.submit(agent("slow").mission("slow job").llm(rt.llm()).on(nodes.node(0)));
  std::this_thread::sleep_for(300ms);
  const auto killed = clock_type::now();
  node->signal(SIGKILL);
  REQUIRE(run.wait_for(5s) == std::future_status::ready);
  const auto s = run.get();
  CHECK(clock_type::now() - killed < 2s);
  REQUIRE_FALSE(s.ok());
  CHECK(s.fail->reason == messages::failure_reason::node_lost);
  CHECK_THAT(s.fail->message, Catch::Contains("node 127.0.0.1:" + std::to_string(port) + " lost"));
  node.reset();
  node_process again(PTC_BINARY, port, args);
  auto back = rt.run(agent("own").mission("node-own work").data({{"n", 21}}).on(nodes.node(0)));
  REQUIRE(back.ok());
  CHECK(lisp::pr_str(*back.return_value) == "42");
}

}  // namespace nodes_security_test
