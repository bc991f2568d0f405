// messages_tests' main: Catch2's, plus `--update-golden`, which makes the golden-file tests
// rewrite their files instead of comparing (also PTC_UPDATE_GOLDEN=1).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "tests/messages/golden.hpp"

namespace ptc::messages::testing {

bool update_golden = false;

std::filesystem::path golden_dir() { return std::filesystem::path(PTC_TESTS_DIR) / "messages" / "golden"; }

bool check_golden(const std::filesystem::path& relative, const std::string& actual) {
  const auto path = golden_dir() / relative;
  if (update_golden) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << actual;
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  INFO("golden file " << path.string() << " (regenerate: messages_tests --update-golden)");
  REQUIRE(in.good());
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string expected = buf.str();
  if (expected == actual) return true;
  // Report the first line that differs, which is what a reviewer needs.
  std::istringstream e(expected), a(actual);
  std::string el, al;
  int line = 0;
  while (true) {
    ++line;
    const bool he = static_cast<bool>(std::getline(e, el));
    const bool ha = static_cast<bool>(std::getline(a, al));
    if (!he && !ha) break;
    if (!he || !ha || el != al) {
      FAIL_CHECK("line " << line << " differs\n  expected: " << (he ? el : "<end of file>")
                         << "\n  actual:   " << (ha ? al : "<end of output>"));
      break;
    }
  }
  return false;
}

}  // namespace ptc::messages::testing

int main(int argc, char** argv) {
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--update-golden") == 0) {
      ptc::messages::testing::update_golden = true;
    } else {
      args.push_back(argv[i]);
    }
  }
  if (const char* env = std::getenv("PTC_UPDATE_GOLDEN"); env && std::strcmp(env, "1") == 0) {
    ptc::messages::testing::update_golden = true;
  }
  return Catch::Session().run(static_cast<int>(args.size()), args.data());
}
