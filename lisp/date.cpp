// Civil-calendar arithmetic, ISO text and DateTimeFormatter patterns for LocalDate (date.hpp).
#include "ptc/lisp/date.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp::date {
namespace {

constexpr std::array<std::string_view, 7> day_names = {"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY",
                                                       "FRIDAY", "SATURDAY", "SUNDAY"};
constexpr std::array<std::string_view, 12> month_names = {
    "JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE",
    "JULY", "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"};
constexpr std::array<std::string_view, 7> day_full = {"Monday", "Tuesday", "Wednesday", "Thursday",
                                                      "Friday", "Saturday", "Sunday"};
constexpr std::array<std::string_view, 12> month_full = {
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December"};
constexpr std::array<std::string_view, 4> quarter_full = {"1st quarter", "2nd quarter", "3rd quarter",
                                                          "4th quarter"};

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

[[noreturn]] void fail(std::string_view fn, const std::string& msg) {
  raise(error_kind::type, std::string(fn) + ": " + msg);
}

std::string range_text(std::string_view field, std::string_view range, std::int64_t got) {
  return "Invalid value for " + std::string(field) + " (valid values " + std::string(range) +
         "): " + std::to_string(got);
}

// Why (year, month, day) is not a date, as Java's LocalDate.create words it; empty when valid.
std::string invalid_reason(std::int64_t year, std::int64_t month, std::int64_t day) {
  if (year < min_year || year > max_year)
    return range_text("Year", "-999999999 - 999999999", year);
  if (month < 1 || month > 12) return range_text("MonthOfYear", "1 - 12", month);
  if (day < 1 || day > 31) return range_text("DayOfMonth", "1 - 28/31", day);
  int len = month_length(year, static_cast<int>(month));
  if (day > len) {
    if (day == 29) return "Invalid date 'February 29' as '" + std::to_string(year) + "' is not a leap year";
    return "Invalid date '" + std::string(month_names[month - 1]) + " " + std::to_string(day) + "'";
  }
  return {};
}

std::string pad(std::int64_t v, int width) {
  const std::uint64_t magnitude = v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
  std::string digits = std::to_string(magnitude);
  if (static_cast<int>(digits.size()) < width) digits.insert(0, width - digits.size(), '0');
  return digits;
}

// ---- patterns --------------------------------------------------------------------------------

struct token {
  char letter = 0;  // 0: literal text
  int count = 0;
  std::string text;
};

bool is_time_letter(char c) {
  return std::string_view("ahKkHmsSAnNVvzOXxZ").find(c) != std::string_view::npos;
}

std::string_view time_field(char c) {
  switch (c) {
    case 'a': return "AmPmOfDay";
    case 'h': return "ClockHourOfAmPm";
    case 'K': return "HourOfAmPm";
    case 'k': return "ClockHourOfDay";
    case 'H': return "HourOfDay";
    case 'm': return "MinuteOfHour";
    case 's': return "SecondOfMinute";
    case 'S': return "NanoOfSecond";
    case 'A': return "MilliOfDay";
    case 'n': return "NanoOfSecond";
    case 'N': return "NanoOfDay";
    default: return "OffsetSeconds";  // zone letters
  }
}

// DateTimeFormatterBuilder.appendPattern's reading of a pattern, restricted to the letters a
// LocalDate can print. Raises as ofPattern does.
std::vector<token> compile(std::string_view fn, std::string_view p) {
  std::vector<token> out;
  auto literal = [&](std::string_view s) {
    if (out.empty() || out.back().letter != 0) out.push_back({});
    out.back().text += s;
  };
  for (std::size_t i = 0; i < p.size();) {
    char c = p[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      std::size_t j = i;
      while (j < p.size() && p[j] == c) ++j;
      int n = static_cast<int>(j - i);
      i = j;
      auto too_many = [&](int max) {
        if (n > max) fail(fn, "Too many pattern letters: " + std::string(1, c));
      };
      switch (c) {
        case 'y': case 'u': break;
        case 'M': case 'L': case 'E': case 'Q': case 'q': too_many(5); break;
        case 'd': too_many(2); break;
        case 'D': too_many(3); break;
        case 'G': case 'Y': case 'w': case 'W': case 'e': case 'c': case 'F': case 'g': case 'p':
          raise(error_kind::unsupported,
                std::string(fn) + ": the pattern letter '" + c + "' is not supported",
                "Use y (year), M (month), d (day), E (day of week), D (day of year), Q (quarter)");
        default:
          if (!is_time_letter(c)) fail(fn, "Unknown pattern letter: " + std::string(1, c));
      }
      out.push_back({c, n, {}});
    } else if (c == '\'') {
      std::size_t j = i + 1;
      std::string text;
      for (;;) {
        if (j >= p.size()) fail(fn, "Pattern ends with an incomplete string literal: " + std::string(p));
        if (p[j] == '\'') {
          if (j + 1 < p.size() && p[j + 1] == '\'') {
            text += '\'';
            j += 2;
            continue;
          }
          break;
        }
        text += p[j++];
      }
      if (j == i + 1) text = "'";  // '' is a quote
      literal(text);
      i = j + 1;
    } else if (c == '{' || c == '}' || c == '#') {
      fail(fn, std::string("Pattern includes reserved character: '") + c + "'");
    } else if (c == '[' || c == ']') {
      raise(error_kind::unsupported, std::string(fn) + ": optional sections ([...]) in date patterns are not supported");
    } else {
      literal(p.substr(i, 1));
      ++i;
    }
  }
  return out;
}

// Java's numeric printing: `width` minimum digits; with exceeds_pad a '+' when the value has more
// digits than the pad (patterns of 4 or more letters).
void put_number(std::string& out, std::int64_t v, int width, bool exceeds_pad) {
  std::string digits = pad(v, width);
  if (v < 0) out += '-';
  else if (exceeds_pad && static_cast<int>(digits.size()) > width) out += '+';
  out += digits;
}

void put_year(std::string& out, std::int64_t v, int count) {
  if (count == 2) {
    out += pad(((v % 100) + 100) % 100, 2);
    return;
  }
  put_number(out, v, count, count >= 4);
}

template <std::size_t N>
void put_text(std::string& out, const std::array<std::string_view, N>& full, int index, int count) {
  std::string_view name = full[index];
  if (count == 4) out += name;
  else if (count == 5) out += name.substr(0, 1);
  else out += name.substr(0, 3);
}

// ---- parsing ---------------------------------------------------------------------------------

struct parsed {
  std::optional<std::int64_t> year, year_of_era, month, day, day_of_year, day_of_week;
};

bool fixed_width(const token& t) {
  switch (t.letter) {
    case 'y': case 'u': return t.count == 2;
    case 'M': case 'L': case 'd': case 'Q': case 'q': return t.count == 2;
    case 'D': return t.count == 3;
    default: return false;
  }
}

class pattern_parser {
 public:
  pattern_parser(std::string_view fn, std::string_view text, bool strict)
      : fn_(fn), text_(text), strict_(strict) {}

  std::int64_t run(const std::vector<token>& toks) {
    parsed got;
    std::size_t pos = 0;
    for (std::size_t k = 0; k < toks.size(); ++k) {
      const token& t = toks[k];
      if (t.letter == 0) {
        if (text_.substr(pos, t.text.size()) != t.text) at_index(pos);
        pos += t.text.size();
        continue;
      }
      // Adjacent value parsing: a variable-width number leaves room for the fixed-width numbers
      // that follow it directly ("yMMdd").
      int reserved = 0;
      for (std::size_t m = k + 1; m < toks.size() && fixed_width(toks[m]); ++m)
        reserved += toks[m].letter == 'D' ? 3 : 2;
      field(t, pos, reserved, got);
    }
    if (pos != text_.size())
      fail(fn_, "Text '" + std::string(text_) + "' could not be parsed, unparsed text found at index " +
                    std::to_string(pos));
    return resolve(got);
  }

 private:
  [[noreturn]] void at_index(std::size_t pos) {
    fail(fn_, "Text '" + std::string(text_) + "' could not be parsed at index " + std::to_string(pos));
  }
  [[noreturn]] void invalid(const std::string& why) {
    fail(fn_, "Text '" + std::string(text_) + "' could not be parsed: " + why);
  }

  // A number of min..max digits; for the year patterns of 4+ letters a sign as EXCEEDS_PAD
  // allows it ('+' only when more digits than the pad). `reserved` digits are left for the
  // fixed-width numbers that follow directly (Java's adjacent value parsing: "yyyyMMdd").
  std::int64_t number(std::size_t& pos, int min, int max, bool exceeds_pad, bool signed_ok, int reserved = 0) {
    std::size_t start = pos;
    bool neg = false, plus = false;
    if (pos < text_.size() && (text_[pos] == '-' || (exceeds_pad && text_[pos] == '+')) && signed_ok) {
      neg = text_[pos] == '-';
      plus = !neg;
      ++pos;
    }
    std::size_t d0 = pos;
    if (reserved > 0) {
      int avail = 0;
      while (d0 + avail < text_.size() && text_[d0 + avail] >= '0' && text_[d0 + avail] <= '9') ++avail;
      max = std::min(max, std::max(min, avail - reserved));
    }
    std::int64_t v = 0;
    while (pos < text_.size() && static_cast<int>(pos - d0) < max && text_[pos] >= '0' && text_[pos] <= '9') {
      v = v * 10 + (text_[pos] - '0');
      ++pos;
    }
    int len = static_cast<int>(pos - d0);
    if (len < min) at_index(start);
    if (exceeds_pad) {
      if (plus && len <= min) at_index(start);
      if (!plus && !neg && len > min) at_index(start);
    }
    return neg ? -v : v;
  }

  template <std::size_t N>
  int text_field(std::size_t& pos, const std::array<std::string_view, N>& full, int count) {
    if (count == 5) raise(error_kind::unsupported, std::string(fn_) + ": parsing narrow (5-letter) text fields is not supported");
    for (std::size_t i = 0; i < N; ++i) {
      std::string_view name = count == 4 ? full[i] : full[i].substr(0, 3);
      if (text_.substr(pos, name.size()) == name) {
        pos += name.size();
        return static_cast<int>(i) + 1;
      }
    }
    at_index(pos);
  }

  void field(const token& t, std::size_t& pos, int reserved, parsed& got) {
    auto variable = [&](int min) { return number(pos, min, 19, false, false, reserved); };
    switch (t.letter) {
      case 'y':
      case 'u': {
        std::int64_t v;
        if (t.count == 2) {
          v = 2000 + number(pos, 2, 2, false, false);
        } else if (t.count >= 4) {
          v = number(pos, t.count, std::max(t.count, 19), true, true, reserved);
        } else {
          v = variable(t.count);
        }
        (t.letter == 'y' ? got.year_of_era : got.year) = v;
        return;
      }
      case 'M':
      case 'L':
        if (t.count >= 3) got.month = text_field(pos, month_full, t.count);
        else got.month = t.count == 2 ? number(pos, 2, 2, false, false) : variable(1);
        return;
      case 'd': got.day = t.count == 2 ? number(pos, 2, 2, false, false) : variable(1); return;
      case 'D':
        got.day_of_year = t.count == 3 ? number(pos, 3, 3, false, false) : variable(t.count);
        return;
      case 'E': got.day_of_week = text_field(pos, day_full, t.count); return;
      case 'Q':
      case 'q':
        if (t.count == 3) {
          if (pos + 2 <= text_.size() && text_[pos] == 'Q' && text_[pos + 1] >= '1' && text_[pos + 1] <= '4') pos += 2;
          else at_index(pos);
        } else if (t.count == 4) {
          text_field(pos, quarter_full, 4);
        } else if (t.count == 2) {
          number(pos, 2, 2, false, false);
        } else {
          variable(1);
        }
        return;  // the quarter is implied by the month; Java checks nothing more for a full date
      default:
        fail(fn_, "Unsupported field: " + std::string(time_field(t.letter)));
    }
  }

  std::int64_t resolve(const parsed& g) {
    if (g.month && (*g.month < 1 || *g.month > 12)) invalid(range_text("MonthOfYear", "1 - 12", *g.month));
    if (g.day && (*g.day < 1 || *g.day > 31)) invalid(range_text("DayOfMonth", "1 - 28/31", *g.day));
    if (g.day_of_year && (*g.day_of_year < 1 || *g.day_of_year > 366))
      invalid(range_text("DayOfYear", "1 - 365/366", *g.day_of_year));
    if (g.year_of_era && (*g.year_of_era < 1 || *g.year_of_era > max_year + 1))
      invalid(range_text("YearOfEra", "1 - 999999999/1000000000", *g.year_of_era));
    std::optional<std::int64_t> year = g.year ? g.year : g.year_of_era;
    if (year && (*year < min_year || *year > max_year))
      invalid(range_text("Year", "-999999999 - 999999999", *year));
    std::int64_t epoch;
    if (year && g.month && g.day) {
      std::int64_t d = *g.day;
      if (!strict_) d = std::min<std::int64_t>(d, month_length(*year, static_cast<int>(*g.month)));  // SMART
      std::string why = invalid_reason(*year, *g.month, d);
      if (!why.empty()) invalid(why);
      epoch = to_epoch_day(*year, static_cast<int>(*g.month), static_cast<int>(d));
    } else if (year && g.day_of_year) {
      if (*g.day_of_year == 366 && !is_leap(*year))
        invalid("Invalid date 'DayOfYear 366' as '" + std::to_string(*year) + "' is not a leap year");
      epoch = to_epoch_day(*year, 1, 1) + *g.day_of_year - 1;
    } else {
      invalid("Unable to obtain LocalDate: the text must give a year, a month and a day");
    }
    if (g.day_of_week && *g.day_of_week != day_of_week(epoch))
      invalid("Conflict found: Field DayOfWeek " + std::to_string(day_of_week(epoch)) +
              " differs from DayOfWeek " + std::to_string(*g.day_of_week) + " derived from " + iso_text(epoch));
    return epoch;
  }

  std::string_view fn_;
  std::string_view text_;
  bool strict_;
};

}  // namespace

bool is_leap(std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int month_length(std::int64_t year, int month) {
  switch (month) {
    case 2: return is_leap(year) ? 29 : 28;
    case 4: case 6: case 9: case 11: return 30;
    default: return 31;
  }
}

// Howard Hinnant's days_from_civil / civil_from_days, over 400-year eras.
std::int64_t to_epoch_day(std::int64_t y, int m, int d) {
  y -= m <= 2;
  const std::int64_t era = floor_div(y, 400);
  const std::int64_t yoe = y - era * 400;
  const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

civil from_epoch_day(std::int64_t z) {
  z += 719468;
  const std::int64_t era = floor_div(z, 146097);
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  return {yoe + era * 400 + (m <= 2), m, d};
}

int day_of_week(std::int64_t epoch_day) {
  return static_cast<int>(((epoch_day + 3) % 7 + 7) % 7) + 1;  // 1970-01-01 was a Thursday
}

int day_of_year(std::int64_t epoch_day) {
  civil c = from_epoch_day(epoch_day);
  return static_cast<int>(epoch_day - to_epoch_day(c.year, 1, 1)) + 1;
}

std::string_view day_name(int dow) { return day_names[dow - 1]; }
std::string_view month_name(int month) { return month_names[month - 1]; }

int compare(std::int64_t a, std::int64_t b) {
  if (a == b) return 0;
  civil x = from_epoch_day(a), y = from_epoch_day(b);
  if (x.year != y.year) {  // Java subtracts ints; a gap past the int range keeps its sign here
    std::int64_t d = x.year - y.year;
    return d > INT32_MAX ? INT32_MAX : d < INT32_MIN ? INT32_MIN : static_cast<int>(d);
  }
  if (x.month != y.month) return x.month - y.month;
  return x.day - y.day;
}

std::string iso_text(std::int64_t epoch_day) {
  civil c = from_epoch_day(epoch_day);
  std::string out;
  put_year(out, c.year, 4);
  out += '-';
  out += pad(c.month, 2);
  out += '-';
  out += pad(c.day, 2);
  return out;
}

value make(std::string_view fn, std::int64_t year, std::int64_t month, std::int64_t day) {
  std::string why = invalid_reason(year, month, day);
  if (!why.empty()) fail(fn, why);
  return value::date(to_epoch_day(year, static_cast<int>(month), static_cast<int>(day)));
}

value from_day(std::string_view fn, std::int64_t epoch_day) {
  if (epoch_day < min_epoch_day || epoch_day > max_epoch_day)
    fail(fn, range_text("EpochDay", "-365243219162 - 365241780471", epoch_day));
  return value::date(epoch_day);
}

void check_pattern(std::string_view fn, std::string_view pattern) { compile(fn, pattern); }

std::string format(std::string_view fn, std::int64_t epoch_day, std::string_view pattern) {
  std::vector<token> toks = compile(fn, pattern);
  civil c = from_epoch_day(epoch_day);
  std::string out;
  for (const token& t : toks) {
    switch (t.letter) {
      case 0: out += t.text; break;
      case 'y': put_year(out, c.year >= 1 ? c.year : 1 - c.year, t.count); break;  // year of era
      case 'u': put_year(out, c.year, t.count); break;
      case 'M':
      case 'L':
        if (t.count <= 2) put_number(out, c.month, t.count, false);
        else put_text(out, month_full, c.month - 1, t.count);
        break;
      case 'd': put_number(out, c.day, t.count, false); break;
      case 'D': put_number(out, day_of_year(epoch_day), t.count, false); break;
      case 'E': put_text(out, day_full, day_of_week(epoch_day) - 1, t.count); break;
      case 'Q':
      case 'q': {
        int q = (c.month - 1) / 3 + 1;
        if (t.count <= 2) put_number(out, q, t.count, false);
        else if (t.count == 3) out += "Q" + std::to_string(q);
        else if (t.count == 4) out += quarter_full[q - 1];
        else out += std::to_string(q);
        break;
      }
      default: fail(fn, "Unsupported field: " + std::string(time_field(t.letter)));
    }
  }
  return out;
}

value parse(std::string_view fn, std::string_view text, std::string_view pattern) {
  // ISO_LOCAL_DATE resolves strictly; ofPattern formatters resolve SMART (Java's defaults).
  const bool strict = pattern == iso_pattern;
  std::vector<token> toks = compile(fn, pattern);
  return value::date(pattern_parser(fn, text, strict).run(toks));
}

bool static_field(std::string_view ns, std::string_view name, value& out) {
  auto in = [&](std::string_view cls, std::string_view pkg) {
    return ns == cls || (ns.size() == pkg.size() + 1 + cls.size() && ns.starts_with(pkg) &&
                         ns[pkg.size()] == '.' && ns.ends_with(cls));
  };
  if (in("DateTimeFormatter", "java.time.format")) {
    if (name == "ISO_LOCAL_DATE" || name == "ISO_DATE") return out = make_string(std::string(iso_pattern)), true;
    if (name == "BASIC_ISO_DATE") return out = make_string("uuuuMMdd"), true;
    return false;
  }
  if (in("ChronoUnit", "java.time.temporal")) {
    // ChronoUnit.toString: "Days", "Weeks", ... ; .between understands these names.
    static constexpr std::string_view units[][2] = {
        {"DAYS", "Days"}, {"WEEKS", "Weeks"}, {"MONTHS", "Months"}, {"YEARS", "Years"},
        {"DECADES", "Decades"}, {"CENTURIES", "Centuries"}, {"MILLENNIA", "Millennia"}};
    for (const auto& u : units)
      if (name == u[0]) return out = make_string(std::string(u[1])), true;
    return false;
  }
  if (in("DayOfWeek", "java.time")) {
    for (std::string_view d : day_names)
      if (name == d) return out = make_string(std::string(d)), true;
    return false;
  }
  if (in("Month", "java.time")) {
    for (std::string_view m : month_names)
      if (name == m) return out = make_string(std::string(m)), true;
    return false;
  }
  if (in("LocalDate", "java.time")) {
    if (name == "EPOCH") return out = value::date(0), true;
    if (name == "MIN") return out = value::date(min_epoch_day), true;
    if (name == "MAX") return out = value::date(max_epoch_day), true;
  }
  return false;
}

}  // namespace ptc::lisp::date
