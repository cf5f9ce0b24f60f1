// The naive Bayes arithmetic against worked examples: the chi-squared statistic, the
// smoothed posteriors, an unseen move, feature selection, and learning a state-dependent
// opponent that uniform cannot predict.

#include "models/opponent/naive_bayes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace ggp::models {
namespace {

TEST(ChiSquaredTest, WorkedExamples) {
  // Feature on exactly when class A was chosen (2 of 4): every cell is 1 away from its
  // expected count of 1, so chi^2 = 4 * 1^2 / 1.
  const std::vector<uint32_t> n = {2, 2};
  EXPECT_DOUBLE_EQ(ChiSquared(std::vector<uint32_t>{2, 0}, n, 4), 4.0);
  // Independent of the class: 0.
  EXPECT_DOUBLE_EQ(ChiSquared(std::vector<uint32_t>{1, 1}, n, 4), 0.0);
  // Always on, or never: no information.
  EXPECT_DOUBLE_EQ(ChiSquared(std::vector<uint32_t>{2, 2}, n, 4), 0.0);
  EXPECT_DOUBLE_EQ(ChiSquared(std::vector<uint32_t>{0, 0}, n, 4), 0.0);
  // Uneven classes (2 and 1 of 3, feature on in both of the first): 1/3 + 2/3 + 2/3 + 4/3.
  EXPECT_NEAR(ChiSquared(std::vector<uint32_t>{2, 0}, std::vector<uint32_t>{2, 1}, 3), 3.0, 1e-12);
}

TEST(NaiveBayesTest, PosteriorsOfAWorkedExample) {
  // Move 10 chosen twice with feature 1 on, move 20 once with feature 2 on.
  NaiveBayesModel m;
  const std::vector<uint32_t> f1 = {1}, f2 = {2};
  const std::vector<Move> legal = {10, 20};
  m.Observe(f1, legal, 10);
  m.Observe(f1, legal, 10);
  m.Observe(f2, legal, 20);
  ASSERT_EQ(m.selected(), (std::vector<uint32_t>{1, 2}));
  EXPECT_NEAR(m.chi_squared(0), 3.0, 1e-12);
  EXPECT_NEAR(m.chi_squared(1), 3.0, 1e-12);
  // P(10) = 3/6, P(f1 | 10) = 3/4, P(not f2 | 10) = 3/4;
  // P(20) = 2/6, P(f1 | 20) = 1/3, P(not f2 | 20) = 1/3.
  EXPECT_NEAR(m.Score(f1, 10), std::log(0.5) + 2 * std::log(0.75), 1e-6);  // float tables
  EXPECT_NEAR(m.Score(f1, 20), 3 * std::log(1.0 / 3), 1e-6);
  std::vector<float> p(2);
  m.Predict(f1, legal, p);
  const double a = 0.5 * 0.75 * 0.75, b = 1.0 / 27;
  EXPECT_NEAR(p[0], a / (a + b), 1e-6);
  EXPECT_NEAR(p[1], b / (a + b), 1e-6);
  // A move never chosen: P(y) = 1/6, each selected feature 1/2 either way.
  const std::vector<Move> with_new = {10, 20, 99};
  std::vector<float> q(3);
  m.Predict(f1, with_new, q);
  const double c = (1.0 / 6) * 0.25;
  EXPECT_NEAR(q[2], c / (a + b + c), 1e-6);
  EXPECT_NEAR(q[0] + q[1] + q[2], 1.0, 1e-6);
}

TEST(NaiveBayesTest, SelectsTheInformativeFeatures) {
  // Feature 0..9: which of ten cells holds the opponent's piece; the opponent always moves
  // it (move 100 + cell). Features 50..81 are coin flips. With room for 10 features, the
  // ten cells are the ones kept, and the opponent is predicted almost always.
  NaiveBayesModel m(10);
  std::mt19937 rng(3);
  std::vector<Move> legal;
  for (Move k = 100; k < 110; ++k) legal.push_back(k);
  auto state = [&](int cell) {
    std::vector<uint32_t> f = {static_cast<uint32_t>(cell)};
    for (uint32_t j = 50; j < 82; ++j) {
      if (rng() % 2 == 0) f.push_back(j);
    }
    return f;
  };
  for (int i = 0; i < 400; ++i) {
    const int cell = static_cast<int>(rng() % 10);
    m.Observe(state(cell), legal, 100 + cell);
  }
  ASSERT_EQ(m.selected().size(), 10u);
  for (uint32_t j : m.selected()) EXPECT_LT(j, 10u);
  int right = 0;
  std::vector<float> p(legal.size());
  for (int i = 0; i < 200; ++i) {
    const int cell = static_cast<int>(rng() % 10);
    m.Predict(state(cell), legal, p);
    const size_t top = static_cast<size_t>(std::max_element(p.begin(), p.end()) - p.begin());
    right += legal[top] == 100 + cell ? 1 : 0;
  }
  EXPECT_GE(right, 190) << "top-1 of 200; uniform would get about 20";
}

}  // namespace
}  // namespace ggp::models
