package golden

import (
	"encoding/json"
	"testing"
)

// Setting's variants are told apart by the value's JSON type.

func TestSettingByJSONType(t *testing.T) {
	in := `{"settings":{"a":"word","b":["x","y"],"c":12345678901234567890123,"d":{"ref":"r","keep":[1.50]},"e":true}}`
	var c Config
	if err := json.Unmarshal([]byte(in), &c); err != nil {
		t.Fatal(err)
	}
	if s, ok := c.Settings["a"].AsString(); !ok || s != "word" {
		t.Errorf("a: %+v", c.Settings["a"])
	}
	if l, ok := c.Settings["b"].AsArray(); !ok || len(l) != 2 {
		t.Errorf("b: %+v", c.Settings["b"])
	}
	// Numbers are kept exactly, past int64.
	if n, ok := c.Settings["c"].AsInteger(); !ok || n != "12345678901234567890123" {
		t.Errorf("c: %+v", c.Settings["c"])
	}
	if o, ok := c.Settings["d"].AsObject(); !ok || o.Ref != "r" || string(o.Extra["keep"]) != "[1.50]" {
		t.Errorf("d: %+v", c.Settings["d"])
	}
	// A boolean is no variant's: kept, and reported by Parse.
	if string(c.Settings["e"].Unknown) != "true" {
		t.Errorf("e: %+v", c.Settings["e"])
	}
	out, err := json.Marshal(c)
	if err != nil || string(out) != `{"settings":{"a":"word","b":["x","y"],"c":12345678901234567890123,"d":{"ref":"r","keep":[1.50]},"e":true}}` {
		t.Fatalf("re-encoded %s, %v", out, err)
	}
	if _, err := Parse([]byte(in)); err == nil {
		t.Fatal("a boolean setting passed Parse")
	}
	if _, err := Parse([]byte(`{"settings":{"b":[""]}}`)); err == nil {
		t.Fatal("a list with an empty word passed Parse")
	}
	if _, err := Parse([]byte(`{"settings":{"a":"","b":[1]}}`)); err == nil {
		t.Fatal("an empty word and a list of numbers passed Parse")
	}
	if _, err := Parse([]byte(`{"settings":{"a":"w","c":1.0,"d":{"ref":"x"}}}`)); err != nil {
		t.Fatal(err)
	}
}

func TestSettingConstructors(t *testing.T) {
	for _, s := range []Setting{NewSettingString("w"), NewSettingArray([]string{"a"}), NewSettingInteger("7"), NewSettingObject(SettingObject{Ref: "r"})} {
		if err := s.Validate(); err != nil {
			t.Errorf("%+v: %v", s, err)
		}
		n := 0
		_ = s.Switch(
			func(string) error { n++; return nil },
			func([]string) error { n++; return nil },
			func(json.Number) error { n++; return nil },
			func(SettingObject) error { n++; return nil },
			func(json.RawMessage) error { return nil },
		)
		if n != 1 {
			t.Errorf("%+v: Switch called %d functions", s, n)
		}
	}
	if err := NewSettingString("").Validate(); err == nil {
		t.Fatal("an empty word validated")
	}
}

// TestLabelsNullOrMap: a oneOf of null and a map is OpenAPI 3.1's nullable, a Nullable map.
func TestLabelsNullOrMap(t *testing.T) {
	var c Config
	if err := json.Unmarshal([]byte(`{"labels":null}`), &c); err != nil {
		t.Fatal(err)
	}
	if c.Labels == nil || !c.Labels.Null {
		t.Fatalf("null labels decoded as %+v", c.Labels)
	}
	if err := json.Unmarshal([]byte(`{"labels":{"team":"core"}}`), &c); err != nil {
		t.Fatal(err)
	}
	if c.Labels.Null || c.Labels.Value["team"] != "core" {
		t.Fatalf("labels decoded as %+v", c.Labels)
	}
	for in, valid := range map[string]bool{
		`{"labels":null}`:                     true,
		`{"labels":{"team":"core"}}`:          true,
		`{"labels":{"team":"much-too-long"}}`: false,
		`{"labels":{"team":1}}`:               false,
		`{"labels":"core"}`:                   false,
	} {
		if _, err := Parse([]byte(in)); (err == nil) != valid {
			t.Errorf("Parse(%s): %v", in, err)
		}
	}
	out, err := json.Marshal(Config{Labels: &Nullable[map[string]string]{Null: true}})
	if err != nil || string(out) != `{"labels":null}` {
		t.Fatalf("encoded %s, %v", out, err)
	}
}
