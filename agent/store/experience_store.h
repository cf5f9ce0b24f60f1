#pragma once
// The former name of store.h, kept so that code written against it still compiles. The
// contract (ownership, blocking, thread safety) is stated in store.h; include that.

#include "agent/store/store.h"
