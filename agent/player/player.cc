#include "agent/player/player.h"

namespace ggp::agent {

nlohmann::json ToJson(const MoveStats& s) {
  nlohmann::json j = {{"iterations", s.iterations},
                      {"iterations_per_s", s.iterations_per_s},
                      {"nodes", s.nodes},
                      {"max_depth", s.max_depth},
                      {"value", s.value},
                      {"visit_share", s.visit_share},
                      {"proven", s.proven},
                      {"elapsed_ms", s.elapsed_ms}};
  if (!s.extra.is_null()) j["extra"] = s.extra;
  return j;
}

}  // namespace ggp::agent
