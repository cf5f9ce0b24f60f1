#pragma once
// Per-match event files: one JSON object per line (JSON Lines), appended and flushed as
// the match goes, so a person can follow a match while it runs (`ggp-agent tail`).
//
// File: <dir>/<EventFileName(match_id)>, opened for appending (a match id seen again
// after it expired continues the same file). Every line has at least
//   "time":  UTC wall time, ISO 8601 with milliseconds ("2026-01-02T03:04:05.678Z"),
//   "event": start | play | error | stop | abort | expire | ... ,
//   "match": the match id,
// plus the fields the caller gives (event_format.h documents the ones `tail` shows).
//
// Failure policy: logging never stops play. If the directory or file cannot be created
// the log is disabled (ok() false) and the reason goes to the service log once.
//
// Thread safety: Write may be called from several threads at once; each line is written
// whole (one fwrite + fflush under a mutex).

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace ggp::agent {

class MatchEventLog {
 public:
  // `dir` empty: no file, Write does nothing.
  MatchEventLog(const std::string& dir, const std::string& match_id);
  ~MatchEventLog();
  MatchEventLog(const MatchEventLog&) = delete;
  MatchEventLog& operator=(const MatchEventLog&) = delete;

  // Appends one event. `fields` must be a JSON object (or null), whose key order is kept;
  // its "time", "event" and "match" keys, if any, are overwritten.
  void Write(std::string_view event, nlohmann::ordered_json fields = nullptr);

  bool ok() const { return file_ != nullptr; }
  const std::string& path() const { return path_; }

 private:
  std::mutex mu_;
  std::string match_id_;
  std::string path_;
  std::FILE* file_ = nullptr;
};

// A file name for a match id: characters outside [A-Za-z0-9._-] become '_', a leading
// '.' too; an empty id becomes "_"; the suffix is ".jsonl".
std::string EventFileName(std::string_view match_id);

// "2026-01-02T03:04:05.678Z".
std::string FormatUtc(std::chrono::system_clock::time_point t);

}  // namespace ggp::agent
