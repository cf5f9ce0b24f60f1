#include "agent/events/event_log.h"

#include <spdlog/spdlog.h>

#include <ctime>
#include <filesystem>

namespace ggp::agent {

std::string EventFileName(std::string_view match_id) {
  std::string name;
  name.reserve(match_id.size() + 6);
  for (char c : match_id) {
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '.' || c == '_' || c == '-';
    name.push_back(keep ? c : '_');
  }
  if (name.empty()) name = "_";
  if (name[0] == '.') name[0] = '_';
  if (name.size() > 200) name.resize(200);
  return name + ".jsonl";
}

std::string FormatUtc(std::chrono::system_clock::time_point t) {
  using namespace std::chrono;
  auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count();
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[96];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms % 1000));
  return buf;
}

MatchEventLog::MatchEventLog(const std::string& dir, const std::string& match_id)
    : match_id_(match_id) {
  if (dir.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  path_ = (std::filesystem::path(dir) / EventFileName(match_id)).string();
  file_ = std::fopen(path_.c_str(), "a");
  if (file_ == nullptr) {
    spdlog::warn("match {}: cannot open event log {}: {}", match_id, path_,
                 ec ? ec.message() : std::string("fopen failed"));
  }
}

MatchEventLog::~MatchEventLog() {
  if (file_ != nullptr) std::fclose(file_);
}

void MatchEventLog::Write(std::string_view event, nlohmann::ordered_json fields) {
  if (file_ == nullptr) return;
  // Ordered so that every line starts with time, event, match.
  nlohmann::ordered_json line = nlohmann::ordered_json::object();
  line["time"] = FormatUtc(std::chrono::system_clock::now());
  line["event"] = event;
  line["match"] = match_id_;
  if (fields.is_object()) {
    for (auto& [key, value] : fields.items()) {
      if (key != "time" && key != "event" && key != "match") {
        line[key] = std::move(value);
      }
    }
  }
  // Invalid UTF-8 from a peer must not throw: replace it.
  std::string text =
      line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  text.push_back('\n');
  std::lock_guard<std::mutex> lock(mu_);
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fflush(file_);
}

}  // namespace ggp::agent
