// java.time.LocalDate support (lisp/date.cpp, lisp/builtins/date.cpp) and realized?.
// Expected values come from Java 17 / Clojure 1.11 unless a test names a deliberate difference
// (pr-str without the identity hash; DayOfWeek and Month as their names; formatters as patterns).
#include <catch2/catch.hpp>

#include <string>

#include "ptc/lisp/date.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_date_test {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;

TEST_CASE("civil arithmetic round-trips and matches known epoch days", "[date]") {
  CHECK(date::to_epoch_day(1970, 1, 1) == 0);
  CHECK(date::to_epoch_day(2024, 3, 15) == 19797);
  CHECK(date::to_epoch_day(1969, 12, 31) == -1);
  CHECK(date::to_epoch_day(0, 1, 1) == -719528);
  CHECK(date::to_epoch_day(date::max_year, 12, 31) == date::max_epoch_day);
  CHECK(date::to_epoch_day(date::min_year, 1, 1) == date::min_epoch_day);
  for (std::int64_t d = -800000; d <= 800000; d += 37) {
    date::civil c = date::from_epoch_day(d);
    REQUIRE(date::to_epoch_day(c.year, c.month, c.day) == d);
    REQUIRE(c.day <= date::month_length(c.year, c.month));
  }
  CHECK(date::day_of_week(0) == 4);  // Thursday
  CHECK(date::day_of_week(19797) == 5);
  CHECK(date::day_of_week(-1) == 3);
  CHECK(date::is_leap(2000));
  CHECK_FALSE(date::is_leap(1900));
  CHECK(date::is_leap(-4));
}

TEST_CASE("ISO text follows LocalDate.toString", "[date]") {
  CHECK(date::iso_text(0) == "1970-01-01");
  CHECK(date::iso_text(date::to_epoch_day(10000, 1, 1)) == "+10000-01-01");
  CHECK(date::iso_text(date::to_epoch_day(-5, 1, 1)) == "-0005-01-01");
  CHECK(date::iso_text(date::to_epoch_day(5, 1, 1)) == "0005-01-01");
  CHECK(date::iso_text(date::to_epoch_day(-12345, 6, 7)) == "-12345-06-07");
}

TEST_CASE("dates print, compare, hash and convert", "[date]") {
  CHECK(ev("(LocalDate/parse \"2024-01-15\")") == "#object[java.time.LocalDate \"2024-01-15\"]");
  CHECK(ev("[(LocalDate/of 2024 1 15)]") == "[#object[java.time.LocalDate \"2024-01-15\"]]");
  CHECK(ev("(print-str (LocalDate/of 2024 1 15))") == "\"#object[java.time.LocalDate 2024-01-15]\"");
  CHECK(ev("(str (LocalDate/of 2024 1 15))") == "\"2024-01-15\"");
  CHECK(ev("(= (LocalDate/of 2024 1 15) \"2024-01-15\")") == "false");
  CHECK(ev("(= (LocalDate/of 2024 1 15) (LocalDate/parse \"2024-01-15\"))") == "true");
  CHECK(hash(value::date(19737)) == hash(value::date(19737)));
  CHECK(hash(value::date(19737)) != hash(value::integer(19737)));
  CHECK(ev("(count (group-by identity [(LocalDate/of 2024 1 15) (LocalDate/parse \"2024-01-15\")]))") == "1");
  CHECK(ev("(compare (LocalDate/of 2025 1 1) (LocalDate/of 2024 12 31))") == "1");
  CHECK(ev("(compare (LocalDate/of 2024 1 1) (LocalDate/of 2024 12 31))") == "-11");
  CHECK(kind_of("(compare (LocalDate/of 2024 1 1) \"2024-01-01\")") == "type");
  CHECK(kind_of("(sort [(LocalDate/of 2024 1 1) 3])") == "type");
  CHECK(ev("(map str (sort-by identity [(LocalDate/of 2024 5 1) nil (LocalDate/of 2023 1 1)]))") ==
        "(\"\" \"2023-01-01\" \"2024-05-01\")");
  CHECK(type_label(value::date(0)) == "date");
  CHECK(format_truncated(value::date(0), 3, 10) == "#object[java.time.LocalDate \"1970-01-01\"]");
  CHECK(to_json(value::date(19797)).get<std::string>() == "2024-03-15");
  CHECK(ev("(distinct [(LocalDate/of 2024 1 1) (LocalDate/parse \"2024-01-01\")])") ==
        "(#object[java.time.LocalDate \"2024-01-01\"])");
}

