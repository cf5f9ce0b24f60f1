#include "tests/testing/shared_dir.h"

#include <cstdlib>
#include <filesystem>

namespace ggp::testing {
namespace {
std::string Candidate() {
  if (const char* env = std::getenv("GGP_SHARED"); env != nullptr && *env != '\0') return env;
  return GGP_DEFAULT_SHARED_DIR;
}
}  // namespace

std::string SharedDir() {
  std::string dir = Candidate();
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return "";
  return std::filesystem::canonical(dir, ec).string();
}

std::string SourceDir() { return GGP_SOURCE_DIR; }

std::string SharedDirMissingMessage() {
  return "shared corpus not found at '" + Candidate() +
         "' (set GGP_SHARED or place shared/ beside the checkout); skipping";
}

}  // namespace ggp::testing
