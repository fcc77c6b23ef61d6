package cgruntime

import "testing"

func TestUnionTag(t *testing.T) {
	for raw, want := range map[string]string{
		`{"kind":"cat","x":1}`:             "cat",
		`{"x":{"kind":"no"},"kind":"dog"}`: "dog",
		`{"kind":"\u0063at"}`:              "cat",
		`{"kind":1}`:                       "",
		`{"other":"cat"}`:                  "",
		`"cat"`:                            "",
	} {
		got, ok := unionTag(&Decoder{}, []byte(raw), "kind")
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
		if got := unionPick(&Decoder{}, []byte(raw), sets); got != want {
			t.Errorf("cgUnionPick(%s) = %d, want %d", raw, got, want)
		}
	}
}
