package golden

import (
	"strings"
	"testing"
	"time"
)

// A union nested in its own variant, invalid at every level and with a repeated member name at
// every level, must cost Parse time linear in the size of its input and report: each level is
// decoded once and validated once, and the report is what validating the untyped union gives (at
// every level, the selected variant's violations under the union's own, and every repeated name).

func deepTree(depth int) []byte { return tree(depth, `"weight":"heavy","weight":1,`) }

func tree(depth int, extra string) []byte {
	var b strings.Builder
	b.WriteString(`{"pet":{"kind":"cat","lives":1},"tree":`)
	for range depth {
		b.WriteString(`{"kind":"branch",` + extra + `"child":`)
	}
	b.WriteString(`{"kind":"leaf"}`)
	b.WriteString(strings.Repeat("}", depth))
	b.WriteString("}")
	return []byte(b.String())
}

func TestDeepInvalidTreeReport(t *testing.T) {
	_, err := Parse(deepTree(3))
	wantViolations(t, err,
		`/tree: member name "weight" occurs more than once ()`,
		"/tree: matches none of the oneOf schemas (/properties/tree/$ref/oneOf)",
		`/tree/child: member name "weight" occurs more than once ()`,
		"/tree/child: matches none of the oneOf schemas (/properties/tree/$ref/oneOf/1/$ref/properties/child/$ref/oneOf)",
		`/tree/child/child: member name "weight" occurs more than once ()`,
		"/tree/child/child: matches none of the oneOf schemas (/properties/tree/$ref/oneOf/1/$ref/properties/child/$ref/oneOf/1/$ref/properties/child/$ref/oneOf)",
		"/tree/child/child/weight: expected integer, got string (/properties/tree/$ref/oneOf/1/$ref/properties/child/$ref/oneOf/1/$ref/properties/child/$ref/oneOf/1/$ref/properties/weight/type)",
		"/tree/child/weight: expected integer, got string (/properties/tree/$ref/oneOf/1/$ref/properties/child/$ref/oneOf/1/$ref/properties/weight/type)",
		"/tree/weight: expected integer, got string (/properties/tree/$ref/oneOf/1/$ref/properties/weight/type)")
}

// TestDeepInvalidTreeCostsLinearTime parses invalid deep trees of two depths, one four times the
// other, and holds Parse's time to what it must read and write: every level repeats a member name,
// so the report names every level with a location as long as its depth, and its size grows with
// the square of the depth. Time per byte of input and report must stay about the same at both
// depths: the union's fallback (a failing variant kept as JSON and validated as the untyped
// union) must not re-read each level's value or re-render each level's location on top of that.
// Two sizes of the same input make the comparison a ratio of like with like, which a loaded
// machine skews far less than a ratio between different inputs.
func TestDeepInvalidTreeCostsLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	perByte := func(depth int) float64 {
		data := deepTree(depth)
		best := time.Duration(1 << 62)
		size := 0
		for range 5 {
			start := time.Now()
			_, err := Parse(data)
			best = min(best, time.Since(start))
			if err == nil {
				t.Fatal("Parse accepted an invalid tree")
			}
			size = len(data) + len(err.Error())
		}
		t.Logf("depth %d: %v for %d bytes of input and report", depth, best, size)
		return float64(best) / float64(size)
	}
	const depth = 500
	perByte(100) // warm up
	small, large := perByte(depth), perByte(4*depth)
	if ratio := large / small; ratio > 3 {
		t.Fatalf("at 4 times the depth, each byte of input and report costs %.1fx as much: not linear", ratio)
	}
}
