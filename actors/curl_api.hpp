#pragma once
// libcurl, loaded when the first HTTP actor starts (private to actors/http*.cpp).
//
// Context: libcurl and the libraries it needs (TLS, HTTP/2, LDAP, SSH, IDN, Kerberos, ...) are
// about 20 shared objects; binding them at every start cost each `ptc` command about 4 ms, most
// of a `ptc eval` that never speaks HTTP. Decision: libptc_actors does not link libcurl; the
// HTTP worker calls it through this table of functions, which dlopen("libcurl.so.4") fills on
// first use (once per process, then curl_global_init). The headers still come from
// libcurl4-openssl-dev; the ptc package depends on libcurl4.
#include <curl/curl.h>

namespace ptc::actors::detail {

struct curl_api {
  CURLcode (*global_init)(long flags);
  CURL* (*easy_init)();
  void (*easy_reset)(CURL*);
  void (*easy_cleanup)(CURL*);
  CURLcode (*easy_setopt)(CURL*, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL*, CURLINFO, ...);
  const char* (*easy_strerror)(CURLcode);
  curl_slist* (*slist_append)(curl_slist*, const char*);
  void (*slist_free_all)(curl_slist*);
  CURLM* (*multi_init)();
  CURLMcode (*multi_setopt)(CURLM*, CURLMoption, ...);
  CURLMcode (*multi_add_handle)(CURLM*, CURL*);
  CURLMcode (*multi_remove_handle)(CURLM*, CURL*);
  CURLMcode (*multi_perform)(CURLM*, int*);
  CURLMcode (*multi_poll)(CURLM*, curl_waitfd[], unsigned int, int, int*);
  CURLMcode (*multi_wakeup)(CURLM*);
  CURLMsg* (*multi_info_read)(CURLM*, int*);
  CURLMcode (*multi_cleanup)(CURLM*);
};

/// libcurl's functions, loaded and globally initialised on the first call (thread-safe). Throws
/// std::runtime_error naming the library and the loader's reason when it cannot be loaded.
const curl_api& curl_lib();

}  // namespace ptc::actors::detail
