#pragma once
// The seed's (001) Tables 1-3 as printed, for bench/board/learn_tables.cc: per piece row
// (Breakthrough pawn, checker, chess pawn, knight, bishop, rook, queen, king), the first
// player's then the second player's avg, min and max. Table 2's bishop row is as printed
// (its min exceeds its avg). Constant data.

namespace ggp::reasoner::board::testing {

// The seed's figures: per piece row, first player then second player (avg, min, max).
struct SeedRow {
  const char* first[3];
  const char* second[3];
};
inline const char* const kLt = "< 0.01";
inline const SeedRow kTable1[] = {{{kLt, kLt, kLt}, {kLt, kLt, kLt}},                    // BT pawn
                                  {{"0.45", "0.09", "0.83"}, {"0.62", "0.18", "0.87"}},  // checker
                                  {{kLt, kLt, kLt}, {kLt, kLt, kLt}},                    // pawn
                                  {{kLt, kLt, kLt}, {kLt, kLt, kLt}},                    // knight
                                  {{"10.25", "7.38", "12.42"}, {"10.32", "8.66", "13.08"}},
                                  {{"11.65", "10.18", "13.56"}, {"11.58", "10.00", "13.21"}},
                                  {{"40.22", "32.40", "47.05"}, {"40.73", "30.61", "49.01"}},
                                  {{kLt, kLt, kLt}, {kLt, kLt, kLt}}};  // king
inline const SeedRow kTable2[] = {{{kLt, kLt, kLt}, {kLt, kLt, kLt}},
                                  {{"-", "-", "-"}, {"-", "-", "-"}},
                                  {{kLt, kLt, kLt}, {kLt, kLt, kLt}},
                                  {{kLt, kLt, kLt}, {kLt, kLt, kLt}},
                                  {{"104.82", "115.64", "114.74"}, {"104.78", "87.81", "116.94"}},
                                  {{"121.01", "115.64", "127.88"}, {"121.28", "113.60", "128.77"}},
                                  {{"421.69", "369.35", "457.82"}, {"412.64", "368.28", "454.32"}},
                                  {{kLt, kLt, kLt}, {kLt, kLt, kLt}}};
inline const SeedRow kTable3[] = {{{"1.40", "1", "3"}, {"1.3", "1", "2"}},
                                  {{">1000", "", ""}, {">1000", "", ""}},
                                  {{"1.95", "1", "5"}, {"1.50", "1", "3"}},
                                  {{"12.55", "4", "28"}, {"12.50", "3", "28"}},
                                  {{"149.40", "10", "448"}, {"135.25", "14", "353"}},
                                  {{"85.65", "22", "249"}, {"85.85", "19", "249"}},
                                  {{"148.55", "29", "448"}, {"160.75", "15", "416"}},
                                  {{"6.5", "1", "17"}, {"5.95", "1", "17"}}};

}  // namespace ggp::reasoner::board::testing
