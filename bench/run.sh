#!/usr/bin/env bash
# Generator benchmark behind BENCHMARKS.md (run by `make bench`).
# Runs contractgen and go-jsonschema v0.24.1 side by side, in the same loop,
# on the bundled contract and on synthetic schemas of growing size, and
# prints a Markdown table of median wall time and peak RSS with ratios.
# Knobs: BENCH_SIZES (default "75 150 300 600"), BENCH_REPS (default 3).
set -euo pipefail

cd "$(dirname "$0")/.."
sizes=${BENCH_SIZES:-"75 150 300 600"}
reps=${BENCH_REPS:-3}
contract=docs/contracts/schemas/agent-error.schema.json
gjs_version=v0.24.1

# GNU time reports peak RSS; the shell keyword does not.
if ! /usr/bin/time -f "%e" true 2>/dev/null; then
	echo "installing GNU time" >&2
	apt-get install -y time >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "building contractgen and go-jsonschema $gjs_version" >&2
go build -o "$work/contractgen" ./cmd/contractgen
GOBIN="$work/bin" go install "github.com/atombender/go-jsonschema@$gjs_version"
cg="$work/contractgen"
gjs="$work/bin/go-jsonschema"

# measure NAME CMD...: runs CMD $reps times into a fresh output directory and
# prints "median_seconds median_kib". Output goes to a file so a failure shows.
measure() {
	local name=$1 times=() rss=() i line
	shift
	for ((i = 0; i < reps; i++)); do
		rm -rf "$work/out" && mkdir -p "$work/out"
		if ! /usr/bin/time -o "$work/time" -f "%e %M" "$@" >"$work/log" 2>&1; then
			echo "$name failed:" >&2
			cat "$work/log" >&2
			exit 1
		fi
		read -r line <"$work/time"
		times+=("${line% *}")
		rss+=("${line#* }")
	done
	echo "$(median "${times[@]}") $(median "${rss[@]}")"
}

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

# ratio A B prints A/B with two decimals, or "–" when B is zero.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "–"; else printf "%.2f", a / b }'; }

mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

echo "| schema | contractgen s | contractgen MiB | go-jsonschema s | go-jsonschema MiB | go-jsonschema / contractgen (time) | contractgen ×/doubling | go-jsonschema ×/doubling |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"

read -r ct cm < <(measure "contractgen (contract)" "$cg" generate -q --schema "$contract" --out "$work/out")
read -r gt gm < <(measure "go-jsonschema (contract)" "$gjs" -p agenterror -o "$work/out/types.go" "$contract")
echo "| contract (contractgen: all targets) | $ct | $(mib "$cm") | $gt | $(mib "$gm") | $(ratio "$gt" "$ct") | | |"

prev_ct="" prev_gt=""
for n in $sizes; do
	schema="$work/synth-$n.schema.json"
	go run ./bench/synth -defs "$n" -out "$schema"
	read -r ct cm < <(measure "contractgen ($n defs)" "$cg" generate -q --schema "$schema" --out "$work/out" --targets go --package synth)
	read -r gt gm < <(measure "go-jsonschema ($n defs)" "$gjs" -p synth -o "$work/out/types.go" "$schema")
	cgrow="" ggrow=""
	if [[ -n $prev_ct ]]; then
		cgrow=$(ratio "$ct" "$prev_ct")
		ggrow=$(ratio "$gt" "$prev_gt")
	fi
	echo "| $n \$defs (Go only) | $ct | $(mib "$cm") | $gt | $(mib "$gm") | $(ratio "$gt" "$ct") | $cgrow | $ggrow |"
	prev_ct=$ct prev_gt=$gt
done
