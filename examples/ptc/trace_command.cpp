#include "examples/ptc/trace_command.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "examples/ptc/cli_common.hpp"
#include "trace_viewer_html.hpp"  // generated from trace_viewer.html: trace_viewer_page

namespace ptc::cli {
namespace {

using json = nlohmann::ordered_json;

/// Long texts appear once in the page: messages refer to them by index.
class text_table {
 public:
  std::size_t add(const std::string& text) {
    auto [it, fresh] = index_.try_emplace(text, texts_.size());
    if (fresh) texts_.push_back(text);
    return it->second;
  }
  json take() { return json(std::move(texts_)); }

 private:
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<std::string> texts_;
};

std::string trace_text(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

std::int64_t trace_int(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<std::int64_t>() : 0;
}

/// A tool argument or result as the page shows it: JSON, cut at 2,000 characters.
std::string shown_json(const json& j) {
  std::string s = j.is_string() ? j.get<std::string>() : j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (s.size() > 2000) s = s.substr(0, 2000) + "... (" + std::to_string(s.size()) + " characters)";
  return s;
}

/// Messages as [role, text index] pairs; the text of a message is its blocks joined.
json message_refs(const json& messages, text_table& texts) {
  json out = json::array();
  if (!messages.is_array()) return out;
  for (const auto& m : messages) {
    std::string text;
    if (m.contains("content") && m["content"].is_array())
      for (const auto& block : m["content"]) text += trace_text(block, "text");
    out.push_back(json::array({trace_text(m, "role"), texts.add(text)}));
  }
  return out;
}

/// The edn of a serialized value ({"edn": ..., "json": ...}), else its JSON.
std::string value_text(const json& v) {
  if (v.is_object() && v.contains("edn") && v["edn"].is_string()) return v["edn"].get<std::string>();
  return v.is_null() ? "" : shown_json(v);
}

struct view_run {
  json j;               ///< the run as the page gets it
  std::string path;
  std::size_t segment;  ///< which process's time base (one per trace_start)
  std::int64_t t0 = -1, t1 = 0;
  std::map<std::size_t, json> turns;  ///< by turn number
};

}  // namespace

json trace_view_model(const actors::trace_contents& trace, const std::string& source) {
  text_table texts;
  std::vector<view_run> runs;
  std::map<std::pair<std::size_t, std::string>, std::size_t> by_id;  // (segment, run id) -> index
  std::size_t segment = 0, processes = 0;
  for (const auto& e : trace.events) {
    const std::string event = trace_text(e, "event");
    if (event == "trace_start") {
      ++processes;
      segment = processes - 1;
      continue;
    }
    const std::string path = trace_text(e, "agent");
    if (path.empty()) continue;  // tool progress of an unnamed caller
    std::string id = trace_text(e, "run");
    if (id.empty()) id = path;  // traces from before run ids
    auto [it, fresh] = by_id.try_emplace({segment, id}, runs.size());
    if (fresh) {
      view_run r;
      r.path = path;
      r.segment = segment;
      r.j = json{{"id", id}, {"path", path}, {"seg", segment}};
      runs.push_back(std::move(r));
    }
    view_run& r = runs[it->second];
    const std::int64_t t = trace_int(e, "time_us");
    if (r.t0 < 0 || t < r.t0) r.t0 = t;
    r.t1 = std::max(r.t1, t);
    if (e.contains("node") && e["node"].is_string()) r.j["node"] = e["node"];
    const std::size_t n = static_cast<std::size_t>(std::max<std::int64_t>(trace_int(e, "turn"), 0));
    if (event == "llm_request" && n > 0) {
      json req{{"t", t}, {"chars", trace_int(e, "chars")}, {"msgs", message_refs(e.value("messages", json()), texts)}};
      if (e.contains("uncompressed_chars")) req["unc"] = e["uncompressed_chars"];
      if (e.contains("compressed_chars")) req["cmp"] = e["compressed_chars"];
      if (e.contains("uncompressed_tail")) req["tail"] = message_refs(e["uncompressed_tail"], texts);
      r.turns[n]["req"] = std::move(req);
    } else if (event == "llm_response" && n > 0) {
      const json& res = e.value("response", json::object());
      json out{{"t", t}, {"ok", res.value("ok", false)}, {"latency_us", trace_int(res, "latency_us")},
               {"attempts", trace_int(res, "attempts")}};
      if (!trace_text(res, "error").empty()) out["error"] = trace_text(res, "error");
      r.turns[n]["resp"] = std::move(out);
    } else if (event == "turn" && e.contains("turn")) {
      const json& tj = e["turn"];
      const std::size_t number = static_cast<std::size_t>(std::max<std::int64_t>(trace_int(tj, "number"), 1));
      json tools = json::array();
      if (tj.contains("tool_calls"))
        for (const auto& c : tj["tool_calls"]) {
          json call{{"name", trace_text(c, "name")}, {"args", shown_json(c.value("args", json::object()))},
                    {"start_us", trace_int(c, "start_us")}, {"duration_us", trace_int(c, "duration_us")}};
          if (c.contains("result")) call["result"] = shown_json(c["result"]);
          if (c.contains("error")) call["error"] = trace_text(c, "error");
          tools.push_back(std::move(call));
        }
      json children = json::array();
      if (tj.contains("children"))
        for (const auto& child : tj["children"]) children.push_back(trace_text(child, "agent_name"));
      json& slot = r.turns[number];
      slot["t"] = t;
      slot["outcome"] = trace_text(tj, "outcome");
      slot["program"] = trace_text(tj, "program");
      slot["raw"] = texts.add(trace_text(tj, "raw_response"));
      slot["prints"] = tj.value("prints", json::array());
      slot["tools"] = std::move(tools);
      slot["error"] = trace_text(tj, "error");
      slot["error_kind"] = trace_text(tj, "error_kind");
      slot["result"] = value_text(tj.value("result", json()));
      slot["defined"] = tj.value("defined", json::array());
      slot["usage"] = tj.value("usage", json::object());
      slot["timings"] = tj.value("timings", json::object());
      slot["children"] = std::move(children);
    } else if (event == "step" && e.contains("step")) {
      const json& s = e["step"];
      if (s.contains("return")) {
        r.j["outcome"] = "returned";
        r.j["value"] = value_text(s["return"]);
      } else if (s.contains("fail") && s["fail"].is_object()) {
        r.j["outcome"] = "failed";
        r.j["reason"] = trace_text(s["fail"], "reason");
        r.j["message"] = trace_text(s["fail"], "message");
      }
      r.j["usage"] = s.value("usage", json::object());
      r.j["duration_us"] = trace_int(s, "duration_us");
      r.j["llm_us"] = trace_int(s, "llm_time_us");
      r.j["compression"] = s.value("compression", json::object());
      r.j["t_end"] = t;
    }
  }

  // Parents: the run of the parent path, in the same process's time, that was running when the
  // child started (the latest to start before it).
  // Candidates by (process, path), so a trace of many agents is not searched once per run.
  std::map<std::pair<std::size_t, std::string>, std::vector<std::size_t>> by_path;
  for (std::size_t k = 0; k < runs.size(); ++k) by_path[{runs[k].segment, runs[k].path}].push_back(k);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    view_run& child = runs[i];
    const auto slash = child.path.rfind('/');
    std::int64_t parent = -1;
    if (slash != std::string::npos) {
      std::int64_t best_start = -1;
      if (auto c = by_path.find({child.segment, child.path.substr(0, slash)}); c != by_path.end()) {
        for (std::size_t k : c->second) {
          const view_run& p = runs[k];
          if (p.t0 <= child.t0 && p.t1 >= child.t0 && p.t0 > best_start) {
            best_start = p.t0;
            parent = static_cast<std::int64_t>(k);
          }
        }
      }
    }
    child.j["parent"] = parent;
  }
  json out_runs = json::array();
  for (auto& r : runs) {
    r.j["t0"] = r.t0;
    r.j["t1"] = r.t1;
    json turns = json::array();
    for (auto& [number, t] : r.turns) {
      t["n"] = number;
      turns.push_back(std::move(t));
    }
    r.j["turns"] = std::move(turns);
    out_runs.push_back(std::move(r.j));
  }
  return json{{"source", source}, {"processes", processes}, {"unresolved", trace.unresolved},
              {"texts", texts.take()}, {"runs", std::move(out_runs)}};
}

std::string trace_html(const json& model) {
  // Inside <script type="application/json">: "</" would end the element; \/ is the same JSON.
  std::string data = model.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string safe;
  safe.reserve(data.size() + data.size() / 64);
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (data[i] == '<' && i + 1 < data.size() && data[i + 1] == '/') {
      safe += "<\\/";
      ++i;
    } else {
      safe += data[i];
    }
  }
  std::string page(trace_viewer_page);
  const std::string marker = "/*PTC_TRACE_DATA*/";
  const auto at = page.find(marker);
  if (at == std::string::npos) return page;
  page.replace(at, marker.size(), safe);
  return page;
}

