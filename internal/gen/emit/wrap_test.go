package emit_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// wrapByConcatenation is the straightforward wrapping Wrap must agree with: a word is added to
// the line unless the line would then exceed width characters.
func wrapByConcatenation(text string, width int) []string {
	var lines []string
	for i, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if i > 0 {
			lines = append(lines, "")
		}
		line := ""
		for _, word := range strings.Fields(para) {
			if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width {
				lines = append(lines, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += word
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

func TestWrap(t *testing.T) {
	if got, want := emit.Wrap("aaa bbb ccc\n\nddd", 7), []string{"aaa bbb", "ccc", "", "ddd"}; !slices.Equal(got, want) {
		t.Errorf("Wrap = %q, want %q", got, want)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "word", "élan", "averyveryverylongword", " ", "  ", "\n", "\n\n", "\t", "\n\n\n"}
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text, width := b.String(), 1+rng.IntN(30)
		if got, want := emit.Wrap(text, width), wrapByConcatenation(text, width); !slices.Equal(got, want) {
			t.Fatalf("Wrap(%q, %d) = %q, want %q", text, width, got, want)
		}
	}
}
