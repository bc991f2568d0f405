#pragma once
// A settings file written by a test and removed when the test ends.
#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace ptc::config::testing {

class temp_file {
 public:
  explicit temp_file(const std::string& text) {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("ptc-config-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".json");
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~temp_file() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace ptc::config::testing
