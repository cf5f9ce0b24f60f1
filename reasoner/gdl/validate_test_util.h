#pragma once
// Helpers for validation tests: find a finding by check id and message text, assert its
// severity and line, print a report on failure.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "reasoner/gdl/validate.h"

namespace ggp::gdl {

// Every finding as "LINE:COL: severity [check] message", one per line.
inline std::string Dump(const ValidationReport& r) {
  std::string s;
  for (const Finding& f : r.findings) {
    s += std::to_string(f.diagnostic.where.line) + ":" + std::to_string(f.diagnostic.where.column) +
         ": " + std::string(SeverityName(f.severity)) + " [" + f.check + "] " +
         f.diagnostic.message + "\n";
  }
  return s;
}

// The first finding of `check` whose message contains `text`, or nullptr.
inline const Finding* FindFinding(const ValidationReport& r, std::string_view check,
                                  std::string_view text) {
  for (const Finding& f : r.findings) {
    if (f.check == check && f.diagnostic.message.find(text) != std::string::npos) return &f;
  }
  return nullptr;
}

// Expects a finding of `check` with `severity`, containing `text`, at `line`.
inline void ExpectFinding(const ValidationReport& r, Severity severity, std::string_view check,
                          std::string_view text, int line) {
  const Finding* f = FindFinding(r, check, text);
  ASSERT_NE(f, nullptr) << "no [" << check << "] finding containing '" << text << "' in:\n"
                        << Dump(r);
  EXPECT_EQ(f->severity, severity) << f->diagnostic.message;
  EXPECT_EQ(f->diagnostic.where.line, line) << f->diagnostic.message;
}

}  // namespace ggp::gdl
