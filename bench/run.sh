#!/usr/bin/env bash
# The benchmarks behind BENCHMARKS.md (run by `make bench`). Prints Markdown on stdout:
#   1. the machine and the load it ran under;
#   2. the generator as a whole process, contractgen beside go-jsonschema v0.24.1 in the same
#      loop, on the contract and on synthetic schemas of growing size: median wall time and peak
#      RSS with ratios and growth per doubling;
#   3. the generated code in one `go test -bench` run of bench/peers (a module of its own), so its ratios compare
#      numbers taken at the same time: medians of ns/op, B/op, allocs/op and the ratios;
#   4. a CPU profile of the generator on a synthetic schema: where its time goes.
# Knobs: BENCH_SIZES (default "75 150 300 600"), BENCH_REPS (whole-process runs per cell on the
# synthetic schemas, default 5), BENCH_CONTRACT_REPS (runs per cell on the contract, default 21:
# a run takes tens of milliseconds, so more runs steady the median), BENCH_COUNT (go test -count, default 5), BENCH_TIME (go test -benchtime, default
# go's 1s), BENCH_PARTS (default "gen code profile k8s"; k8s: the corpus' kubernetes schema,
# BENCH_K8S_REPS runs per cell), BENCH_RAW (file that keeps the raw go test
# output), BENCH_PROFILE (defs of the schema the profile part runs on, default 300).
set -euo pipefail

cd "$(dirname "$0")/.."
sizes=${BENCH_SIZES:-"75 150 300 600"}
reps=${BENCH_REPS:-5}
contract_reps=${BENCH_CONTRACT_REPS:-21}
count=${BENCH_COUNT:-5}
benchtime=${BENCH_TIME:-1s}
parts=${BENCH_PARTS:-"gen code profile k8s"}
contract=docs/contracts/schemas/agent-error.schema.json
gjs_version=v0.24.1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ratio A B prints A/B with two decimals, or "–" when B is zero or missing.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "–"; else printf "%.2f", a / b }'; }

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

load() { cut -d' ' -f1-3 /proc/loadavg; }

machine() {
	echo "## Machine"
	echo
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "- CPU: $(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo), nproc $(nproc)"
	echo "- $(go version)"
	echo "- load average (1, 5, 15 min) at start: $(load)"
	echo "- knobs: BENCH_SIZES=\"$sizes\" BENCH_REPS=$reps BENCH_COUNT=$count BENCH_TIME=$benchtime"
	echo
}

# install_tools builds contractgen and go-jsonschema into $work, and installs GNU time, which
# reports peak RSS (the shell keyword does not).
install_tools() {
	if ! /usr/bin/time -f "%e" true 2>/dev/null; then
		echo "installing GNU time" >&2
		apt-get install -y time >/dev/null
	fi
	echo "building contractgen and go-jsonschema $gjs_version" >&2
	go build -o "$work/contractgen" ./cmd/contractgen
	GOBIN="$work/bin" go install "github.com/atombender/go-jsonschema@$gjs_version"
}

# once NAME CMD...: runs CMD once into a fresh output directory and prints "seconds kib": wall time
# from bash's microsecond clock (GNU time's %e has only 10 ms resolution, too coarse for the
# contract rows) and peak RSS from GNU time. Output goes to a file so a failure shows.
once() {
	local name=$1 start end
	shift
	rm -rf "$work/out" && mkdir -p "$work/out"
	start=$EPOCHREALTIME
	if ! /usr/bin/time -o "$work/time" -f "%M" "$@" >"$work/log" 2>&1; then
		echo "$name failed:" >&2
		cat "$work/log" >&2
		exit 1
	fi
	end=$EPOCHREALTIME
	echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }') $(cat "$work/time")"
}

