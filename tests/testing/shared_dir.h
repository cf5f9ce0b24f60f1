#pragma once
// Where tests find the shared corpus (../shared beside the checkout: games, conformance
// traces, docs) and the project's own source tree.
//
// Tests that need the corpus call GGP_REQUIRE_SHARED() first: when ../shared is absent the
// test is skipped with a message saying where it looked (the only skip we allow).

#include <gtest/gtest.h>

#include <string>

namespace ggp::testing {

// $GGP_SHARED if set, else <source>/../shared. Empty if that directory does not exist.
std::string SharedDir();
// The repository root (for tests that read project files such as README.md).
std::string SourceDir();
// A message naming where SharedDir() looked.
std::string SharedDirMissingMessage();

}  // namespace ggp::testing

#define GGP_REQUIRE_SHARED()                                                  \
  do {                                                                        \
    if (::ggp::testing::SharedDir().empty()) {                                \
      GTEST_SKIP() << ::ggp::testing::SharedDirMissingMessage();              \
    }                                                                         \
  } while (0)
