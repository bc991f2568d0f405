#include "ptc/actors/openssl_api.hpp"

#include "ptc/actors/shared_library.hpp"

namespace ptc::actors::detail {

namespace {

// libcrypto.so.3 comes with it (a dependency of libssl), and dlsym on libssl's handle finds
// its functions too.
constexpr const char* openssl_library = "libssl.so.3";

openssl_api load_openssl() {
  // Never closed: contexts and connections live until the process ends.
  void* lib = open_shared_library(openssl_library, "TLS", "libssl3");
  openssl_api a{};
#define PTC_OPENSSL_BIND(name) bind_shared_symbol(lib, a.name, #name, openssl_library, "TLS");
  PTC_OPENSSL_FUNCTIONS(PTC_OPENSSL_BIND)
#undef PTC_OPENSSL_BIND
  return a;
}

}  // namespace

const openssl_api& openssl_lib() {
  // A function-local static: initialised once, and again on a later call if loading threw.
  static const openssl_api api = load_openssl();
  return api;
}

}  // namespace ptc::actors::detail