# pair N NAME_A CMD_A... -- NAME_B CMD_B...: runs A and B alternately, N times each, so both see
# the same machine (A first in even rounds, B first in odd ones), and prints "median_s_A median_kib_A median_s_B median_kib_B".
pair() {
	local n=$1 a=() b=() at=() am=() bt=() bm=() i t m arg seen=0
	shift
	for arg in "$@"; do
		if [[ $arg == -- && $seen == 0 ]]; then
			seen=1
			continue
		fi
		if ((seen)); then b+=("$arg"); else a+=("$arg"); fi
	done
	# Which tool goes first alternates too: a run right after a long run of the other tool was
	# seen to be slower (300 $defs: 0.82 s after go-jsonschema's 5 s, 0.62-0.74 s alone).
	for ((i = 0; i < n; i++)); do
		if ((i % 2)); then
			read -r t m < <(once "${b[@]}")
			bt+=("$t") bm+=("$m")
		fi
		read -r t m < <(once "${a[@]}")
		at+=("$t") am+=("$m")
		if ((i % 2 == 0)); then
			read -r t m < <(once "${b[@]}")
			bt+=("$t") bm+=("$m")
		fi
	done
	echo "$(median "${at[@]}") $(median "${am[@]}") $(median "${bt[@]}") $(median "${bm[@]}")"
}

generator() {
	local cg="$work/contractgen" gjs="$work/bin/go-jsonschema" ct cm gt gm prev_ct="" prev_gt="" n schema cgrow ggrow
	local gjs_contract=("go-jsonschema (contract)" "$gjs" -p agenterror -o "$work/out/types.go" "$contract")
	echo "## Generator (whole process; median of $contract_reps alternating runs on the contract, of $reps on the synthetic schemas)"
	echo
	echo "| schema | contractgen s | contractgen MiB | go-jsonschema s | go-jsonschema MiB | contractgen / go-jsonschema (time) | contractgen ×/doubling | go-jsonschema ×/doubling |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|"
	read -r ct cm gt gm < <(pair "$contract_reps" "contractgen (contract)" "$cg" generate -q --schema "$contract" --out "$work/out" -- "${gjs_contract[@]}")
	echo "| contract, contractgen all targets | $ct | $(mib "$cm") | $gt | $(mib "$gm") | $(ratio "$ct" "$gt") | | |"
	read -r ct cm gt gm < <(pair "$contract_reps" "contractgen (contract, go)" "$cg" generate -q --schema "$contract" --out "$work/out" --targets go -- "${gjs_contract[@]}")
	echo "| contract, contractgen Go only | $ct | $(mib "$cm") | $gt | $(mib "$gm") | $(ratio "$ct" "$gt") | | |"
	# The startup floor: a process that only prints help still runs every package's init.
	read -r ct cm gt gm < <(pair "$contract_reps" "contractgen --help" "$cg" --help -- "go-jsonschema --help" "$gjs" --help)
	echo "| startup only: --help of each tool | $ct | $(mib "$cm") | $gt | $(mib "$gm") | $(ratio "$ct" "$gt") | | |"
	for n in $sizes; do
		schema="$work/synth-$n.schema.json"
		go run ./bench/synth -defs "$n" -out "$schema"
		read -r ct cm gt gm < <(pair "$reps" "contractgen ($n defs)" "$cg" generate -q --schema "$schema" --out "$work/out" --targets go --package synth \
			-- "go-jsonschema ($n defs)" "$gjs" -p synth -o "$work/out/types.go" "$schema")
		cgrow="" ggrow=""
		if [[ -n $prev_ct ]]; then
			cgrow=$(ratio "$ct" "$prev_ct")
			ggrow=$(ratio "$gt" "$prev_gt")
		fi
		echo "| $n \$defs, Go only | $ct | $(mib "$cm") | $gt | $(mib "$gm") | $(ratio "$ct" "$gt") | $cgrow | $ggrow |"
		prev_ct=$ct prev_gt=$gt
	done
	echo
	scaling
}

# scaling runs contractgen alone on every synthetic size, the sizes interleaved in each round, so
# that its growth per doubling is not measured next to go-jsonschema's long runs (which slow the
# run after them; see pair).
scaling() {
	local n i t m prev=""
	local -A times=() rss=()
	for ((i = 0; i < reps; i++)); do
		for n in $sizes; do
			read -r t m < <(once "contractgen ($n defs, alone)" "$work/contractgen" generate -q --schema "$work/synth-$n.schema.json" \
				--out "$work/out" --targets go --package synth)
			times[$n]+="$t " rss[$n]+="$m "
		done
	done
	echo "### contractgen alone (sizes interleaved, median of $reps)"
	echo
	echo "| schema | s | MiB | ×/doubling |"
	echo "|---|---:|---:|---:|"
	for n in $sizes; do
		# shellcheck disable=SC2086 # the lists are space-separated numbers
		t=$(median ${times[$n]}) m=$(median ${rss[$n]})
		echo "| $n \$defs, Go only | $t | $(mib "$m") | $([[ -n $prev ]] && ratio "$t" "$prev") |"
		prev=$t
	done
	echo
}

