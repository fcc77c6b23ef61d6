package golden

import (
	"errors"
	"testing"
)

// TestTypelessEnums checks enums without "type": integers become int64, numbers json.Number,
// booleans bool, strings with null a Nullable string; mixed values stay raw.
func TestTypelessEnums(t *testing.T) {
	s, err := Parse([]byte(`{"level": 2.0, "scale": 0.5, "enabled": true, "mode": null, "value": "one", "priority": 20}`))
	if err != nil {
		t.Fatal(err)
	}
	if *s.Level != 2 || *s.Scale != "0.5" || !*s.Enabled || !s.Mode.Null || string(s.Value) != `"one"` || *s.Priority != 20 {
		t.Fatalf("decoded %+v", s)
	}
	var ve *ValidationError
	for _, bad := range []string{`{"level": 4}`, `{"scale": 3}`, `{"enabled": false}`, `{"mode": "slow"}`, `{"value": 2}`, `{"priority": 15}`, `{"level": "1"}`} {
		if _, err := Parse([]byte(bad)); !errors.As(err, &ve) {
			t.Errorf("%s: Parse = %v, want a violation", bad, err)
		}
	}
	p := Priority(30)
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if err := Priority(31).Validate(); err == nil {
		t.Fatal("31 is not a priority")
	}
}
