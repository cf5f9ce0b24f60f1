#pragma once
// The conformance traces of the shared corpus, as test parameters: the base name of every
// <shared>/conformance/*.json, sorted ("no_corpus" alone when the corpus is absent, for a
// test that then skips), and a gtest-safe test name for each.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/testing/shared_dir.h"

namespace ggp::testing {

inline std::vector<std::string> CorpusTraceNames() {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  const std::string shared = SharedDir();
  std::error_code ec;
  if (!shared.empty()) {
    for (const auto& e : fs::directory_iterator(fs::path(shared) / "conformance", ec)) {
      if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
    }
  }
  std::sort(names.begin(), names.end());
  if (names.empty()) names.push_back("no_corpus");
  return names;
}

inline std::string TraceTestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string s = info.param;
  for (char& c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return s;
}

}  // namespace ggp::testing
