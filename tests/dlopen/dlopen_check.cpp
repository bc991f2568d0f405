// Loads each ptc shared library given on the command line with dlopen, as a plugin host or a
// language binding would, in a program not linked with them. A library whose thread-locals are
// read at a fixed offset (the initial-exec TLS model, which ptc_lisp uses for speed) must fit
// them in the little static TLS room glibc keeps for such late loads, or dlopen fails with
// "cannot allocate memory in static TLS block".
#include <dlfcn.h>

#include <cstdio>

int main(int argc, char** argv) {
  int failed = 0;
  for (int i = 1; i < argc; ++i) {
    if (dlopen(argv[i], RTLD_NOW | RTLD_LOCAL)) {
      std::printf("loaded %s\n", argv[i]);
    } else {
      std::printf("FAILED %s\n", dlerror());
      failed = 1;
    }
  }
  return failed;
}
