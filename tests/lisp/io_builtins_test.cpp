// Printing and format (lisp/builtins/io*.cpp). format's expectations are Java's Formatter
// output as Clojure 1.11 shows it, including HALF_UP rounding of %f.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_io_builtins_test {

namespace {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;



std::vector<std::string> prints(std::string_view src) { return run(src).prints; }

}  // namespace

TEST_CASE("TRN-008 each print call records one entry", "[io]") {
  CHECK(prints("(println \"a\" 1 nil [\"x\"]) (prn \"a\" 1 nil) (print \\c) (pr :k \"s\")") ==
        std::vector<std::string>{"a 1 nil [x]", "\"a\" 1 nil", "c", ":k \"s\""});
  CHECK(prints("(println)") == std::vector<std::string>{""});
  CHECK(ev("(println 1)") == "nil");
  CHECK(prints("(printf \"%d-%s\" 1 \"a\")") == std::vector<std::string>{"1-a"});
}

TEST_CASE("pr-str family", "[io]") {
  CHECK(ev("(pr-str 1 \"a\" nil)") == R"("1 \"a\" nil")");
  CHECK(ev("(prn-str \"a\" 1)") == R"("\"a\" 1\n")");
  CHECK(ev("(print-str \"a\" \\b nil)") == R"("a b nil")");
  CHECK(ev("(println-str \"a\" 1)") == R"("a 1\n")");
  CHECK(ev("(pr-str)") == R"("")");
}

TEST_CASE("format strings and integers", "[io]") {
  CHECK(ev(R"((format "%s|%s|%s|%s|%s" nil "a" :k [1 "a"] \c))") == R"("null|a|:k|[1 \"a\"]|c")");
  CHECK(ev(R"((format "%d %5d|%-5d|%05d|%+d|%,d" 1 2 3 4 5 1234567))") ==
        R"("1     2|3    |00004|+5|1,234,567")");
  CHECK(ev(R"((format "%x %X %o %x %#x" 255 255 8 -1 255))") == R"("ff FF 10 ffffffffffffffff 0xff")");
  CHECK(ev(R"((format "%%|%n|%b %b %b" nil false 0))") == R"("%|\n|false false true")");
  CHECK(ev(R"((format "%10s|%-10s|%.3s|%S" "cd" "ab" "abcdef" "abc"))") ==
        R"("        cd|ab        |abc|ABC")");
  CHECK(ev(R"((format "%2$s %1$s" "a" "b"))") == R"("b a")");
  CHECK(ev(R"~((format "%(d|% d|%,d" -5 5 -1234))~") == R"~("(5)| 5|-1,234")~");
  CHECK(ev(R"((format "%-5c|%c" \a \b))") == R"("a    |b")");
}

TEST_CASE("format floating point like Java", "[io]") {
  CHECK(ev(R"((format "%.2f %.2f %.1f %f %.0f %.0f" 0.125 1.005 0.15 1.0 2.5 3.5))") ==
        R"("0.13 1.01 0.2 1.000000 3 4")");
  CHECK(ev(R"((format "%.0f %.0f %.1f %.3f" 0.5 1.5 0.05 2.0005))") == R"("1 2 0.1 2.001")");
  CHECK(ev(R"((format "%.2f %.1f %.0f %e" 999.996 0.96 9.5 9.9999999))") ==
        R"("1000.00 1.0 10 1.000000e+01")");
  CHECK(ev(R"((format "%e %.2e %E" 1234.5 0.000123 1.0))") == R"("1.234500e+03 1.23e-04 1.000000E+00")");
  CHECK(ev(R"((format "%.20f" 0.1))") == R"("0.10000000000000000000")");
  CHECK(ev(R"((format "%f" 1e20))") == R"("100000000000000000000.000000")");
  CHECK(ev(R"((format "%,.2f" 1234567.891))") == R"("1,234,567.89")");
  CHECK(ev(R"((format "%.2f|%5.1f|" ##NaN ##Inf))") == R"("NaN|Infinity|")");
  CHECK(ev(R"((format "%.2f" -0.001))") == R"("-0.00")");
  CHECK(ev(R"((format "%08.3f|%+.1e|%(,.2f" 3.14159 -0.0001234 -1234.5))") ==
        R"~("0003.142|-1.2e-04|(1,234.50)")~");
  CHECK(ev(R"((format "%,.3f|%10.2e|%-8.3g|%g" -1234.5678 12345.678 0.000123456 100000.0))") ==
        R"("-1,234.568|  1.23e+04|0.000123|100000")");
  CHECK(ev(R"((format "%.3g" 1234.5))") == R"("1.23e+03")");
}

TEST_CASE("format argument errors", "[io]") {
  CHECK(ev(R"((format "%d" 1.5))") ==
        "error type: format: argument 2 must be an integer (for %d), got a double 1.5");
  CHECK(kind_of(R"((format "%s"))") == "type");
  CHECK(kind_of(R"((format "%s %s" 1))") == "type");
  CHECK(kind_of(R"((format "%q" 1))") == "type");
  CHECK(kind_of(R"((format "%x" 1.5))") == "type");
  CHECK(kind_of(R"((format 1))") == "type");
}

TEST_CASE("format accepts an integer for %f (a deliberate leniency)", "[io]") {
  CHECK(ev(R"((format "%.2f" 1))") == R"("1.00")");
}

}  // namespace lisp_io_builtins_test
