package openapitest

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// The emitter's fixture, which uses every keyword the 3.0 conversion rewrites, and its golden
// fragments.
var (
	fixtureDir    = filepath.Join(repoRoot, "internal", "gen", "emit", "openapi", "testdata")
	fixtureSchema = filepath.Join(fixtureDir, "features.schema.json")
	fixture31     = filepath.Join(fixtureDir, "golden", "features", "features.openapi.json")
	fixture30     = filepath.Join(fixtureDir, "golden", "features", "features.openapi-3.0.json")
)

// sample is an instance of the fixture's root object. looser marks an invalid instance that only a
// keyword 3.0 cannot express rejects; the 3.0 fragment may accept it. open marks an instance that
// only an open enum's list rejects: the contract's decoders accept it, and so do both fragments,
// which give open enums no enum keyword (see conversion-losses.md).
type sample struct {
	json   string
	looser bool
	open   bool
}

var samples = []sample{
	{json: `{"version":2}`},
	{json: `{"version":2,"label":null,"either":"abc","either_or_null":null,"nothing":null}`},
	{json: `{"version":2,"label":"x","either":5,"either_or_null":12}`},
	{json: `{"version":2,"either_or_null":"a"}`},
	{json: `{"version":2,"ratio":1,"score":0.75}`},
	{json: `{"version":2,"ratio":0.01,"score":5}`},
	{json: `{"version":2,"tags":[1,"a",null]}`},
	{json: `{"version":2,"pair":["a",1]}`},
	{json: `{"version":2,"extras":{"x-a":"s","b":1}}`},
	{json: `{"version":2,"level":"low","plain_level":"other","restricted_level":"low"}`},
	{json: `{"version":2,"shade":"dark","anything":[1,{"a":null}]}`},
	{json: `{"version":2,"choice":"a@b.example"}`},
	{json: `{"version":2,"choice":"+123"}`},
	{json: `{"version":2,"conditional":{"kind":"a","value":1}}`},
	{json: `{"version":2,"conditional":{}}`},
	{json: `{"version":2,"negated":"text"}`},
	{json: `{"version":2,"negated":{"abcd":1}}`},
	{json: `{"version":2,"one":["a","b"]}`},
	{json: `{"version":2,"one":[1]}`},
	{json: `{"version":2,"never":[]}`},
	{json: `{"version":2,"loose":null}`},
	{json: `{"version":2,"loose":[]}`},
	// Invalid, and the 3.0 rewrites keep rejecting them.
	{json: `{}`},
	{json: `{"version":3}`},
	{json: `{"version":"2"}`},
	{json: `{"version":2,"label":""}`},
	{json: `{"version":2,"label":7}`},
	{json: `{"version":2,"either":true}`},
	{json: `{"version":2,"either":null}`},
	{json: `{"version":2,"either":"123456789"}`},
	{json: `{"version":2,"either_or_null":[]}`},
	{json: `{"version":2,"nothing":0}`},
	{json: `{"version":2,"ratio":0}`},
	{json: `{"version":2,"ratio":1.5}`},
	{json: `{"version":2,"score":0.5}`},
	{json: `{"version":2,"score":5.25}`},
	{json: `{"version":2,"score":0.6}`},
	{json: `{"version":2,"tags":[]}`},
	{json: `{"version":2,"tags":[1,1]}`},
	{json: `{"version":2,"tags":"a"}`},
	{json: `{"version":2,"restricted_level":"high"}`},
	{json: `{"version":2,"shade":"grey"}`},
	{json: `{"version":2,"choice":5}`},
	{json: `{"version":2,"choice":"123"}`},
	{json: `{"version":2,"never":[1]}`},
	{json: `{"version":2,"loose":""}`},
	{json: `{"version":2,"unknown":1}`},
	{json: `{"version":2,"extras":{}}`},
	{json: `{"version":2,"extras":{"a":1,"b":2,"c":3,"d":4,"e":5}}`},
	{json: `{"version":2,"anything":1,"conditional":[]}`},
	// Invalid only through a keyword 3.0 leaves out.
	{json: `{"version":2,"pair":[1,"a"]}`, looser: true},
	{json: `{"version":2,"pair":["a",1,2]}`, looser: true},
	{json: `{"version":2,"pair":[3]}`, looser: true},
	{json: `{"version":2,"extras":{"x-a":1}}`, looser: true},
	{json: `{"version":2,"extras":{"B":1}}`, looser: true},
	{json: `{"version":2,"conditional":{"kind":"a"}}`, looser: true},
	{json: `{"version":2,"conditional":{"value":1}}`, looser: true},
	{json: `{"version":2,"negated":{"ab":1}}`, looser: true},
	{json: `{"version":2,"one":["a"]}`, looser: true},
	// Invalid only through an open enum's list.
	{json: `{"version":2,"level":"mid"}`, open: true},
	{json: `{"version":2,"plain_level":"extreme"}`, open: true},
}

// TestConversionKeepsMeaning runs every sample through the reference validator on the fixture
// contract and through kin-openapi on both golden fragments: the 3.1 fragment must agree with the
// contract on every sample; the 3.0 fragment must accept everything the contract accepts and reject
// everything it rejects, except samples that only a left-out keyword rejects.
func TestConversionKeepsMeaning(t *testing.T) {
	contract := compileAt(t, "file:///features.schema.json", readFile(t, fixtureSchema), "file:///features.schema.json")
	schema31 := fixtureRoot(t, fixture31)
	schema30 := fixtureRoot(t, fixture30)
	valid, invalid := 0, 0
	for _, s := range samples {
		var v any
		if err := json.Unmarshal([]byte(s.json), &v); err != nil {
			t.Fatalf("%s: %v", s.json, err)
		}
		want := contract.Validate(instance(t, v)) == nil
		if want {
			valid++
		} else {
			invalid++
		}
		if (s.looser || s.open) && want {
			t.Errorf("%s: marked as invalid through a left-out keyword or an open enum, but the contract accepts it", s.json)
		}
		if s.open {
			if err := schema31.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
				t.Errorf("%s: the 3.1 fragment rejects a value outside an open enum: %v", s.json, err)
			}
			if err := schema30.VisitJSON(v); err != nil {
				t.Errorf("%s: the 3.0 fragment rejects a value outside an open enum: %v", s.json, err)
			}
			continue
		}
		if got := schema31.VisitJSON(v, openapi3.EnableJSONSchema2020()) == nil; got != want {
			t.Errorf("%s: 3.1 fragment says valid=%v, contract says %v", s.json, got, want)
		}
		got30 := schema30.VisitJSON(v) == nil
		switch {
		case want && !got30:
			t.Errorf("%s: the 3.0 fragment rejects a value the contract accepts: %v", s.json, schema30.VisitJSON(v))
		case !want && got30 && !s.looser:
			t.Errorf("%s: the 3.0 fragment accepts a value the contract rejects", s.json)
		}
	}
	t.Logf("%d valid and %d invalid samples", valid, invalid)
	if valid < 15 || invalid < 30 {
		t.Errorf("the samples lost their balance: %d valid, %d invalid", valid, invalid)
	}
}

// fixtureRoot loads a golden fragment with kin-openapi and returns the root schema component.
func fixtureRoot(t *testing.T, path string) *openapi3.Schema {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromFile(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := doc.Validate(t.Context()); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	ref := doc.Components.Schemas["FeatureSample"]
	if ref == nil || ref.Value == nil {
		t.Fatalf("%s: no FeatureSample schema", path)
	}
	return ref.Value
}
