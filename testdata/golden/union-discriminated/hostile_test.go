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

// TestDeepInvalidTreeCostsNoMoreThanValid compares an invalid deep tree with a valid one of the
// same depth: the union's fallback (the variant's violations replaced by the union's, at every
// level) must cost a small constant factor more, never a factor that grows with depth (re-reading
// each level's value, as a fallback to raw JSON would, made it 100 times slower at depth 500). The
// valid tree is the baseline because decoding any deep recursive struct builds each level's
// locations as strings, which costs depth squared on its own (noticed, not the union's doing);
// an invalid level adds two such strings (its violation and the union's) to the decoder's one.
func TestDeepInvalidTreeCostsNoMoreThanValid(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	best := func(data []byte, valid bool) time.Duration {
		bestD := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			if _, err := Parse(data); (err == nil) != valid {
				t.Fatalf("Parse gave %v", err)
			}
			bestD = min(bestD, time.Since(start))
		}
		return bestD
	}
	const depth = 1000
	best(tree(100, `"weight":1,`), true) // warm up
	valid := best(tree(depth, `"weight":1,`), true)
	invalid := best(deepTree(depth), false)
	t.Logf("depth %d: valid %v, invalid %v", depth, valid, invalid)
	if ratio := float64(invalid) / float64(valid); ratio > 8 {
		t.Fatalf("an invalid tree of depth %d costs %.1fx a valid one", depth, ratio)
	}
}
