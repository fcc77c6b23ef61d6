package compat

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCompare checks that no pair of inputs makes Compare panic or hang, that its writers
// accept every report it returns, that a valid document compared with itself shows no change,
// and, for a pair both compat and the reference validator read, that no mode calls the change
// compatible while some instance is accepted by the schema that must accept it and rejected by
// the other (the falsification of TestFalsifyPairs, over mutated inputs).
func FuzzCompare(f *testing.F) {
	dirs, err := os.ReadDir(caseRoot)
	if err != nil {
		f.Fatal(err)
	}
	for _, d := range dirs {
		oldDoc, errOld := os.ReadFile(filepath.Join(caseRoot, d.Name(), "old.json"))
		newDoc, errNew := os.ReadFile(filepath.Join(caseRoot, d.Name(), "new.json"))
		if errOld == nil && errNew == nil {
			f.Add(oldDoc, newDoc)
		}
	}
	for _, p := range pairs {
		f.Add([]byte(withDialect(p.dialect, p.old)), []byte(withDialect(p.dialect, p.new)))
	}
	f.Add([]byte(`true`), []byte(`false`))
	f.Add([]byte(`{"$ref": "#"}`), []byte(`{"items": {"$ref": "#"}}`))
	f.Add([]byte(`{"minimum": 1e999999999}`), []byte(`{"minimum": 2e999999999}`))
	f.Fuzz(func(t *testing.T, oldDoc, newDoc []byte) {
		if r, err := compareContract(oldDoc, newDoc); err == nil {
			checkWriters(t, r)
		}
		for _, mode := range []Mode{Backward, Forward, Full} {
			if r, err := CompareWith(oldDoc, newDoc, Options{Mode: mode, Profiles: testProfiles}); err == nil {
				checkWriters(t, r)
			}
		}
		if len(oldDoc)+len(newDoc) < 4096 && json.Valid(oldDoc) && json.Valid(newDoc) {
			o, n := string(oldDoc), string(newDoc)
			if _, err := referenceCompile(o); err == nil {
				if _, err := referenceCompile(n); err == nil {
					_, _, _ = falsify(t, "fuzzed pair", o, n, gatherInstances(pair{}, o, n, false))
				}
			}
		}
		for _, doc := range [][]byte{oldDoc, newDoc} {
			r, err := compareContract(doc, doc)
			if err != nil {
				continue
			}
			if len(r.Changes) != 0 {
				t.Fatalf("a document compared with itself has changes: %+v\n%s", r.Changes, doc)
			}
		}
	})
}

// checkWriters makes sure both renderings succeed, the text keeps one line per change and
// the JSON parses.
func checkWriters(t *testing.T, r *Report) {
	t.Helper()
	var text, js bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(text.String(), "\n"); r.Mode == Contract && lines != len(r.Changes)+2 {
		t.Fatalf("WriteText wrote %d lines for %d changes:\n%s", lines, len(r.Changes), text.String())
	}
	if !json.Valid(js.Bytes()) {
		t.Fatalf("WriteJSON produced invalid JSON:\n%s", js.String())
	}
}
