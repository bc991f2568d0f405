#include "ptc/actors/http.hpp"

#include <cctype>
#include <memory>
#include <string_view>

#include "ptc/actors/http_text.hpp"
#include "ptc/actors/http_worker.hpp"
#include "ptc/actors/wire.hpp"

namespace ptc::actors {
namespace {

/// The actor only forwards: every handler returns at once, the worker thread does the I/O.
caf::behavior http_client(caf::event_based_actor* self, std::shared_ptr<detail::http_worker> worker) {
  // Runs however the actor ends (exit message, last handle dropped, system shutdown).
  self->attach_functor([worker] { worker->stop(); });
  return {
      [self, worker](http_atom, http_request& req) -> caf::response_promise {
        auto rp = self->make_response_promise();
        worker->submit(std::move(req), rp);
        return rp;
      },
      [worker](stats_atom) { return worker->stats(); },
  };
}

}  // namespace

std::string http_response::header(const std::string& name) const {
  for (std::string_view h : headers) {
    auto colon = h.find(':');
    if (colon == std::string_view::npos || !detail::iequals(h.substr(0, colon), name)) continue;
    auto value = h.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    return std::string(value);
  }
  return {};
}

caf::actor spawn_http_client(caf::actor_system& sys, http_options opts) {
  auto worker = std::make_shared<detail::http_worker>(opts);
  worker->start();
  return sys.spawn(http_client, std::move(worker));
}

}  // namespace ptc::actors
