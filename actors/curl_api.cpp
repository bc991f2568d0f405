#include "ptc/actors/curl_api.hpp"

#include "ptc/actors/shared_library.hpp"

namespace ptc::actors::detail {

namespace {

constexpr const char* library = "libcurl.so.4";

template <class F>
void bind(void* lib, F& slot, const char* name) {
  bind_shared_symbol(lib, slot, name, library, "HTTP");
}

curl_api load() {
  // Never closed: transfers and handles live until the process ends.
  void* lib = open_shared_library(library, "HTTP", "libcurl4");
  curl_api a{};
  bind(lib, a.global_init, "curl_global_init");
  bind(lib, a.easy_init, "curl_easy_init");
  bind(lib, a.easy_reset, "curl_easy_reset");
  bind(lib, a.easy_cleanup, "curl_easy_cleanup");
  bind(lib, a.easy_setopt, "curl_easy_setopt");
  bind(lib, a.easy_getinfo, "curl_easy_getinfo");
  bind(lib, a.easy_strerror, "curl_easy_strerror");
  bind(lib, a.slist_append, "curl_slist_append");
  bind(lib, a.slist_free_all, "curl_slist_free_all");
  bind(lib, a.multi_init, "curl_multi_init");
  bind(lib, a.multi_setopt, "curl_multi_setopt");
  bind(lib, a.multi_add_handle, "curl_multi_add_handle");
  bind(lib, a.multi_remove_handle, "curl_multi_remove_handle");
  bind(lib, a.multi_perform, "curl_multi_perform");
  bind(lib, a.multi_poll, "curl_multi_poll");
  bind(lib, a.multi_wakeup, "curl_multi_wakeup");
  bind(lib, a.multi_info_read, "curl_multi_info_read");
  bind(lib, a.multi_cleanup, "curl_multi_cleanup");
  a.global_init(CURL_GLOBAL_DEFAULT);
  return a;
}

}  // namespace

const curl_api& curl_lib() {
  // A function-local static: initialised once, and again on a later call if loading threw.
  static const curl_api api = load();
  return api;
}

}  // namespace ptc::actors::detail
