#include "bench_data.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "ptc/lisp/map.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::bench {

using namespace ptc::lisp;

namespace {

/// A small deterministic generator, so every run of the benchmark sees the same data.
class lcg {
 public:
  explicit lcg(std::uint64_t seed) : state_(seed) {}
  std::uint32_t next() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(state_ >> 33);
  }
  std::uint32_t below(std::uint32_t n) { return next() % n; }

 private:
  std::uint64_t state_;
};

}  // namespace

value make_orders(std::size_t n) {
  static const char* statuses[] = {"shipped", "pending", "delivered", "cancelled"};
  static const char* regions[] = {"EU", "US", "APAC", "LATAM"};
  lcg rng(42);
  std::vector<value> orders;
  orders.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<map_obj::entry> e;
    e.reserve(6);
    e.emplace_back(keyword("id"), value::integer(static_cast<std::int64_t>(i + 1)));
    e.emplace_back(keyword("customer"), make_string("c" + std::to_string(rng.below(200))));
    e.emplace_back(keyword("status"), make_string(statuses[rng.below(4)]));
    e.emplace_back(keyword("amount"), value::floating(static_cast<double>(rng.below(100000)) / 2.0 / 10.0));
    e.emplace_back(keyword("items"), value::integer(1 + rng.below(9)));
    e.emplace_back(keyword("region"), make_string(regions[rng.below(4)]));
    orders.push_back(map_obj::from(std::move(e)));
  }
  return vector_obj::from(std::move(orders));
}

value make_lines(std::size_t n) {
  static const char* words[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot",
                                "golf",  "hotel", "india",   "juliet", "kilo", "lima"};
  lcg rng(7);
  std::vector<value> lines;
  lines.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::string s;
    std::uint32_t count = 3 + rng.below(4);
    for (std::uint32_t w = 0; w < count; ++w) {
      if (w) s += ' ';
      s += words[rng.below(12)];
    }
    s += ' ';
    s += std::to_string(i);
    lines.push_back(make_string(std::move(s)));
  }
  return vector_obj::from(std::move(lines));
}

value make_logs(std::size_t n) {
  static const char* services[] = {"payment", "auth", "search", "cart", "shipping"};
  static const char* info[] = {"request ok", "login ok", "cache hit", "order placed"};
  static const char* debug[] = {"cache miss", "retrying request", "pool size 8"};
  static const char* warn[] = {"slow query", "retry scheduled", "queue depth high"};
  static const char* error[] = {"timeout", "card declined", "connection reset by peer", "token expired"};
  lcg rng(2024);
  std::vector<value> lines;
  lines.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    // Spread over one day in time order.
    std::uint64_t second = i * 86'400 / (n ? n : 1) + rng.below(3);
    if (second >= 86'400) second = 86'399;
    char ts[32];
    std::snprintf(ts, sizeof ts, "2024-03-15T%02u:%02u:%02u", static_cast<unsigned>(second / 3600),
                  static_cast<unsigned>(second / 60 % 60), static_cast<unsigned>(second % 60));
    std::uint32_t r = rng.below(100);
    const char* level;
    const char* message;
    std::uint32_t max_ms;
    if (r < 55) {
      level = "INFO", message = info[rng.below(4)], max_ms = 400;
    } else if (r < 75) {
      level = "DEBUG", message = debug[rng.below(3)], max_ms = 50;
    } else if (r < 88) {
      level = "WARN", message = warn[rng.below(3)], max_ms = 1500;
    } else {
      level = "ERROR", message = error[rng.below(4)], max_ms = 5000;
    }
    std::string s = std::string(ts) + ' ' + level + ' ' + services[rng.below(5)] + ' ' + message;
    if (rng.below(10) != 0) s += " user=" + std::to_string(rng.below(300));
    s += " ms=" + std::to_string(rng.below(max_ms));
    lines.push_back(make_string(std::move(s)));
  }
  return vector_obj::from(std::move(lines));
}

}  // namespace ptc::bench
