#!/usr/bin/env bash
# Parse of a realistic Kubernetes object against the encoding/json floor (issue 24's target): a
# Deployment with a pod template (bench/testdata/deployment.json) through the package contractgen
# generates from the corpus' kubernetes-definitions.json, beside encoding/json into plain structs
# that go-jsonschema v0.24.1 generates from the same schema with --only-models (types only, no
# checks: the floor). Prints the benchmark lines and the ratios on stdout.
# Knobs: DEPLOYMENT_COUNT (benchmark -count, default 6).
set -euo pipefail

cd "$(dirname "$0")/.."
repo=$PWD
schema=../shared/corpus/real-schemas/kubernetes-definitions.json
count=${DEPLOYMENT_COUNT:-6}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/contractgen" ./cmd/contractgen
GOBIN="$work/bin" go install github.com/atombender/go-jsonschema@v0.24.1

mkdir -p "$work/mod/plain"
printf 'module bench\n\ngo 1.24\n\nrequire github.com/contractgen/contractgen/cgruntime v0.1.0\n\nreplace github.com/contractgen/contractgen/cgruntime => %s/cgruntime\n' "$repo" >"$work/mod/go.mod"
"$work/contractgen" generate -q --schema "$schema" --out "$work/mod" --go-dir gen --targets go --package gen
"$work/bin/go-jsonschema" --only-models -p plain -o "$work/mod/plain/types.go" "$schema" 2>/dev/null
# go-jsonschema declares the Kubernetes time types as `type X time.Time`, which drops time.Time's
# JSON methods, so encoding/json could not read a timestamp into them; as aliases they read as
# time.Time does.
sed -i 's/^type \([A-Za-z0-9_]*\) time\.Time$/type \1 = time.Time/' "$work/mod/plain/types.go"
cp bench/testdata/deployment.json "$work/mod/deployment.json"

# The generated package's own description (cgPackage) is unexported, so the benchmark of its
# Deployment type sits inside the package; it finds the type by its Go type, not by a number.
cat >"$work/mod/gen/deployment_bench_test.go" <<'EOF'
package gen

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
)

func deploymentType(b *testing.B) int {
	for i, g := range cgPackage.GoTypes {
		if _, ok := g.(*IoK8sAPIAppsV1Deployment); ok {
			return i
		}
	}
	b.Fatal("no Deployment type")
	return -1
}

func BenchmarkDeployment(b *testing.B) {
	data, err := os.ReadFile("../deployment.json")
	if err != nil {
		b.Fatal(err)
	}
	t := deploymentType(b)
	b.Run("Parse", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := cgruntime.ParseAs[IoK8sAPIAppsV1Deployment](cgPackage, t, data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Unmarshal", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			var d IoK8sAPIAppsV1Deployment
			if err := json.Unmarshal(data, &d); err != nil {
				b.Fatal(err)
			}
		}
	})
	// What the first decode or validation in a process pays: reading the package's table and type
	// descriptions, and building the plan of every type.
	b.Run("FirstUse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			// A fresh copy of the package's description, so that nothing read at first use is kept.
			s := &cgruntime.Schema{Text: cgPackage.Text, ECMA: cgPackage.ECMA, TypeText: cgPackage.TypeText, GoTypes: cgPackage.GoTypes}
			_ = s.Validate(&IoK8sAPIAppsV1Deployment{}, t)
		}
	})
	var d IoK8sAPIAppsV1Deployment
	if err := json.Unmarshal(data, &d); err != nil {
		b.Fatal(err)
	}
	b.Run("Validate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := d.Validate(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
EOF
cat >"$work/mod/plain/deployment_bench_test.go" <<'EOF'
package plain

import (
	"encoding/json"
	"os"
	"testing"
)

func BenchmarkDeployment(b *testing.B) {
	data, err := os.ReadFile("../deployment.json")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Floor", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			var d IoK8SApiAppsV1Deployment
			if err := json.Unmarshal(data, &d); err != nil {
				b.Fatal(err)
			}
		}
	})
}
EOF
cd "$work/mod"
export GOWORK=off GOFLAGS=-mod=mod
echo "## Kubernetes Deployment: Parse against the encoding/json floor"
echo
echo "- $(go version), nproc $(nproc), load average at start: $(cut -d' ' -f1-3 /proc/loadavg); -count $count"
echo
# Interleaved, so that the machine's load falls on both sides alike.
for i in $(seq "$count"); do
	go test ./gen -run '^$' -bench Deployment -count 1 | grep '^Benchmark'
	go test ./plain -run '^$' -bench Deployment -count 1 | grep '^Benchmark'
done | tee "$work/bench.txt"
echo
med() { grep "$1" "$work/bench.txt" | awk '{print $3}' | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
parse=$(med 'Deployment/Parse') floor=$(med 'Deployment/Floor') unmarshal=$(med 'Deployment/Unmarshal')
awk -v p="$parse" -v f="$floor" -v u="$unmarshal" 'BEGIN {
	printf "median ns/op: Parse %d, Unmarshal %d, encoding/json floor %d; Parse / floor = %.2f, Unmarshal / floor = %.2f\n", p, u, f, p / f, u / f
}'
