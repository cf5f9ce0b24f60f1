#include "tests/generated/gdl_vocabulary.h"

#include <cctype>

namespace ggp::testing::gen {

int Vocabulary::Find(std::string_view name) const {
  for (size_t i = 0; i < relations.size(); ++i) {
    if (relations[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

std::string Vocabulary::Kw(std::string_view keyword) const {
  std::string s(keyword);
  if (upper_keywords) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return s;
}

const char* Vocabulary::DomainRelation(Type t) {
  switch (t) {
    case Type::kRole:
      return "role";
    case Type::kObj:
      return "obj";
    case Type::kNum:
      return "num";
    case Type::kVal:
      return "val";
    case Type::kPos:
      return "place";
    case Type::kDeep:
      return "deep";
    case Type::kPair:
      return "pairs";
  }
  return "";
}

std::vector<const char*> Vocabulary::Wrappers(Type t) {
  switch (t) {
    case Type::kPos:
      return {"pos"};
    case Type::kDeep:
      return {"d1", "d2", "d3"};
    case Type::kPair:
      return {"pr"};
    default:
      return {};
  }
}

std::vector<Type> Vocabulary::Parts(Type t) {
  switch (t) {
    case Type::kPos:
      return {Type::kObj};
    case Type::kDeep:
      return {Type::kNum};
    case Type::kPair:
      return {Type::kObj, Type::kNum};
    default:
      return {};
  }
}

std::vector<std::string> Vocabulary::Domain(Type t) const {
  switch (t) {
    case Type::kRole:
      return roles;
    case Type::kObj:
      return objects;
    case Type::kNum:
      return numbers;
    case Type::kVal: {
      std::vector<std::string> out = {"b"};
      out.insert(out.end(), roles.begin(), roles.end());
      return out;
    }
    default:
      break;
  }
  // Compound: the product of the parts' domains, wrapped.
  std::vector<std::string> inner = {""};
  for (Type part : Parts(t)) {
    std::vector<std::string> grown;
    for (const std::string& prefix : inner) {
      for (const std::string& v : Domain(part)) grown.push_back(prefix + " " + v);
    }
    inner = std::move(grown);
  }
  const std::vector<const char*> wrappers = Wrappers(t);
  std::vector<std::string> out;
  for (const std::string& args : inner) {
    std::string term = "(" + std::string(wrappers.back()) + args + ")";
    for (size_t i = wrappers.size() - 1; i-- > 0;)
      term = "(" + std::string(wrappers[i]) + " " + term + ")";
    out.push_back(term);
  }
  return out;
}

size_t Vocabulary::DomainSize(Type t) const {
  if (t == Type::kVal) return roles.size() + 1;
  if (Wrappers(t).empty()) return Domain(t).size();
  size_t n = 1;
  for (Type part : Parts(t)) n *= DomainSize(part);
  return n;
}

std::string Vocabulary::Constant(Type t, Dice& dice) const {
  const std::vector<const char*> wrappers = Wrappers(t);
  if (wrappers.empty()) return dice.Pick(Domain(t));
  std::string term = "(" + std::string(wrappers.back());
  for (Type part : Parts(t)) term += " " + Constant(part, dice);
  term += ")";
  for (size_t i = wrappers.size() - 1; i-- > 0;)
    term = "(" + std::string(wrappers[i]) + " " + term + ")";
  return term;
}

std::string Sentence(std::string_view name, const std::vector<std::string>& args) {
  if (args.empty()) return std::string(name);
  std::string s = "(" + std::string(name);
  for (const std::string& a : args) s += " " + a;
  return s + ")";
}

}  // namespace ggp::testing::gen
