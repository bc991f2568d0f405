// The exception net of the shared actors (actors/exception_net.hpp): when a handler throws,
// CAF 0.17 ends the actor and drops every response promise it kept; the net answers them.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <new>
#include <string>
#include <vector>

#include "ptc/actors/exception_net.hpp"
#include "tests/support/actor_config.hpp"

namespace actors_exception_net_test {

using namespace std::chrono_literals;

namespace {

/// An actor that keeps a promise per int request (answered by "release") and throws on "fail".
struct keeper_state {
  std::vector<caf::response_promise> kept;
};
using keeper_actor = caf::stateful_actor<keeper_state>;

caf::behavior keeper(keeper_actor* self, bool with_net) {
  if (with_net) {
    ptc::actors::detail::install_exception_net(self, "the keeper", [self](const std::string& message) {
      for (auto& rp : self->state.kept) rp.deliver(caf::make_error(caf::sec::runtime_error, message));
      self->state.kept.clear();
    });
  }
  return {
      [self](int) -> caf::response_promise {
        auto rp = self->make_response_promise();
        self->state.kept.push_back(rp);
        return rp;
      },
      [](const std::string& what) -> int {
        if (what == "bad_alloc") throw std::bad_alloc();
        throw 42;  // not a std::exception
      },
  };
}

/// Asks `target` with an int from an actor of its own and no timeout; the future holds what came
/// back: "answered" or the error's text. `asker`, when given, receives the asking actor.
std::future<std::string> ask_without_timeout(caf::actor_system& sys, const caf::actor& target,
                                             caf::actor* asker = nullptr) {
  auto done = std::make_shared<std::promise<std::string>>();
  auto result = done->get_future();
  auto a = sys.spawn([target, done](caf::event_based_actor* self) {
    self->request(target, caf::infinite, 1)
        .then([done] { done->set_value("answered"); },
              [done, self](caf::error& err) { done->set_value(self->system().render(err)); });
  });
  if (asker) *asker = a;
  return result;
}

std::string throw_in(caf::actor_system& sys, const caf::actor& target, const std::string& what) {
  caf::scoped_actor self{sys};
  std::string out;
  self->request(target, 10s, what).receive([&](int) { out = "no error"; },
                                           [&](caf::error& err) { out = sys.render(err); });
  return out;
}

}  // namespace

TEST_CASE("without the net, a promise kept by an actor that throws is never answered (CAF 0.17)", "[actors][exception_net]") {
  caf::actor_system sys{ptc::testing::test_config()};
  auto target = sys.spawn(keeper, false);
  caf::actor asker;
  auto waiting = ask_without_timeout(sys, target, &asker);
  // The request is in the keeper's state before the fault.
  REQUIRE(waiting.wait_for(200ms) == std::future_status::timeout);
  CHECK(throw_in(sys, target, "bad_alloc").find("runtime_error") != std::string::npos);
  CHECK(waiting.wait_for(500ms) == std::future_status::timeout);  // what the net is for
  // The asker would wait forever, and the actor system waits for it at its end.
  caf::anon_send_exit(asker, caf::exit_reason::kill);
}

TEST_CASE("the exception net answers every kept promise with the fault, and later requests at once", "[actors][exception_net]") {
  caf::actor_system sys{ptc::testing::test_config()};
  auto target = sys.spawn(keeper, true);
  auto first = ask_without_timeout(sys, target);
  auto second = ask_without_timeout(sys, target);
  REQUIRE(first.wait_for(200ms) == std::future_status::timeout);
  const std::string fault = throw_in(sys, target, "bad_alloc");
  CHECK(fault.find("the keeper stopped on an internal error: std::bad_alloc") != std::string::npos);
  for (auto* f : {&first, &second}) {
    REQUIRE(f->wait_for(5s) == std::future_status::ready);
    CHECK(f->get().find("the keeper stopped on an internal error: std::bad_alloc") != std::string::npos);
  }
  // The actor is gone: a new request is refused at once rather than kept.
  auto later = ask_without_timeout(sys, target);
  REQUIRE(later.wait_for(5s) == std::future_status::ready);
  CHECK(later.get().find("request_receiver_down") != std::string::npos);
}

TEST_CASE("the exception net names an exception that is not a std::exception", "[actors][exception_net]") {
  caf::actor_system sys{ptc::testing::test_config()};
  auto target = sys.spawn(keeper, true);
  auto waiting = ask_without_timeout(sys, target);
  REQUIRE(waiting.wait_for(200ms) == std::future_status::timeout);
  throw_in(sys, target, "other");
  REQUIRE(waiting.wait_for(5s) == std::future_status::ready);
  CHECK(waiting.get().find("the keeper stopped on an internal error: an exception of unknown type") != std::string::npos);
}

}  // namespace actors_exception_net_test
