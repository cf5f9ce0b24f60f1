// The seed's (001) Tables 1-3 on the hand-coded seed games (reasoner/board/testing):
//   Table 1: learning time per piece type when all moves are known (50 games),
//   Table 2: learning time when only the played move is known (1000 games),
//   Table 3: games needed until the 'some' training data is consistent with the optimal
//            DFA (capped; ">cap" when never).
// Each over --runs runs with fresh random games; min/avg/max beside the seed's figures, and
// how many runs learned the intended (optimal) DFA. One thread.
//
//   board_learn_tables [--runs N] [--games N] [--some-games N] [--max-games N]
//                      [--tables 123] [--seed N] [--universe all|piece] [--dump]

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "bench/board/seed_tables.h"
#include "reasoner/board/consistency.h"
#include "reasoner/board/dfa_io.h"
#include "reasoner/board/learn.h"
#include "reasoner/board/testing/seed_games.h"
#include "reasoner/random.h"

namespace ggp::reasoner::board::testing {
namespace {

struct Flags {
  int runs = 20;
  int games = 50;
  int some_games = 1000;
  int max_games = 1000;
  std::string tables = "123";
  uint64_t seed = 1;
  UniverseScope universe = UniverseScope::kAllPieces;
  bool dump = false;  // DFAs learned that are not the intended ones, to stderr (Graphviz)
};

// The seed's row of a piece type.
const SeedRow& Row(const SeedRow* table, const SeedRules& rules, int piece) {
  if (rules.game() == SeedGame::kBreakthrough) return table[0];
  if (rules.game() == SeedGame::kCheckersBreakthrough) return table[1];
  switch (rules.kind(piece)) {
    case PieceKind::kPawn:
      return table[2];
    case PieceKind::kKnight:
      return table[3];
    case PieceKind::kBishop:
      return table[4];
    case PieceKind::kRook:
      return table[5];
    case PieceKind::kQueen:
      return table[6];
    default:
      return table[7];
  }
}

struct Stats {
  std::vector<double> values;
  int optimal = 0;
  int over = 0;               // runs past the cap (Table 3)
  std::vector<double> first;  // first consistent count (Table 3)
  std::string Format(const char* fmt) const {
    if (values.empty()) return "- | - | -";
    double sum = 0;
    for (double v : values) sum += v;
    char buf[128];
    std::snprintf(buf, sizeof buf, "%s | %s | %s",
                  Num(fmt, sum / static_cast<double>(values.size())).c_str(),
                  Num(fmt, *std::min_element(values.begin(), values.end())).c_str(),
                  Num(fmt, *std::max_element(values.begin(), values.end())).c_str());
    return buf;
  }
  static std::string Num(const char* fmt, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
  }
};

void Header(const char* title, const char* unit, const char* columns) {
  std::printf("\n### %s\n\n", title);
  std::printf("| game | piece | player | ours avg | min | max (%s) | %s | seed avg | min | max |\n",
              unit, columns);
  std::printf("|---|---|---|---|---|---|---|%s---|---|---|\n",
              std::strchr(columns, '|') != nullptr ? "---|" : "");
}

void PrintRow(const SeedRules& rules, int piece, const Stats& s, const SeedRow* table,
              const char* fmt, const std::string& extra) {
  const PieceType& p = rules.pieces()[static_cast<size_t>(piece)];
  const SeedRow& row = Row(table, rules, piece);
  const char* const* seed = p.owner == 0 ? row.first : row.second;
  std::printf("| %s | %s | %s | %s | %s | %s | %s | %s |\n",
              std::string(SeedGameName(rules.game())).c_str(), p.name.c_str(),
              p.owner == 0 ? "first" : "second", s.Format(fmt).c_str(), extra.c_str(), seed[0],
              seed[1], seed[2]);
}

// Tables 1 and 2: learning times from `games` games with all or only the played moves.
void LearnTable(const Flags& f, bool all_moves) {
  const int games = all_moves ? f.games : f.some_games;
  char title[160];
  std::snprintf(title, sizeof title, "Table %d: learning time (s), %s, %d games, %d runs",
                all_moves ? 1 : 2, all_moves ? "all moves known" : "played move only", games,
                f.runs);
  Header(title, "s", "optimal DFA");
  LearnOptions lo;
  lo.universe = f.universe;
  for (SeedGame g : kSeedGames) {
    const SeedRules rules(g);
    std::vector<Stats> stats(rules.pieces().size());
    for (int run = 0; run < f.runs; ++run) {
      const TrainingData data =
          RandomTrainingData(rules, games, f.seed * 7919 + static_cast<uint64_t>(run), all_moves);
      for (size_t k = 0; k < rules.pieces().size(); ++k) {
        const LearnResult r = LearnDfa(static_cast<int>(k), data, lo);
        stats[k].values.push_back(r.ms / 1000.0);
        if (r.dfa && *r.dfa == IntendedDfa(rules, static_cast<int>(k))) {
          ++stats[k].optimal;
        } else if (f.dump) {
          std::fprintf(stderr, "run %d, %s: %s\n%s", run, rules.pieces()[k].name.c_str(),
                       r.dfa ? "not the intended DFA" : r.reason.c_str(),
                       r.dfa ? DfaToDot(*r.dfa, rules.pieces()[k].name).c_str() : "");
        }
      }
    }
    for (size_t k = 0; k < rules.pieces().size(); ++k) {
      PrintRow(rules, static_cast<int>(k), stats[k], all_moves ? kTable1 : kTable2, "%.4f",
               std::to_string(stats[k].optimal) + "/" + std::to_string(f.runs));
    }
    std::fflush(stdout);
  }
}

// Table 3: games until the 'some' data is consistent with the intended DFA, and stays so
// up to the cap (the first consistent count beside it: a game or two without, say, a jump
// is consistent by having nothing to contradict). Incremental: a generated pattern that is not
// listed where it is generated is pending until it is in U or z(pmp) is (both only become true as U
// grows); the data is consistent when nothing is pending (the intended DFA generates every listed
// move). The count found is confirmed with ConsistencyCheck.
void GamesNeededTable(const Flags& f) {
  char title[160];
  std::snprintf(
      title, sizeof title,
      "Table 3: games needed for consistent training data (played move only, cap %d, %d runs)",
      f.max_games, f.runs);
  Header(title, "games", "runs >cap | first consistent avg");
  for (SeedGame g : kSeedGames) {
    const SeedRules rules(g);
    const size_t types = rules.pieces().size();
    std::vector<Stats> stats(types);
    std::vector<Dfa> intended;
    for (size_t k = 0; k < types; ++k) intended.push_back(IntendedDfa(rules, static_cast<int>(k)));
    int mismatches = 0;
    for (int run = 0; run < f.runs; ++run) {
      TrainingData data;
      data.shape = rules.shape();
      data.pieces = rules.pieces();
      Rng seeds(f.seed * 104729 + static_cast<uint64_t>(run));
      std::vector<int> first(types, 0), last_bad(types, 0);
      std::vector<std::set<Pattern>> universe(types), pending(types);
      std::set<Pattern> all_patterns;
      std::vector<Pattern> generated;
      for (int n = 1; n <= f.max_games; ++n) {
        const size_t first_record = data.records.size();
        AppendRandomGame(rules, seeds.Next(), false, &data);
        for (size_t i = first_record; i < data.records.size(); ++i) {
          const TrainingRecord& r = data.records[i];
          for (const TrainingMove& m : r.moves) {
            all_patterns.insert(m.pattern);
            universe[static_cast<size_t>(r.position.cells[static_cast<size_t>(m.square)])].insert(
                m.pattern);
          }
          if (r.outcome) continue;
          for (int sq = 0; sq < rules.shape().squares(); ++sq) {
            const int8_t k = r.position.cells[static_cast<size_t>(sq)];
            if (k == kEmptySquare ||
                rules.pieces()[static_cast<size_t>(k)].owner != r.position.mover)
              continue;
            generated.clear();
            GenerateMoves(intended[static_cast<size_t>(k)], rules.shape(), r.position,
                          rules.pieces(), sq, &generated);
            for (const Pattern& p : generated) {
              const bool listed = std::any_of(
                  r.moves.begin(), r.moves.end(),
                  [&](const TrainingMove& m) { return m.square == sq && m.pattern == p; });
              if (!listed) pending[static_cast<size_t>(k)].insert(p);
            }
          }
        }
        for (size_t k = 0; k < types; ++k) {
          const std::set<Pattern>& u =
              f.universe == UniverseScope::kAllPieces ? all_patterns : universe[k];
          std::erase_if(pending[k], [&](const Pattern& p) {
            if (u.count(p) != 0) return true;
            for (const Pattern& z : Subsequences(p)) {
              if (u.count(z) == 0) return false;
            }
            return true;
          });
          if (!pending[k].empty()) {
            last_bad[k] = n;
          } else if (first[k] == 0) {
            first[k] = n;
            if (!ConsistencyCheck(data, static_cast<int>(k), f.universe).Check(intended[k]))
              ++mismatches;
          }
        }
      }
      for (size_t k = 0; k < types; ++k) {
        if (first[k] != 0) stats[k].first.push_back(first[k]);
        if (last_bad[k] == f.max_games) {
          ++stats[k].over;
        } else {
          stats[k].values.push_back(last_bad[k] + 1);
        }
      }
    }
    for (size_t k = 0; k < types; ++k) {
      double first_sum = 0;
      for (double v : stats[k].first) first_sum += v;
      char extra[96];
      std::snprintf(
          extra, sizeof extra, "%d | %s", stats[k].over,
          stats[k].first.empty()
              ? "-"
              : Stats::Num("%.2f", first_sum / static_cast<double>(stats[k].first.size())).c_str());
      PrintRow(rules, static_cast<int>(k), stats[k], kTable3, "%.2f", extra);
    }
    if (mismatches != 0)
      std::printf("\nWARNING: %d counts not confirmed by ConsistencyCheck\n", mismatches);
    std::fflush(stdout);
  }
}

int Main(int argc, char** argv) {
  Flags f;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--runs")
      f.runs = std::max(1, std::atoi(value().c_str()));
    else if (a == "--games")
      f.games = std::max(1, std::atoi(value().c_str()));
    else if (a == "--some-games")
      f.some_games = std::max(1, std::atoi(value().c_str()));
    else if (a == "--max-games")
      f.max_games = std::max(1, std::atoi(value().c_str()));
    else if (a == "--tables")
      f.tables = value();
    else if (a == "--dump")
      f.dump = true;
    else if (a == "--seed")
      f.seed = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--universe")
      f.universe = value() == "piece" ? UniverseScope::kPieceType : UniverseScope::kAllPieces;
    else {
      std::fprintf(
          stderr,
          "usage: board_learn_tables [--runs N] [--games N] [--some-games N] [--max-games N] "
          "[--tables 123] [--seed N] [--universe all|piece] [--dump]\n");
      return 2;
    }
  }
  std::printf("# DFA learning on the seed's games (K = 2, MaxExpansions = 20, U over %s)\n",
              f.universe == UniverseScope::kAllPieces ? "all pieces" : "the piece type");
  if (f.tables.find('1') != std::string::npos) LearnTable(f, true);
  if (f.tables.find('2') != std::string::npos) LearnTable(f, false);
  if (f.tables.find('3') != std::string::npos) GamesNeededTable(f);
  return 0;
}

}  // namespace
}  // namespace ggp::reasoner::board::testing

int main(int argc, char** argv) { return ggp::reasoner::board::testing::Main(argc, argv); }
