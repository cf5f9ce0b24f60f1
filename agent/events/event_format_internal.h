#pragma once
// Shared by the event formatter's files (event_format.cc, event_format_stats.cc): reading
// fields of an event's JSON and writing numbers. Internal to agent/events. Pure functions.

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace ggp::agent::event_format_internal {

// The value of `key` as text ("" when absent or null; JSON text when not a string).
inline std::string Str(const nlohmann::json& e, const char* key) {
  auto it = e.find(key);
  if (it == e.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  return it->dump();
}

// Whether `key` is present and not null.
inline bool Has(const nlohmann::json& e, const char* key) {
  auto it = e.find(key);
  return it != e.end() && !it->is_null();
}

// `v` with `decimals` digits after the point.
inline std::string Number(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

// The number at `key`, NaN when absent or not a number.
inline double Num(const nlohmann::json& e, const char* key) {
  auto it = e.find(key);
  return it != e.end() && it->is_number() ? it->get<double>() : NAN;
}

// `text` after `out`, two spaces between (nothing when `text` is empty).
inline void Append(std::string* out, const std::string& text) {
  if (text.empty()) return;
  if (!out->empty()) out->append("  ");
  out->append(text);
}

// "512 MB", "11.5 GB".
inline std::string Megabytes(double mb) {
  return mb >= 1024 ? Number(mb / 1024, 1) + " GB" : Number(mb, 0) + " MB";
}

// "509613 it (548k/s)  43423 nodes  depth 20  v 61.3 proven  share 78%": what the search
// saw, each part only when the policy reported it (event_format_stats.cc).
std::string StatsDetails(const nlohmann::json& stats);

}  // namespace ggp::agent::event_format_internal