TEST_CASE("date arithmetic follows java.time", "[date]") {
  check_all({
      {"(str (.plusMonths (LocalDate/of 2024 1 31) 1))", "\"2024-02-29\""},
      {"(str (.plusMonths (LocalDate/of 2024 1 31) -2))", "\"2023-11-30\""},
      {"(str (.minusMonths (LocalDate/of 2024 1 15) 25))", "\"2021-12-15\""},
      {"(str (.plusYears (LocalDate/of 2024 2 29) 1))", "\"2025-02-28\""},
      {"(str (.minusYears (LocalDate/of 2024 2 29) 400))", "\"1624-02-29\""},
      {"(str (.plusDays (LocalDate/of 2024 1 1) 1.9))", "\"2024-01-02\""},  // a double is truncated
      {"(str (.plusWeeks (LocalDate/of 2024 1 1) -1))", "\"2023-12-25\""},
      {"(str (.withMonth (LocalDate/of 2024 3 31) 2))", "\"2024-02-29\""},
      {"(str (.withYear (LocalDate/of 2024 2 29) 2023))", "\"2023-02-28\""},
      {"(str (.withDayOfYear (LocalDate/of 2024 5 5) 60))", "\"2024-02-29\""},
      {"(str (LocalDate/ofYearDay 2023 365))", "\"2023-12-31\""},
      {"(.getDayOfYear (LocalDate/of 2023 12 31))", "365"},
      {"(.until (LocalDate/of 2024 1 31) (LocalDate/of 2024 2 29) java.time.temporal.ChronoUnit/MONTHS)", "0"},
      {"(.between java.time.temporal.ChronoUnit/DAYS (LocalDate/of 2024 1 1) (LocalDate/of 2025 1 1))", "366"},
      {"(str LocalDate/MAX)", "\"+999999999-12-31\""},
      {"(str java.time.LocalDate/EPOCH)", "\"1970-01-01\""},
  });
}

TEST_CASE("date errors read like Java's", "[date]") {
  check_all({
      {"(LocalDate/parse \"2024-13-01\")",
       "error type: LocalDate/parse: Text '2024-13-01' could not be parsed: Invalid value for MonthOfYear "
       "(valid values 1 - 12): 13"},
      {"(LocalDate/parse \"2024-02-30\")",
       "error type: LocalDate/parse: Text '2024-02-30' could not be parsed: Invalid date 'FEBRUARY 30'"},
      {"(LocalDate/parse \"2023-02-29\")",
       "error type: LocalDate/parse: Text '2023-02-29' could not be parsed: Invalid date 'February 29' as "
       "'2023' is not a leap year"},
      {"(LocalDate/parse \"hello\")", "error type: LocalDate/parse: Text 'hello' could not be parsed at index 0"},
      {"(LocalDate/parse \"2024-1-05\")", "error type: LocalDate/parse: Text '2024-1-05' could not be parsed at index 5"},
      {"(LocalDate/parse \"20240-02-29\")",
       "error type: LocalDate/parse: Text '20240-02-29' could not be parsed at index 0"},
      {"(LocalDate/parse \"2024-02-29T10:00\")",
       "error type: LocalDate/parse: Text '2024-02-29T10:00' could not be parsed, unparsed text found at index 10"},
      {"(LocalDate/parse nil)", "error type: LocalDate/parse: argument 1 must be a string, got nil"},
      {"(LocalDate/of 2024 2 30)", "error type: LocalDate/of: Invalid date 'FEBRUARY 30'"},
      {"(LocalDate/of 2024 13 1)",
       "error type: LocalDate/of: Invalid value for MonthOfYear (valid values 1 - 12): 13"},
      {"(.withDayOfMonth (LocalDate/of 2024 2 1) 31)", "error type: .withDayOfMonth: Invalid date 'FEBRUARY 31'"},
      {"(.plusDays (LocalDate/of 2024 1 1) 100000000000000)",
       "error type: .plusDays: Invalid value for EpochDay (valid values -365243219162 - 365241780471): "
       "100000000019723"},
      {"(.plusDays (LocalDate/of 2024 1 1) \"1\")",
       "error type: .plusDays: argument 2 must be an integer, got a string \"1\""},
      {"(.isAfter (LocalDate/of 2024 1 1) \"2024-01-01\")",
       "error type: .isAfter: argument 2 must be a date, got a string \"2024-01-01\""},
      {"(.getYear \"2024-01-01\")", "error type: .getYear: argument 1 must be a date, got a string \"2024-01-01\""},
      {"(java.time.format.DateTimeFormatter/ofPattern \"yyyy-bb\")",
       "error type: DateTimeFormatter/ofPattern: Unknown pattern letter: b"},
      {"(.format (LocalDate/of 2024 1 1) (java.time.format.DateTimeFormatter/ofPattern \"yyyy HH:mm\"))",
       "error type: .format: Unsupported field: HourOfDay"},
      {"(.plusDays (LocalDate/of 2024 1 1) 9223372036854775807)", "error arithmetic: integer overflow"},
  });
  CHECK(ev("(try (LocalDate/parse \"x\") (catch java.time.format.DateTimeParseException e :bad))") == ":bad");
  CHECK(ev("(try (LocalDate/of 2024 2 30) (catch java.time.DateTimeException e (ex-message e)))") ==
        "\"LocalDate/of: Invalid date 'FEBRUARY 30'\"");
}

