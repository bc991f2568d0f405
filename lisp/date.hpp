#pragma once
// java.time.LocalDate for PTC-Lisp: civil-calendar arithmetic on epoch days (proleptic
// Gregorian, as java.time's ISO chronology), ISO text, and DateTimeFormatter patterns.
//
// Context: LLM programs parse "2024-03-15" out of data, compare, shift and group dates, and
// format them. Decision: a date is an inline value (type::date) holding its epoch day, so dates
// cost no allocation and compare as integers. Results and error texts follow Java's (plusMonths
// clamps to the month's end, LocalDate/of rejects "FEBRUARY 30", compareTo gives the year
// difference first). A DateTimeFormatter is represented by its pattern text (a string), and the
// DayOfWeek and Month enums by their names ("MONDAY", "MARCH"): (str x) is what Clojure prints.
#include <cstdint>
#include <string>
#include <string_view>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp::date {

/// LocalDate.MIN and LocalDate.MAX as epoch days (years -999,999,999 and 999,999,999).
constexpr std::int64_t min_epoch_day = -365243219162;
constexpr std::int64_t max_epoch_day = 365241780471;
constexpr std::int64_t min_year = -999'999'999;
constexpr std::int64_t max_year = 999'999'999;

/// The ISO pattern that DateTimeFormatter/ISO_LOCAL_DATE stands for ('u': the signed year).
constexpr std::string_view iso_pattern = "uuuu-MM-dd";

struct civil {
  std::int64_t year;
  int month;  ///< 1..12
  int day;    ///< 1..31
};

civil from_epoch_day(std::int64_t epoch_day);
/// The epoch day of a valid civil date.
std::int64_t to_epoch_day(std::int64_t year, int month, int day);
bool is_leap(std::int64_t year);
int month_length(std::int64_t year, int month);
/// 1 (Monday) .. 7 (Sunday), as DayOfWeek.getValue.
int day_of_week(std::int64_t epoch_day);
int day_of_year(std::int64_t epoch_day);
/// "MONDAY" .. "SUNDAY" for 1..7; "JANUARY" .. "DECEMBER" for 1..12.
std::string_view day_name(int dow);
std::string_view month_name(int month);

/// LocalDate.compareTo: the year difference, else the month difference, else the day difference.
int compare(std::int64_t a, std::int64_t b);

/// LocalDate.toString: "2024-01-15", "+10000-01-01", "-0005-01-01".
std::string iso_text(std::int64_t epoch_day);

/// LocalDate.of with Java's checks; raises a `type` error naming `fn` ("Invalid date 'FEBRUARY
/// 30'", "Invalid value for MonthOfYear (valid values 1 - 12): 13").
value make(std::string_view fn, std::int64_t year, std::int64_t month, std::int64_t day);
/// LocalDate.ofEpochDay with Java's range check.
value from_day(std::string_view fn, std::int64_t epoch_day);

/// LocalDate/parse: `text` read with `pattern` (iso_pattern for the one-argument form, which
/// resolves strictly; other patterns resolve as ofPattern's SMART style, clamping day 31 of a
/// 30-day month). Raises a `type` error "Text '...' could not be parsed ..." on failure.
value parse(std::string_view fn, std::string_view text, std::string_view pattern);
/// DateTimeFormatter.format of a date with `pattern`.
std::string format(std::string_view fn, std::int64_t epoch_day, std::string_view pattern);
/// DateTimeFormatter/ofPattern's check of a pattern: raises on unknown letters and bad counts.
void check_pattern(std::string_view fn, std::string_view pattern);

/// The java.time static fields programs use (DateTimeFormatter/ISO_LOCAL_DATE, ChronoUnit/DAYS,
/// DayOfWeek/MONDAY, Month/MARCH, LocalDate/EPOCH, ...), with or without their package.
bool static_field(std::string_view ns, std::string_view name, value& out);

}  // namespace ptc::lisp::date
