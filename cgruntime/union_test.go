package cgruntime

import (
	"strings"
	"testing"
)

func TestUnionTag(t *testing.T) {
	for raw, want := range map[string]string{
		`{"kind":"cat","x":1}`:             "cat",
		`{"x":{"kind":"no"},"kind":"dog"}`: "dog",
		`{"kind":"\u0063at"}`:              "cat",
		`{"kind":1}`:                       "",
		`{"other":"cat"}`:                  "",
		`"cat"`:                            "",
	} {
		got, ok := UnionTag(&Decoder{}, []byte(raw), "kind")
		if got != want || ok != (want != "") {
			t.Errorf("cgUnionTag(%s) = %q, %v; want %q", raw, got, ok, want)
		}
	}
}

func TestUnionPick(t *testing.T) {
	sets := [][]string{{"a"}, {"b", "c"}}
	for raw, want := range map[string]int{
		`{"a":1}`:             0,
		`{"b":1,"c":2,"z":3}`: 1,
		`{"b":1}`:             -1, // incomplete
		`{"a":1,"b":1,"c":1}`: -1, // two complete
		`[1]`:                 -1,
	} {
		if got := UnionPick(&Decoder{}, []byte(raw), sets); got != want {
			t.Errorf("cgUnionPick(%s) = %d, want %d", raw, got, want)
		}
	}
}

// A rejected variant leaves, strictly, only the repeated names it found and no value (the caller
// keeps the JSON for validation to judge as the untyped union); tolerantly, its error.
func TestUnionTry(t *testing.T) {
	dec := func(d *Decoder, raw []byte, at, kw string) (string, error) {
		d.duplicate(at+"/inner", "x")
		return DecString(d, raw, at, kw)
	}
	d := &Decoder{strict: true, violations: []Violation{{"/before", "/k", "kept"}}}
	x, err := UnionTry(d, []byte(`1`), "/at", "/kw", dec)
	if x != nil || err != nil {
		t.Fatalf("got %v, %v", x, err)
	}
	var got []string
	for _, v := range d.violations {
		got = append(got, v.String())
	}
	want := []string{"/before: kept (/k)", `/at/inner: member name "x" occurs more than once ()`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || len(d.covered) != 0 {
		t.Fatalf("violations %q, covered %q", got, d.covered)
	}
	if _, err := UnionTry(&Decoder{}, []byte(`1`), "/at", "/kw", dec); err == nil {
		t.Fatal("a tolerant decode hid the variant's error")
	}
	x, err = UnionTry(&Decoder{strict: true}, []byte(`"s"`), "", "", DecString)
	if err != nil || x == nil || *x != "s" {
		t.Fatalf("a valid variant: %v, %v", x, err)
	}
}
