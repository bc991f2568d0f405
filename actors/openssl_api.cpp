#include "ptc/actors/openssl_api.hpp"

#include <dlfcn.h>

#include <stdexcept>
#include <string>

namespace ptc::actors::detail {

namespace {

// libcrypto.so.3 comes with it (a dependency of libssl), and dlsym on libssl's handle finds
// its functions too.
constexpr const char* openssl_library = "libssl.so.3";

template <class F>
void bind_openssl(void* lib, F& slot, const char* name) {
  void* sym = dlsym(lib, name);
  if (!sym) throw std::runtime_error(std::string("TLS needs ") + openssl_library + ", which lacks " + name);
  slot = reinterpret_cast<F>(sym);
}

openssl_api load_openssl() {
  // Never closed: contexts and connections live until the process ends.
  void* lib = dlopen(openssl_library, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* why = dlerror();
    throw std::runtime_error(std::string("TLS needs ") + openssl_library + " (Debian: libssl3), which did not load: " +
                             (why ? why : "unknown reason"));
  }
  openssl_api a{};
#define PTC_OPENSSL_BIND(name) bind_openssl(lib, a.name, #name);
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