namespace {

struct trace_options {
  std::string file, output;
};

int run_trace_html(const trace_options& o) {
  auto read = read_trace_file(o.file);
  if (!read) return exit_usage;
  actors::trace_contents& trace = *read;
  json model = trace_view_model(trace, std::filesystem::path(o.file).filename().string());
  if (model["runs"].empty()) {
    std::cerr << "Error: " << o.file << " holds no agent events\n";
    return exit_failed;
  }
  std::string output = o.output;
  if (output.empty()) output = std::filesystem::path(o.file).replace_extension(".html").string();
  const std::string page = trace_html(model);
  std::ofstream out(output, std::ios::binary | std::ios::trunc);
  if (!(out << page) || !out.flush()) {
    std::cerr << "Error: cannot write " << output << "\n";
    return exit_usage;
  }
  std::cerr << "wrote " << output << " (" << page.size() / 1024 << " KiB, " << model["runs"].size()
            << " agent runs)\n";
  return 0;
}

}  // namespace

void add_trace_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<trace_options>();
  CLI::App* cmd = app.add_subcommand("trace", "Work with a trace (ptc run --trace FILE)");
  cmd->require_subcommand(1);
  CLI::App* html = cmd->add_subcommand("html", "Write one self-contained HTML page of the trace (no network needed)");
  html->add_option("trace", o->file, "A JSONL trace")->required();
  html->add_option("-o,--output", o->output, "The page (default: the trace's name with .html)");
  html->callback([o, &exit_code] { exit_code = run_trace_html(*o); });
}

}  // namespace ptc::cli
