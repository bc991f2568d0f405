#include "ptc/actors/shared_library.hpp"

#include <dlfcn.h>

#include <stdexcept>

namespace ptc::actors::detail {

void* open_shared_library(const char* library, const char* purpose, const char* package) {
  void* lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* why = dlerror();
    throw std::runtime_error(std::string(purpose) + " needs " + library + " (Debian: " + package +
                             "), which did not load: " + (why ? why : "unknown reason"));
  }
  return lib;
}

void* shared_library_symbol(void* lib, const char* name, const char* library, const char* purpose) {
  void* sym = dlsym(lib, name);
  if (!sym) throw std::runtime_error(std::string(purpose) + " needs " + library + ", which lacks " + name);
  return sym;
}

}  // namespace ptc::actors::detail
