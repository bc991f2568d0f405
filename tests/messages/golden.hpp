#pragma once
// Golden files for messages_tests: compare a rendered text with the committed file, or rewrite
// the file when the program runs with --update-golden (tests/messages/main.cpp).
#include <filesystem>
#include <string>

namespace ptc::messages::testing {

extern bool update_golden;

/// The directory holding golden files: tests/messages/golden.
std::filesystem::path golden_dir();

/// Checks `actual` against golden_dir()/relative (or rewrites it when updating). Returns true
/// when they match (or the file was rewritten); on a mismatch it reports the first differing
/// line through Catch2 and returns false.
bool check_golden(const std::filesystem::path& relative, const std::string& actual);

}  // namespace ptc::messages::testing