# check_peer fails when the committed go-jsonschema package is not what the tool writes today,
# so the decoding benchmark always measures the peer's real output for the current contract.
check_peer() {
	local want=bench/peers/gojsonschema/types.go
	"$work/bin/go-jsonschema" -p gojsonschema --tags json -o "$work/peer.go" "$contract"
	if ! cmp -s "$work/peer.go" "$want"; then
		echo "$want is stale: run (cd bench/peers/gojsonschema && go generate)" >&2
		exit 1
	fi
}

# medians reads go test -bench output and prints "name ns B allocs" per benchmark, the median of
# each column over the -count runs; the -N GOMAXPROCS suffix is dropped from the name.
medians() {
	awk '
	/^Benchmark/ {
		name = $1; sub(/-[0-9]+$/, "", name); sub(/^Benchmark/, "", name)
		if (!(name in seen)) { seen[name] = 1; order[++n] = name }
		k = ++runs[name]
		for (i = 3; i < NF; i++) {
			if ($(i + 1) == "ns/op") ns[name, k] = $i
			if ($(i + 1) == "B/op") by[name, k] = $i
			if ($(i + 1) == "allocs/op") al[name, k] = $i
		}
	}
	function med(arr, name, m,   i, j, v, t) {
		for (i = 1; i <= m; i++) v[i] = arr[name, i] + 0
		for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
		return (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
	}
	END { for (i = 1; i <= n; i++) { m = runs[order[i]]; print order[i], med(ns, order[i], m), med(by, order[i], m), med(al, order[i], m) } }
	' "$1"
}

# ratio_row LABEL A B TARGET prints a row dividing the median ns/op of benchmark A by B's.
ratio_row() {
	local a b
	a=$(awk -v n="$2" '$1 == n {print $2}' "$work/medians")
	b=$(awk -v n="$3" '$1 == n {print $2}' "$work/medians")
	echo "| $1 | $2 | $3 | $(ratio "$a" "$b") | $4 |"
}

code() {
	local raw=${BENCH_RAW:-$work/bench.txt}
	check_peer
	echo "running go test -bench on bench/peers (-count $count)" >&2
	(cd bench/peers && go test -run '^$' -bench . -benchmem -count "$count" -benchtime "$benchtime" .) >"$raw"
	medians "$raw" >"$work/medians"
	echo "## Generated code (one go test run, median of $count)"
	echo
	echo "go test reports $(grep -m1 '^cpu:' "$raw" | sed 's/ *$//')."
	echo
	echo '    (cd bench/peers && go test -run '"'"'^$'"'"' -bench . -benchmem -count '"$count"' -benchtime '"$benchtime"')'
	echo
	echo "| benchmark | ns/op | B/op | allocs/op |"
	echo "|---|---:|---:|---:|"
	awk '{printf "| %s | %.0f | %.0f | %.0f |\n", $1, $2, $3, $4}' "$work/medians"
	echo
	echo "| ratio of ns/op | A | B | A / B | target |"
	echo "|---|---|---|---:|---|"
	ratio_row "Parse against the floor" Decode/Parse Decode/Floor "≤ 1.5"
	ratio_row "reference against Parse" Decode/Reference Decode/Parse "≥ 2"
	ratio_row "reference + typed decode against Parse" Decode/ReferenceTyped Decode/Parse ""
	ratio_row "go-jsonschema against Parse" Decode/GoJSONSchema Decode/Parse ""
	ratio_row "go-jsonschema against the floor" Decode/GoJSONSchema Decode/Floor ""
	ratio_row "Validate against Parse" Validate Decode/Parse ""
	ratio_row "constructor + marshal against hand-written" Encode/Construct Encode/HandWritten ""
	ratio_row "MarshalJSON against hand-written" Encode/MarshalJSON Encode/HandWritten ""
	local s
	for s in WriteHTTP ToJSONRPC ToMCPToolResult WriteCLI; do
		ratio_row "$s against MarshalJSON" "Surface/$s" Encode/MarshalJSON ""
	done
	for s in ReadHTTP FromJSONRPC FromMCPToolResult ReadCLI; do
		ratio_row "$s against Unmarshal" "Surface/$s" Surface/Unmarshal ""
	done
	ratio_row "sanitizer, 5 MiB against 1 KiB" Sanitize/5MiB Sanitize/1KiB ""
	echo
	echo "Validate allocs/op: $(awk '$1 == "Validate" {print $4}' "$work/medians") (target 0)."
	echo
	# benchstat adds confidence intervals; it is optional, so a failure to fetch it is not fatal.
	if go run golang.org/x/perf/cmd/benchstat@latest "$raw" >"$work/benchstat" 2>"$work/benchstat.err"; then
		# Only the time table: the B/op and allocs/op medians are in the table above.
		echo "### benchstat (time)"
		echo
		awk '/B\/s|B\/op/ {exit} {print "    " $0}' "$work/benchstat" | sed '/│ *$/d; /^ *$/d'
		echo
	else
		echo "benchstat unavailable ($(head -n1 "$work/benchstat.err")); medians above come from awk." >&2
	fi
}

# profile writes a CPU profile of the in-process pipeline (BenchmarkRunContract in
# internal/gen/run, one iteration, Go target) on the synthetic schema of $BENCH_PROFILE defs,
# and prints where the time goes, so the note on the generator's speed can be checked.
profile() {
	local n=${BENCH_PROFILE:-300} schema="$work/profile.schema.json"
	go run ./bench/synth -defs "$n" -out "$schema"
	CONTRACTGEN_BENCH_SCHEMA=$schema go test -run '^$' -bench RunContract -benchtime 1x \
		-cpuprofile "$work/cpu.out" -o "$work/run.test" ./internal/gen/run >"$work/profile.log"
	rm -rf "$work/out" && mkdir -p "$work/out"
	"$work/contractgen" generate -q --schema "$schema" --out "$work/out" --targets go --package synth
	echo "## Where the generator's time goes ($n \$defs, Go target)"
	echo
	echo "Package initialisation of the contractgen binary (GODEBUG=inittrace=1, \`contractgen --help\`):" \
		"$(GODEBUG=inittrace=1 "$work/contractgen" --help 2>&1 >/dev/null | awk '
			$1 == "init" { total += $5; if ($5 >= 1) big = big sprintf(", %s %s ms", $2, $5) }
			END { printf "%.1f ms in all%s.", total, big }')"
	echo
	"$work/bin/go-jsonschema" -p synth -o "$work/peer-synth.go" "$schema"
	echo "Output: contractgen $(cat "$work"/out/synth/*.go | wc -l) lines of Go ($(cd "$work/out/synth" &&
		wc -l types.go codec.go validation.go | awk '$2 != "total" {printf "%s%s %s", sep, $2, $1; sep = ", "}'));" \
		"go-jsonschema $(wc -l <"$work/peer-synth.go") lines."
	echo
	echo "    CONTRACTGEN_BENCH_SCHEMA=<synth $n> go test -run '^\$' -bench RunContract -benchtime 1x -cpuprofile cpu.out ./internal/gen/run"
	echo "    go tool pprof -top -cum cpu.out"
	echo
	top "$work/run.test" "$work/cpu.out"
	# The contract: many short runs, all targets, so the profile has enough samples.
	go test -run '^$' -bench RunContract -benchtime 300x -cpuprofile "$work/cpu-contract.out" \
		-o "$work/run.test" ./internal/gen/run >"$work/profile.log"
	echo "## Where the generator's time goes (the contract, all targets, in process)"
	echo
	echo "    $(grep '^BenchmarkRunContract' "$work/profile.log")"
	echo
	echo "    go test -run '^\$' -bench RunContract -benchtime 300x -cpuprofile cpu.out ./internal/gen/run"
	echo "    go tool pprof -top -cum cpu.out"
	echo
	top "$work/run.test" "$work/cpu-contract.out"
	stages
}

