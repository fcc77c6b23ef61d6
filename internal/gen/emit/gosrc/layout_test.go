package gosrc_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
)

// TestPairLinesIsGofmt lays out random composite literals, with keys short and long (gofmt breaks
// the alignment of long keys by their length ratio), non-ASCII keys and lines of one or several
// pairs, and checks each against go/format.
func TestPairLinesIsGofmt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	key := func() string {
		var n int
		switch rng.IntN(4) {
		case 0:
			n = 1 + rng.IntN(8)
		case 1:
			n = 30 + rng.IntN(20)
		default:
			n = 1 + rng.IntN(100)
		}
		k := "K" + strings.Repeat("x", n)
		if rng.IntN(8) == 0 {
			k += "é"
		}
		return k
	}
	for i := range 2000 {
		var lines [][]gosrc.Pair
		for range 1 + rng.IntN(8) {
			var line []gosrc.Pair
			for range 1 + rng.IntN(3)*rng.IntN(2) {
				line = append(line, gosrc.Pair{Key: key(), Value: fmt.Sprint(rng.IntN(1000))})
			}
			lines = append(lines, line)
		}
		indent := 1 + rng.IntN(2)
		src := "package p\n\nvar v = T{\n" + strings.Join(gosrc.PairLines(1, lines), "\n") + "\n}\n"
		if indent == 2 {
			src = "package p\n\nfunc f() {\n\tv := T{\n" + strings.Join(gosrc.PairLines(2, lines), "\n") + "\n\t}\n\t_ = v\n}\n"
		}
		if err := gosrc.FormatError(fmt.Sprintf("case%d.go", i), []byte(src)); err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
	}
}

// TestDocCommentIsGofmt checks the doc comments gofmt rewrites (blank lines, headings, lists,
// code, link definitions) and the plain paragraphs it leaves alone.
func TestDocCommentIsGofmt(t *testing.T) {
	for i, lines := range [][]string{
		{"F does things."},
		{"F does things over", "two lines - with a dash", "1. and a number."},
		{"F does things.", "", "Second paragraph."},
		{"F does things.", "", "", "", "After three blank lines."},
		{"F does things.", "", "Old Heading", "", "Text."},
		{"F does things.", "", "# Heading", "", "Text."},
		{"# Heading alone"},
		{"[Go]: https://go.dev"},
		{"F see [Go].", "", "[Go]: https://go.dev"},
		{"F does things:", "", " - one", " - two"},
		{"F does things:", "", "  code()", "", "after"},
		{"F does things:", "- one", "  - two"},
	} {
		src := strings.Join(gosrc.DocComment(lines), "\n") + "\nfunc F() {}\n"
		if err := gosrc.FormatError(fmt.Sprintf("case%d.go", i), []byte("package p\n\n"+src)); err != nil {
			t.Errorf("%v\n%s", err, src)
		}
	}
}

// TestElementLinesIsGofmt lays out random keyed literals whose values are single-line or nested
// multi-line literals, with keys short and long, and checks each against go/format.
func TestElementLinesIsGofmt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	key := func() string {
		switch rng.IntN(3) {
		case 0:
			return "K" + strings.Repeat("x", rng.IntN(8))
		case 1:
			return "K" + strings.Repeat("x", 30+rng.IntN(30))
		}
		return "K" + strings.Repeat("x", rng.IntN(100))
	}
	var literal func(depth int) []string
	literal = func(depth int) []string {
		var elems []gosrc.Element
		for range 1 + rng.IntN(6) {
			value := []string{fmt.Sprint(rng.IntN(1000))}
			if depth < 2 && rng.IntN(4) == 0 {
				value = literal(depth + 1)
			}
			elems = append(elems, gosrc.Element{Key: key(), Value: value})
		}
		return append(append([]string{"T{"}, gosrc.Indent(gosrc.ElementLines(elems))...), "}")
	}
	for i := range 1000 {
		src := "package p\n\nvar v = " + strings.Join(literal(0), "\n") + "\n"
		if err := gosrc.FormatError(fmt.Sprintf("case%d.go", i), []byte(src)); err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
	}
}
