#pragma once
// Reads match event files incrementally, for `ggp-agent tail`: one file, or every
// "*.jsonl" file of a directory, including files that appear later (new matches).
//
// Poll() returns the complete lines (ending in '\n') added since the previous call, all
// files merged and ordered by their "time" field (stable; lines without one keep their
// file order and come last). A partial last line is held back until it is complete. A file
// that shrinks (truncated or replaced) is read again from its start.
//
// Blocking: Poll reads what is there and returns; it never waits. Not thread safe.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ggp::agent {

class EventFollower {
 public:
  explicit EventFollower(std::string path);

  std::vector<std::string> Poll();

  // Files seen so far (for messages such as "following 3 files").
  size_t file_count() const { return files_.size(); }

 private:
  struct Cursor {
    uintmax_t offset = 0;
    std::string partial;  // bytes after the last '\n' read so far
  };
  std::vector<std::string> Candidates() const;
  void ReadNew(const std::string& file, Cursor* cursor, std::vector<std::string>* lines);

  std::string path_;
  std::map<std::string, Cursor> files_;
};

}  // namespace ggp::agent