# stages prints where a cold contractgen process spends its time on the contract, stage by stage
# (CONTRACTGEN_TIMINGS), median of $contract_reps fresh processes.
stages() {
	local i
	for ((i = 0; i < contract_reps; i++)); do
		rm -rf "$work/out"
		CONTRACTGEN_TIMINGS=1 "$work/contractgen" generate -q --schema "$contract" --out "$work/out" 2>&1 >/dev/null
	done | awk '
		{ for (i = 2; i < NF; i += 3) { name = $i; v[name, ++n[name]] = $(i + 1); if (!(name in seen)) { seen[name] = 1; order[++k] = name } } }
		END {
			printf "Stages of one cold process on the contract, all targets (CONTRACTGEN_TIMINGS=1 contractgen generate, median of %d):", n[order[1]]
			for (j = 1; j <= k; j++) {
				name = order[j]; m = n[name]
				for (a = 1; a <= m; a++) w[a] = v[name, a] + 0
				for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (w[b] < w[a]) { t = w[a]; w[a] = w[b]; w[b] = t }
				printf "%s %s %.1f ms", (j > 1 ? "," : ""), name, w[int((m + 1) / 2)]
			}
			print "."
		}'
	echo
}

# kubernetes compares the tools on the corpus' large schema (draft-07, 600 definitions, 1 MB):
# the whole process, and the compile time of the package each one writes (go build of that
# package alone, its dependencies cached; a comment appended before each build makes the
# compiler run). BENCH_K8S_REPS runs per cell (default 5).
kubernetes() {
	local k8s=../shared/corpus/real-schemas/kubernetes-definitions.json n=${BENCH_K8S_REPS:-5} ct cm gt gm i m s e
	if [[ ! -f $k8s ]]; then
		echo "(kubernetes part skipped: $k8s is absent)"
		return
	fi
	read -r ct cm gt gm < <(pair "$n" "contractgen (kubernetes)" "$work/contractgen" generate -q --schema "$k8s" --out "$work/out" --targets go --package k8s \
		-- "go-jsonschema (kubernetes)" "$work/bin/go-jsonschema" -p k8s -o "$work/out/types.go" "$k8s")
	for m in cg gjs; do
		rm -rf "$work/k8s-$m" && mkdir -p "$work/k8s-$m/k8s"
		printf 'module k8s%s\n\ngo 1.24\n' "$m" >"$work/k8s-$m/go.mod"
	done
	"$work/contractgen" generate -q --schema "$k8s" --out "$work/k8s-cg" --go-dir k8s --targets go --package k8s
	"$work/bin/go-jsonschema" -p k8s -o "$work/k8s-gjs/k8s/types.go" "$k8s" 2>/dev/null
	local -A build=()
	for ((i = 0; i < n; i++)); do
		for m in cg gjs; do
			echo "// run $i" >>"$(ls "$work/k8s-$m/k8s/"*.go | head -1)"
			s=$EPOCHREALTIME
			(cd "$work/k8s-$m" && GOFLAGS=-mod=mod go build ./k8s)
			e=$EPOCHREALTIME
			build[$m]+="$(awk -v a="$s" -v b="$e" 'BEGIN { printf "%.3f", b - a }') "
		done
	done
	# shellcheck disable=SC2086 # the lists are space-separated numbers
	local cb=$(median ${build[cg]}) gb=$(median ${build[gjs]})
	echo "## kubernetes-definitions.json (draft-07, 600 definitions; median of $n)"
	echo
	echo "| measure | contractgen | go-jsonschema v0.24.1 | contractgen / go-jsonschema |"
	echo "|---|---:|---:|---:|"
	echo "| whole process, s (contractgen: Go types and validators) | $ct | $gt | $(ratio "$ct" "$gt") |"
	echo "| whole process, peak MiB | $(mib "$cm") | $(mib "$gm") | $(ratio "$cm" "$gm") |"
	echo "| go build of the generated package, s | $cb | $gb | $(ratio "$cb" "$gb") |"
	echo
}

# top prints the generator's own entries of a CPU profile, heaviest first.
top() {
	go tool pprof -top -cum -nodecount=40 "$1" "$2" 2>/dev/null |
		grep -E 'flat%|contractgen|jennifer|go/format|go/printer|go/parser|text/template.\(\*Template\).Execute$|jsonschema|yaml|runtime.gcBgMarkWorker$|runtime.mallocgc$' |
		sed 's/^/    /'
	echo
}

machine
install_tools
for part in $parts; do
	case $part in
	gen) generator ;;
	code) code ;;
	profile) profile ;;
	k8s) kubernetes ;;
	*)
		echo "unknown part $part (want gen, code, profile or k8s)" >&2
		exit 2
		;;
	esac
done
echo "Load average at the end: $(load)."
