#pragma once
// Waiting for something another thread does, in tests: bounded, so a bug fails instead of hangs.
#include <chrono>
#include <thread>

namespace ptc::testing {

/// Polls `pred` every 5 ms until it holds (true) or 20 s pass (false).
template <class Pred>
bool eventually(Pred pred) {
  using namespace std::chrono_literals;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (!pred()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

}  // namespace ptc::testing
