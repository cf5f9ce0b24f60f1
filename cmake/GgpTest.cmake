# ggp_add_test(NAME SOURCES a_test.cc ... LIBS lib ... [LABEL unit|conformance|e2e])
# One GoogleTest executable; every TEST is discovered into CTest (no hand-kept lists).
# LABEL "unit" (the default) marks the fast tests the asan preset also runs; the target
# ggp_unit_tests builds just those (the asan preset builds nothing else).
# Tests find ../shared through GGP_SHARED_DIR (override at run time with $GGP_SHARED).
# The test's own sources build at -O1 in optimised builds (see below); the libraries do not.
function(ggp_add_test name)
  if(NOT GGP_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(T "" "LABEL;TIMEOUT" "SOURCES;LIBS" ${ARGN})
  if(NOT T_LABEL)
    set(T_LABEL unit)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 600)
  endif()
  add_executable(${name} ${T_SOURCES})
  if(T_LABEL STREQUAL "unit")
    set_property(GLOBAL APPEND PROPERTY GGP_UNIT_TEST_TARGETS ${name})
  endif()
  target_link_libraries(${name} PRIVATE ${T_LIBS} ggp_testing GTest::gmock GTest::gtest_main ggp_warnings)
  ggp_test_sources_options(${name})
  gtest_discover_tests(${name}
    PROPERTIES LABELS ${T_LABEL} TIMEOUT ${T_TIMEOUT}
    DISCOVERY_TIMEOUT 120)
endfunction()

# The test sources are glue around the libraries under test, which keep the build type's
# optimisation. In optimised builds they compile at -O1 (after -O3 on the command line, so it
# wins), which roughly halves the code generation time of a gtest translation unit; in Debug
# builds (the asan preset passes -O1 for the libraries) at -O0, a third of -O1's time under the
# sanitizers. Also used by the test-support libraries.
function(ggp_test_sources_options target)
  target_compile_options(${target} PRIVATE
    $<$<CONFIG:Release,RelWithDebInfo>:-O1>
    $<$<CONFIG:Debug>:-O0>)
endfunction()

# Adds every immediate subdirectory of the current source dir that has a CMakeLists.txt,
# so modules can grow sub-folders without editing a shared list.
function(ggp_add_subdirectories)
  file(GLOB children LIST_DIRECTORIES true RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}
       ${CMAKE_CURRENT_SOURCE_DIR}/*)
  list(SORT children)
  foreach(child IN LISTS children)
    if(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/${child} AND
       EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${child}/CMakeLists.txt)
      add_subdirectory(${child})
    endif()
  endforeach()
endfunction()
