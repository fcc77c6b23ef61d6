package golden

import (
	"strings"
	"testing"
	"time"
)

// A union nested in its own variant, invalid at every level and with a repeated member name at
// every level, must cost Parse time linear in its size: each level is decoded once, and the
// report is what validating the untyped union gives (one violation at the outermost union, and
// every repeated name).

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
		`/tree/child/child: member name "weight" occurs more than once ()`)
}

// TestDeepInvalidTreeCostsLinearTime parses invalid deep trees of two depths, one four times the
// other: the union's fallback (the variant's violations replaced by the union's, at every level)
// must keep Parse linear in the document's size, so the deeper tree costs about four times as much,
// never the sixteen times that re-reading each level's value (a fallback to raw JSON) or building
// each level's locations as strings would cost. Two sizes of the same input make the comparison a
// ratio of like with like, which a loaded machine does not skew the way a ratio between different
// inputs is skewed.
func TestDeepInvalidTreeCostsLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	best := func(data []byte) time.Duration {
		bestD := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			if _, err := Parse(data); err == nil {
				t.Fatal("Parse accepted an invalid tree")
			}
			bestD = min(bestD, time.Since(start))
		}
		return bestD
	}
	const depth = 500
	best(deepTree(100)) // warm up
	small := best(deepTree(depth))
	large := best(deepTree(4 * depth))
	t.Logf("depth %d: %v, depth %d: %v", depth, small, 4*depth, large)
	if ratio := float64(large) / float64(small); ratio > 10 {
		t.Fatalf("an invalid tree 4 times as deep costs %.1fx as much: not linear", ratio)
	}
}
