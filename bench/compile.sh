#!/usr/bin/env bash
# What the generated Go costs its users to build, contractgen beside go-jsonschema v0.24.1 for the
# same schemas (run by `make bench`; prints Markdown on stdout). For each schema: the generator's
# wall time, the generated Go's bytes and lines, and the rebuild of the generated package after a
# one-line change (a file of the package rewritten, the build cache warm otherwise): median wall
# time of `go build` and the compiler's peak RSS (the largest `compile` process, measured through
# -toolexec). A generator that fails on a schema is reported as such.
# Knobs: COMPILE_SCHEMAS (space-separated files; default the contract, the corpus' Kubernetes
# definitions and its largest SchemaStore schema), COMPILE_REPS (rebuilds per cell, default 5).
set -euo pipefail

cd "$(dirname "$0")/.."
repo=$PWD
corpus=../shared/corpus/real-schemas
schemas=${COMPILE_SCHEMAS:-"docs/contracts/schemas/agent-error.schema.json $corpus/kubernetes-definitions.json $corpus/jreleaser-1.23.0.json"}
reps=${COMPILE_REPS:-5}
gjs_version=v0.24.1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "–"; else printf "%.2f", a / b }'; }

if ! /usr/bin/time -f "%e" true 2>/dev/null; then
	echo "installing GNU time" >&2
	apt-get install -y time >/dev/null
fi
go build -o "$work/contractgen" ./cmd/contractgen
GOBIN="$work/bin" go install "github.com/atombender/go-jsonschema@$gjs_version"

# The toolexec wrapper records the peak RSS (KiB) of every compile it runs.
cat >"$work/rss.sh" <<'EOF'
#!/usr/bin/env bash
case "$(basename "$1")" in
compile) exec /usr/bin/time -a -o "$RSS_LOG" -f "%M" "$@" ;;
*) exec "$@" ;;
esac
EOF
chmod +x "$work/rss.sh"

# module DIR writes a module that builds the package in DIR/gen with this checkout's runtime, and
# go-jsonschema's dependency at the version bench/peers pins.
mapstructure=$(awk '$1 == "github.com/go-viper/mapstructure/v2" {print $2; exit}' bench/peers/go.mod)
module() {
	mkdir -p "$1/gen"
	printf 'module bench\n\ngo 1.24\n\nrequire (\n\tgithub.com/contractgen/contractgen/cgruntime v0.1.0\n\tgithub.com/go-viper/mapstructure/v2 %s\n)\n\nreplace github.com/contractgen/contractgen/cgruntime => %s/cgruntime\n' "$mapstructure" "$repo" >"$1/go.mod"
	grep 'go-viper/mapstructure' bench/peers/go.sum >"$1/go.sum"
}

# rebuild DIR prints the median wall time (s) and the peak compile RSS (MiB) of rebuilding DIR/gen
# after a one-line change.
rebuild() {
	local dir=$1 times=() rss=() i t
	(cd "$dir" && GOWORK=off go build ./gen) # warm: the runtime and the standard library
	for i in $(seq "$reps"); do
		printf 'package %s\n\nconst benchEdit = %d\n' "$2" "$i$RANDOM" >"$dir/gen/zz_edit.go"
		: >"$work/rss.log"
		(cd "$dir" && RSS_LOG="$work/rss.log" GOWORK=off /usr/bin/time -o "$work/build.time" -f "%e" go build -toolexec "$work/rss.sh" ./gen)
		times+=("$(tail -1 "$work/build.time")")
		rss+=("$(sort -g "$work/rss.log" | tail -1)")
	done
	echo "$(median "${times[@]}") $(awk -v k="$(median "${rss[@]}")" 'BEGIN { printf "%.0f", k / 1024 }')"
}

echo "## Generated Go: size and rebuild cost beside go-jsonschema $gjs_version"
echo
echo "- $(go version), nproc $(nproc), load average at start: $(cut -d' ' -f1-3 /proc/loadavg); COMPILE_REPS=$reps"
echo
echo "| schema | generator | generate s | Go bytes | Go lines | rebuild s | peak compile MiB |"
echo "|---|---|---:|---:|---:|---:|---:|"
for schema in $schemas; do
	name=$(basename "$schema")
	declare -A row=()
	for gen in contractgen go-jsonschema; do
		dir="$work/$gen-${name%.json}"
		module "$dir"
		if [ "$gen" = contractgen ]; then
			cmd=("$work/contractgen" generate -q --schema "$schema" --out "$dir" --go-dir gen --targets go --package gen)
		else
			cmd=("$work/bin/go-jsonschema" -p gen -o "$dir/gen/types.go" "$schema")
		fi
		if ! /usr/bin/time -o "$work/gen.time" -f "%e" "${cmd[@]}" >/dev/null 2>"$work/gen.err" || ! ls "$dir"/gen/*.go >/dev/null 2>&1; then
			echo "| $name | $gen | fails: $(head -c 120 "$work/gen.err" | tr '\n|' '  ') | | | | |"
			continue
		fi
		gt=$(tail -1 "$work/gen.time")
		bytes=$(cat "$dir"/gen/*.go | wc -c)
		lines=$(cat "$dir"/gen/*.go | wc -l)
		if ! read -r rt rm < <(rebuild "$dir" gen); then
			echo "| $name | $gen | $gt | $bytes | $lines | does not build | |"
			continue
		fi
		row[$gen]="$gt $bytes $rt $rm"
		echo "| $name | $gen | $gt | $bytes | $lines | $rt | $rm |"
	done
	if [ -n "${row[contractgen]:-}" ] && [ -n "${row[go-jsonschema]:-}" ]; then
		read -r cgt cb crt crm <<<"${row[contractgen]}"
		read -r ggt gb grt grm <<<"${row[go-jsonschema]}"
		echo "| $name | **ratio** | $(ratio "$cgt" "$ggt") | $(ratio "$cb" "$gb") | | $(ratio "$crt" "$grt") | $(ratio "$crm" "$grm") |"
	fi
	unset row
done
