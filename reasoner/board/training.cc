#include "reasoner/board/training.h"

#include <istream>
#include <ostream>
#include <sstream>

namespace ggp::reasoner::board {

void WriteTraining(std::ostream& out, const TrainingData& data) {
  out << "# training records (seed 001, Figure 4)\n";
  out << "board " << data.shape.width << " " << data.shape.height << "\n";
  if (data.shape.NumHoles() > 0) {
    out << "holes";
    for (int sq = 0; sq < data.shape.squares(); ++sq) {
      if (data.shape.IsHole(sq)) out << " " << sq;
    }
    out << "\n";
  }
  for (const PieceType& p : data.pieces)
    out << "piece " << p.letter << " " << p.owner << " " << p.name << "\n";
  for (const TrainingRecord& r : data.records) {
    out << r.number << "\n";
    for (int y = data.shape.height - 1; y >= 0; --y) {
      for (int x = 0; x < data.shape.width; ++x) {
        const int8_t c = r.position.cells[static_cast<size_t>(y * data.shape.width + x)];
        out << (c == kEmptySquare ? '.' : data.pieces[static_cast<size_t>(c)].letter);
      }
      out << "\n";
    }
    out << (r.outcome ? std::to_string(*r.outcome) : "*") << "\n";
    out << r.position.mover << " " << (r.all_moves ? "all" : "some") << " " << r.moves.size()
        << "\n";
    for (const TrainingMove& m : r.moves) out << m.square << " " << ToString(m.pattern) << "\n";
  }
}

std::optional<TrainingData> ReadTraining(std::istream& in, std::string* why) {
  TrainingData data;
  int line_no = 0;
  std::string line;
  auto next = [&]() -> bool {
    while (std::getline(in, line)) {
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      return true;
    }
    return false;
  };
  auto fail = [&](const std::string& what) -> std::optional<TrainingData> {
    *why = "line " + std::to_string(line_no) + ": " + what;
    return std::nullopt;
  };
  if (!next()) return fail("empty input");
  {
    std::istringstream s(line);
    std::string word;
    std::string rest;
    if (!(s >> word >> data.shape.width >> data.shape.height) || word != "board" ||
        data.shape.width <= 0 || data.shape.height <= 0 || data.shape.width > 64 ||
        data.shape.height > 64 || (s >> rest)) {
      return fail("expected 'board WIDTH HEIGHT'");
    }
  }
  bool have = next();
  if (have && line.rfind("holes", 0) == 0) {
    std::istringstream s(line.substr(5));
    data.shape.holes.assign(static_cast<size_t>(data.shape.squares()), 0);
    int sq = 0;
    while (s >> sq) {
      if (sq < 0 || sq >= data.shape.squares()) return fail("hole square out of range");
      data.shape.holes[static_cast<size_t>(sq)] = 1;
    }
    if (!s.eof()) return fail("expected 'holes SQUARE...'");
    have = next();
  }
  while (have && line.rfind("piece ", 0) == 0) {
    std::istringstream s(line);
    std::string word, letter, name, rest;
    PieceType p;
    if (!(s >> word >> letter >> p.owner >> name) || (s >> rest) || letter.size() != 1 ||
        letter == "." || letter == "#" || (p.owner != 0 && p.owner != 1)) {
      return fail("expected 'piece LETTER OWNER NAME'");
    }
    for (const PieceType& q : data.pieces) {
      if (q.letter == letter[0]) return fail("piece letter '" + letter + "' used twice");
    }
    p.letter = letter[0];
    p.name = name;
    if (data.pieces.size() >= 127) return fail("too many piece types");
    data.pieces.push_back(p);
    have = next();
  }
  while (have) {
    TrainingRecord r;
    try {
      size_t used = 0;
      r.number = std::stoi(line, &used);
      if (used != line.size()) return fail("expected a record number");
    } catch (const std::exception&) {
      return fail("expected a record number");
    }
    r.position.cells.assign(static_cast<size_t>(data.shape.squares()), kEmptySquare);
    for (int y = data.shape.height - 1; y >= 0; --y) {
      if (!next() || static_cast<int>(line.size()) != data.shape.width)
        return fail("expected a board row");
      for (int x = 0; x < data.shape.width; ++x) {
        if (line[static_cast<size_t>(x)] == '.') continue;
        int found = -1;
        for (size_t k = 0; k < data.pieces.size(); ++k) {
          if (data.pieces[k].letter == line[static_cast<size_t>(x)]) found = static_cast<int>(k);
        }
        if (found < 0)
          return fail(std::string("unknown piece letter '") + line[static_cast<size_t>(x)] + "'");
        r.position.cells[static_cast<size_t>(y * data.shape.width + x)] =
            static_cast<int8_t>(found);
      }
    }
    if (!next()) return fail("expected an outcome");
    if (line == "*") {
      r.outcome.reset();
    } else if (line == "-1" || line == "0" || line == "1") {
      r.outcome = std::stoi(line);
    } else {
      return fail("expected an outcome (*, -1, 0, 1)");
    }
    if (!next()) return fail("expected 'PLAYER all|some N'");
    std::istringstream s(line);
    std::string listing;
    int n = 0;
    if (!(s >> r.position.mover >> listing >> n) ||
        (r.position.mover != 0 && r.position.mover != 1) ||
        (listing != "all" && listing != "some") || n < 0 || n > 100000) {
      return fail("expected 'PLAYER all|some N'");
    }
    r.all_moves = listing == "all";
    for (int i = 0; i < n; ++i) {
      if (!next()) return fail("expected a move");
      const size_t space = line.find(' ');
      TrainingMove m;
      try {
        m.square = std::stoi(line.substr(0, space));
      } catch (const std::exception&) {
        return fail("expected 'SQUARE PATTERN'");
      }
      if (space == std::string::npos || m.square < 0 || m.square >= data.shape.squares())
        return fail("bad square");
      std::optional<Pattern> p = ParsePattern(std::string_view(line).substr(space + 1));
      if (!p || p->empty()) return fail("bad pattern");
      m.pattern = std::move(*p);
      r.moves.push_back(std::move(m));
    }
    data.records.push_back(std::move(r));
    have = next();
  }
  return data;
}

}  // namespace ggp::reasoner::board
