#!/usr/bin/env bash
# golines.sh REV: lines of Go at a revision, by what they are (the line counts BENCHMARKS.md and
# the closing notes of issue 14 quote). Every line of a file counts, blank and comment lines too.
# Categories: the generator (hand-written, .go.txt templates included), its tests, the tables it
# generates for itself, the runtime (cgruntime, or the copy-in templates before it existed) and its
# tests, the derived copy-in runtime, committed generated output (generated/, testdata/), and the
# other modules (bench/, tests/).
set -euo pipefail
rev=${1:-HEAD}
git ls-tree -r --name-only "$rev" | while read -r f; do
  case "$f" in *.go | *.go.golden | *.go.txt) ;; *) continue ;; esac
  text=$(git show "$rev:$f")
  n=$(printf '%s\n' "$text" | wc -l)
  generated=0
  case "$(printf '%s\n' "$text" | head -1)" in "// Code generated"*) generated=1 ;; esac
  case "$f" in
    generated/* | testdata/*) cat=committed-output ;;
    bench/* | tests/*) cat=other-modules ;;
    internal/templates/goruntime/*_test.go | cgruntime/*_test.go) cat=runtime-tests ;;
    internal/templates/goruntime/*) if [ $generated = 1 ]; then cat=runtime-derived-copy; else cat=runtime; fi ;;
    cgruntime/*) cat=runtime ;;
    *_test.go) cat=generator-tests ;;
    *.go.txt) cat=generator ;; # templates of generated files, so they start with the header too
    *) if [ $generated = 1 ]; then cat=generator-generated-tables; else cat=generator; fi ;;
  esac
  echo "$cat $n"
done | awk '{s[$1] += $2} END {for (k in s) printf "%-28s %7d\n", k, s[k]}' | sort
