#pragma once
// Libraries ptc loads when first needed instead of linking them (libcurl: curl_api.hpp,
// OpenSSL: openssl_api.hpp): the loading and the errors that name what is missing. Private to
// actors/.
#include <string>

namespace ptc::actors::detail {

/// dlopen(library) with every symbol bound now and kept local; never closed. Throws
/// std::runtime_error "<purpose> needs <library> (Debian: <package>), which did not load: <why>".
void* open_shared_library(const char* library, const char* purpose, const char* package);

/// The address of `name` in `lib` (loaded by open_shared_library), or throws
/// std::runtime_error "<purpose> needs <library>, which lacks <name>".
void* shared_library_symbol(void* lib, const char* name, const char* library, const char* purpose);

/// shared_library_symbol, as the function pointer type of `slot`.
template <class F>
void bind_shared_symbol(void* lib, F& slot, const char* name, const char* library, const char* purpose) {
  slot = reinterpret_cast<F>(shared_library_symbol(lib, name, library, purpose));
}

}  // namespace ptc::actors::detail
