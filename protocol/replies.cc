// INFO reply rendering and parsing (protocol spec §2.1).

#include "protocol/replies.h"

#include <cctype>

#include "reasoner/kif/sexpr.h"

namespace ggp::protocol {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string RenderInfoReply(std::string_view name, bool available, std::string_view species) {
  std::string s = "((name ";
  s.append(name).append(") (status ").append(available ? "available" : "busy").append(")");
  if (!species.empty()) s.append(" (species ").append(species).append(")");
  s.append(")");
  return s;
}

bool InfoReply::available() const { return Lower(status) == "available"; }

bool ParseInfoReply(std::string_view body, InfoReply* out, std::string* error) {
  kif::SExpr reply;
  std::vector<kif::Diagnostic> diagnostics;
  if (!kif::ParseOneSExpr(body, &reply, &diagnostics)) {
    *error = "malformed INFO reply";
    if (!diagnostics.empty()) *error += ": " + kif::FormatDiagnostic(diagnostics.front());
    return false;
  }
  *out = InfoReply{};
  if (reply.is_atom()) {
    out->status = reply.atom;
    return true;
  }
  bool any_pair = false;
  for (const kif::SExpr& item : reply.items) {
    if (!item.is_list() || item.items.size() < 2 || !item.items[0].is_atom()) continue;
    any_pair = true;
    const kif::SExpr& v = item.items[1];
    std::string value = v.is_atom() ? v.atom : kif::ToString(v);
    std::string key = Lower(item.items[0].atom);
    if (key == "name") {
      out->name = std::move(value);
    } else if (key == "status") {
      out->status = std::move(value);
    } else if (key == "species") {
      out->species = std::move(value);
    }
  }
  if (!any_pair) {
    *error = "INFO reply holds no (key value) pair: " + kif::ToString(reply);
    return false;
  }
  return true;
}

}  // namespace ggp::protocol