TEST_CASE("date patterns format and parse as DateTimeFormatter does", "[date]") {
  auto fmt = [](std::int64_t y, int m, int d, std::string_view p) {
    return date::format("t", date::to_epoch_day(y, m, d), p);
  };
  CHECK(fmt(2024, 1, 15, "EEE EEEE MMM MMMM d M yy yyyy dd MM") == "Mon Monday Jan January 15 1 24 2024 15 01");
  CHECK(fmt(2024, 1, 1, "'Q'Q yyyy 'o''clock' D DDD MMMMM EEEEE") == "Q1 2024 o'clock 1 001 J M");
  CHECK(fmt(10000, 1, 1, "yyyy yy") == "+10000 00");
  CHECK(fmt(5, 1, 1, "yyyy yy y") == "0005 05 5");
  CHECK(fmt(2024, 7, 4, "QQQQ, dd-MM-uuuu") == "3rd quarter, 04-07-2024");
  CHECK(fmt(2024, 7, 4, "''yy") == "'24");
  auto parse = [](std::string_view text, std::string_view p) {
    return date::iso_text(date::parse("t", text, p).as_epoch_day());
  };
  CHECK(parse("30/02/2024", "dd/MM/yyyy") == "2024-02-29");  // SMART: the previous valid day
  CHECK(parse("March 5, 2024", "MMMM d, yyyy") == "2024-03-05");
  CHECK(parse("Tue 2024-03-05", "EEE yyyy-MM-dd") == "2024-03-05");
  CHECK(parse("+12024-03-05", "yyyy-MM-dd") == "+12024-03-05");
  CHECK(parse("2024-061", "yyyy-DDD") == "2024-03-01");
  CHECK(parse("240305", "yyMMdd") == "2024-03-05");
  CHECK(ev("(LocalDate/parse \"mar 5, 2024\" (java.time.format.DateTimeFormatter/ofPattern \"MMM d, yyyy\"))") ==
        "error type: LocalDate/parse: Text 'mar 5, 2024' could not be parsed at index 0");
  CHECK(ev("(LocalDate/parse \"Mon 2024-03-05\" (java.time.format.DateTimeFormatter/ofPattern \"EEE yyyy-MM-dd\"))") ==
        "error type: LocalDate/parse: Text 'Mon 2024-03-05' could not be parsed: Conflict found: Field DayOfWeek 2 "
        "differs from DayOfWeek 1 derived from 2024-03-05");
  CHECK(kind_of("(LocalDate/parse \"2024-03\" (java.time.format.DateTimeFormatter/ofPattern \"yyyy-MM\"))") == "type");
  CHECK(kind_of("(java.time.format.DateTimeFormatter/ofPattern \"yyyy-ww\")") == "unsupported");
  // DateTimeFormatter.format's own order
  CHECK(ev("(.format (java.time.format.DateTimeFormatter/ofPattern \"yyyy/MM\") (LocalDate/of 2024 3 1))") ==
        "\"2024/03\"");
}

TEST_CASE("day-of-week and month values are their names", "[date]") {
  check_all({
      {"(.getDayOfWeek (LocalDate/of 2024 3 15))", "\"FRIDAY\""},
      {"(= (.getDayOfWeek (LocalDate/of 2024 3 15)) java.time.DayOfWeek/FRIDAY)", "true"},
      {"(.getValue java.time.DayOfWeek/SUNDAY)", "7"},
      {"(.getValue (.getMonth (LocalDate/of 2024 12 1)))", "12"},
      {"(.getValue \"hello\")",
       "error type: .getValue: argument 1 must be a day of the week or a month (from .getDayOfWeek or .getMonth), "
       "got a string \"hello\""},
  });
}

TEST_CASE("object methods work on every value", "[date]") {
  check_all({
      {"(.toString 42)", "\"42\""},
      {"(.toString [1 \"a\"])", "\"[1 \\\"a\\\"]\""},
      {"(.compareTo \"apple\" \"banana\")", "-1"},
      {"(.compareTo 3 1)", "1"},
      {"(.equals [1 2] '(1 2))", "true"},
      {"(.equals \"a\" :a)", "false"},
      {"(.toString nil)", "error type: .toString: argument 1 must be a value (not nil), got nil"},
  });
}

TEST_CASE("LocalDate/now is today's UTC date", "[date]") {
  run_result r = run("(LocalDate/now)");
  REQUIRE_FALSE(r.err);
  REQUIRE(r.result.is(type::date));
  std::int64_t today = static_cast<std::int64_t>(std::time(nullptr)) / 86400;
  CHECK(std::abs(r.result.as_epoch_day() - today) <= 1);
}

TEST_CASE("realized? on eager and lazy sequences", "[date][seq]") {
  check_all({
      {"(realized? (map inc [1 2]))", "true"},
      {"(realized? '())", "true"},
      {"(realized? (iterate inc 0))", "false"},
      {"(realized? [1])", "error type: realized?: argument 1 must be a sequence (a lazy or realised seq), got a vector [1]"},
      {"(realized? nil)", "error type: realized?: argument 1 must be a sequence (a lazy or realised seq), got nil"},
  });
}

}  // namespace lisp_date_test
