package cgruntime

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// sanUpdateOutputs rewrites testdata/sanitize_outputs.txt from the current
// sanitizer. Run it only when a change of output is intended.
var sanUpdateOutputs = flag.Bool("update-sanitize-outputs", false, "rewrite testdata/sanitize_outputs.txt")

// sanOutputsFile holds, for every input of sanOutputInputs in order, the
// first four bytes of the SHA-256 of its sanitized text, in hex.
const sanOutputsFile = "testdata/sanitize_outputs.txt"

// sanOutputInput is one text and the limit it is sanitized with.
type sanOutputInput struct {
	name  string
	text  string
	limit int
}

// sanDisguise rewrites s the ways hostile text hides a secret or an
// injection from a plain pattern: look-alike letters, percent and JSON
// escapes, combining marks and zero-width characters, chosen at random
// per byte, so that the folded view differs from the text in many places.
func sanDisguise(rng *rand.Rand, s string) string {
	look := map[byte]string{'a': "а", 'e': "е", 'o': "о", 'p': "р", 'c': "с", 's': "ѕ", 'i': "і", 'k': "к",
		'A': "Α", 'E': "Ε", 'K': "Κ", 'T': "Τ", '-': "\u2013", ':': "\u2236", '"': "\u201C", '<': "\u2039",
		'=': "\uFE66", '/': "\u2215", '_': "\uFE4D", '.': "\u2024", ' ': "\u00a0"}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch r := rng.IntN(24); {
		case r == 0 && look[c] != "":
			b.WriteString(look[c])
		case r == 1 && c < 0x80 && c > 0x20:
			fmt.Fprintf(&b, "%%%02X", c)
		case r == 2 && c < 0x80 && c > 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		case r == 3:
			b.WriteByte(c)
			b.WriteString("\u0301") // combining acute: gone after a letter
		case r == 4:
			b.WriteString("\u200b")
			b.WriteByte(c)
		case r == 5 && c == ' ':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// sanOutputInputs returns the inputs whose outputs the golden file pins:
// the benign corpus, every canary and secret shape in every context, the
// benchmark texts, seeded mixes of interacting pieces, and disguised
// copies of the canaries and mixes, at several limits.
func sanOutputInputs(t testing.TB) []sanOutputInput {
	var in []sanOutputInput
	add := func(name, text string, limit int) { in = append(in, sanOutputInput{name, text, limit}) }
	for i, s := range sanBenignCorpus(t) {
		add(fmt.Sprintf("benign/%d", i), s, 0)
	}
	corpora := append(sanLoadCanaries(t), sanLoadCorpus(t, "testdata/secrets.tsv", 300)...)
	for _, c := range corpora {
		for _, x := range sanContexts {
			if x.applies(c) {
				s, _ := x.build(t, c)
				add(c.id+"/"+x.name, s, 0)
			}
		}
	}
	add("bench/unit", sanBenchText(1<<10), 0)
	add("bench/window", sanBenchText(sanitizeWindowSize(SanitizeDefaultLimit)+1), 0)
	add("bench/realistic", sanRealistic(16<<10), 16<<10)
	for _, name := range slices.Sorted(maps.Keys(sanHostileUnits)) {
		unit := sanHostileUnits[name]
		add("hostile/"+name, strings.Repeat(unit, 4<<10/len(unit)+1)[:4<<10], 4<<10)
	}
	rng := rand.New(rand.NewPCG(23, 30))
	limits := []int{0, 5, 14, 40, 60, 200}
	for i := range 4000 {
		var b strings.Builder
		for range 1 + rng.IntN(20) {
			b.WriteString(sanMixPieces[rng.IntN(len(sanMixPieces))])
		}
		add(fmt.Sprintf("mix/%d", i), b.String(), limits[rng.IntN(len(limits))])
		add(fmt.Sprintf("mix-disguised/%d", i), sanDisguise(rng, b.String()), 0)
	}
	for _, c := range corpora {
		add(c.id+"/disguised", sanDisguise(rng, "upstream said "+c.text+" is not valid"), 0)
		add(c.id+"/doubled", c.text+" and "+c.text+"\n"+c.text, 0)
	}
	return in
}

// sanOutputHash is what the golden file keeps of an output.
func sanOutputHash(out string) string {
	h := sha256.Sum256([]byte(out))
	return fmt.Sprintf("%x", h[:4])
}

// TestSanitizeOutputsUnchanged pins the output for every input of
// sanOutputInputs, so a change made for speed cannot change what the
// sanitizer writes for any of them.
func TestSanitizeOutputsUnchanged(t *testing.T) {
	inputs := sanOutputInputs(t)
	if *sanUpdateOutputs {
		var b strings.Builder
		b.WriteString("# SHA-256 (first 4 bytes) of SanitizeTextLimit's output for each input of sanOutputInputs, in order;\n")
		b.WriteString("# written by `go test ./cgruntime -run TestSanitizeOutputsUnchanged -update-sanitize-outputs`\n")
		for _, x := range inputs {
			b.WriteString(sanOutputHash(SanitizeTextLimit(x.text, x.limit)) + "\n")
		}
		if err := os.WriteFile(sanOutputsFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(sanOutputsFile)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if len(want) != len(inputs) {
		t.Fatalf("%s has %d outputs for %d inputs; the inputs changed, rewrite it with -update-sanitize-outputs at a commit whose output is right",
			sanOutputsFile, len(want), len(inputs))
	}
	failed := 0
	for i, x := range inputs {
		out := SanitizeTextLimit(x.text, x.limit)
		if got := sanOutputHash(out); got != want[i] {
			if failed++; failed <= 20 {
				t.Errorf("%s (limit %d): output changed\n in:  %q\n out: %q", x.name, x.limit, x.text, out)
			}
		}
	}
	t.Logf("%d inputs, %d outputs changed", len(inputs), failed)
}

// TestSanitizeReplaceSplicesTheView checks the claim sanitizeApply rests
// on: the view sanitizeReplace splices equals the fold of the text it
// writes, for random spans of disguised text replaced by either marker.
func TestSanitizeReplaceSplicesTheView(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 31))
	for i := range 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(20) {
			b.WriteString(sanMixPieces[rng.IntN(len(sanMixPieces))])
		}
		text := sanitizeNormalize(sanDisguise(rng, b.String()))
		v := sanitizeFold(text)
		var matches [][]int
		for at := 0; at < len(v.text); {
			vs := at + rng.IntN(len(v.text)-at+1)
			ve := vs + rng.IntN(len(v.text)-vs+1)
			if !utf8.RuneStart(sanByteAt(v.text, vs)) || !utf8.RuneStart(sanByteAt(v.text, ve)) {
				break
			}
			matches = append(matches, []int{vs, ve, vs, ve})
			at = ve + 1
		}
		rule := sanitizeRule{keep: sanitizeKeepNothing, with: []string{RedactedMarker, sanitizeInjectionPlaceholder}[i%2]}
		out, got, wrote := sanitizeReplace(text, &v, matches, rule)
		if wrote == nil {
			continue
		}
		want := sanitizeFold(out)
		if got.text != want.text || got.lowered() != want.lowered() {
			t.Fatalf("spliced view differs from the fold\n text: %q\n out:  %q\n got:  %q\n want: %q", text, out, got.text, want.text)
		}
		for k := 0; k <= len(want.text); k++ {
			if got.source(k) != want.source(k) {
				t.Fatalf("view offset %d maps to %d, the fold maps it to %d\n out: %q", k, got.source(k), want.source(k), out)
			}
		}
		for _, at := range wrote {
			if !strings.HasPrefix(got.text[at:], rule.with) {
				t.Fatalf("no %q at reported offset %d of %q", rule.with, at, got.text)
			}
		}
	}
}

// sanByteAt is s[i], or 0 at the end of s.
func sanByteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// TestSanitizeLiteralsTouchingAMarker checks the literals sanitizeApply
// marks as seen after writing a marker instead of scanning around it:
// every literal that occurs across or inside a marker, with any literal's
// head before it and any literal's tail after it, must be among them.
func TestSanitizeLiteralsTouchingAMarker(t *testing.T) {
	sanitizeAllRules()
	x := sanitizeLiterals.Load()
	for _, with := range []string{RedactedMarker, sanitizeInjectionPlaceholder} {
		touching, ok := x.touching(with)
		if !ok {
			t.Fatalf("no literal list for %q", with)
		}
		allowed := map[uint16]bool{}
		for _, k := range touching {
			allowed[k] = true
		}
		m := sanitizeLowerASCII(with)
		for _, before := range x.lits {
			for _, after := range x.lits {
				for i := range len(before) + 1 {
					text := before[i:] + m + after[:len(after)-i%(len(after)+1)]
					at := len(before) - i
					for k, lit := range x.lits {
						for from := max(0, at-len(lit)+1); from < at+len(m) && from+len(lit) <= len(text); from++ {
							if text[from:from+len(lit)] == lit && !allowed[x.keys[k]] {
								t.Fatalf("%q in %q overlaps %q but is not listed", lit, text, with)
							}
						}
					}
				}
			}
		}
	}
}
