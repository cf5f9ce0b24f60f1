#include "agent/events/event_follower.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <utility>

#include <nlohmann/json.hpp>

namespace ggp::agent {

namespace fs = std::filesystem;

EventFollower::EventFollower(std::string path) : path_(std::move(path)) {}

std::vector<std::string> EventFollower::Candidates() const {
  std::vector<std::string> out;
  std::error_code ec;
  if (fs::is_directory(path_, ec)) {
    for (fs::directory_iterator it(path_, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code type_ec;
      if (it->is_regular_file(type_ec) && it->path().extension() == ".jsonl") {
        out.push_back(it->path().string());
      }
    }
    std::sort(out.begin(), out.end());
  } else if (fs::is_regular_file(path_, ec)) {
    out.push_back(path_);
  }
  return out;
}

void EventFollower::ReadNew(const std::string& file, Cursor* cursor,
                            std::vector<std::string>* lines) {
  std::error_code ec;
  uintmax_t size = fs::file_size(file, ec);
  if (ec) return;
  if (size < cursor->offset) *cursor = Cursor{};
  if (size == cursor->offset) return;
  std::ifstream in(file, std::ios::binary);
  if (!in) return;
  in.seekg(static_cast<std::streamoff>(cursor->offset));
  std::string chunk(static_cast<size_t>(size - cursor->offset), '\0');
  in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
  chunk.resize(static_cast<size_t>(in.gcount()));
  cursor->offset += chunk.size();
  cursor->partial += chunk;
  size_t start = 0;
  for (size_t nl = cursor->partial.find('\n'); nl != std::string::npos;
       nl = cursor->partial.find('\n', start)) {
    lines->push_back(cursor->partial.substr(start, nl - start));
    start = nl + 1;
  }
  cursor->partial.erase(0, start);
}

std::vector<std::string> EventFollower::Poll() {
  std::vector<std::string> lines;
  for (const std::string& file : Candidates()) ReadNew(file, &files_[file], &lines);

  // Order by the "time" field; lines without one go last, in their reading order.
  std::vector<std::pair<std::string, size_t>> keys;
  keys.reserve(lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    nlohmann::json e = nlohmann::json::parse(lines[i], nullptr, /*allow_exceptions=*/false);
    std::string time = "\x7f";  // after every digit
    if (e.is_object()) {
      auto it = e.find("time");
      if (it != e.end() && it->is_string()) time = it->get<std::string>();
    }
    keys.emplace_back(std::move(time), i);
  }
  std::stable_sort(keys.begin(), keys.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  out.reserve(lines.size());
  for (const auto& [time, i] : keys) out.push_back(std::move(lines[i]));
  return out;
}

}  // namespace ggp::agent
