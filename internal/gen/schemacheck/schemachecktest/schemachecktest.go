// Package schemachecktest holds what the tests of schemacheck and catalog share: the reference
// validator (santhosh-tekuri/jsonschema, the project's reference everywhere) and the comparison of
// its findings with schemacheck's. Only tests import this package, so the reference never reaches
// the contractgen binary (cmd/contractgen's test checks that).
package schemachecktest

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
)

// ReferenceMetaschema is the official draft 2020-12 metaschema as the reference validator compiles
// it from its embedded copy: what contractgen checked schema documents against before
// schemacheck's own table.
var ReferenceMetaschema = sync.OnceValue(func() *jsonschema.Schema {
	return jsonschema.NewCompiler().MustCompile("https://json-schema.org/draft/2020-12/schema")
})

// ReferenceSchema compiles a schema file with the reference validator.
func ReferenceSchema(tb testing.TB, path string) *jsonschema.Schema {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(path, doc); err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	s, err := c.Compile(path)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return s
}

// Findings are what one validator says of a document: the sorted, distinct JSON pointers of the
// values it rejects (none when the document is valid).
type Findings []string

// Reference validates data with the reference validator and returns the pointers of its innermost
// errors (their parents only say that a child failed).
func Reference(s *jsonschema.Schema, data []byte) (Findings, error) {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(data)))
	if err != nil {
		return nil, err
	}
	err = s.Validate(v)
	var verr *jsonschema.ValidationError
	if err != nil && !errors.As(err, &verr) {
		return nil, err
	}
	var out Findings
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		var ptr strings.Builder
		for _, tok := range e.InstanceLocation {
			ptr.WriteString("/" + jsonpointer.Escape(tok))
		}
		out = append(out, ptr.String())
	}
	if verr != nil {
		walk(verr)
	}
	return distinct(out), nil
}

// Ours validates data with schemacheck and returns the pointers of its diagnostics and their text.
func Ours(s *schemacheck.Schema, data []byte) (Findings, []string, error) {
	tree, err := jsontree.Parse(data)
	if err != nil {
		return nil, nil, err
	}
	var ptrs, msgs []string
	for _, d := range schemacheck.Check(s, "doc.json", data, tree, "") {
		ptrs = append(ptrs, d.Pointer)
		msgs = append(msgs, d.String())
	}
	return distinct(ptrs), msgs, nil
}

func distinct(s []string) Findings {
	slices.Sort(s)
	return slices.Compact(s)
}

// Compare validates data with both and returns "" when they agree, or what differs. They agree when
//   - both find nothing, or both find something;
//   - every pointer schemacheck reports is one the reference reports too, or one that allowed
//     accepts (nil allows none): where "additionalProperties": false forbids a member, the
//     reference points at the object, schemacheck at the member;
//   - every pointer the reference reports is one schemacheck reports or lies above one: for
//     anyOf the reference reports a leaf per branch, also for the branch that does not apply
//     ("type": ["strin"] is not a string either), where schemacheck says the same with if/then/else
//     and reports only the branch that applies, which is the deeper pointer.
func Compare(ref *jsonschema.Schema, ours *schemacheck.Schema, data []byte, allowed func(ours, ref string) bool) string {
	r, err := Reference(ref, data)
	if err != nil {
		return "reference: " + err.Error()
	}
	o, msgs, err := Ours(ours, data)
	if err != nil {
		return "schemacheck: " + err.Error()
	}
	if (len(r) == 0) != (len(o) == 0) {
		return fmt.Sprintf("verdicts differ: reference finds %q, schemacheck finds %q", r, msgs)
	}
	for _, op := range o {
		if !slices.ContainsFunc(r, func(rp string) bool { return op == rp || (allowed != nil && allowed(op, rp)) }) {
			return fmt.Sprintf("schemacheck points at %s, the reference does not (reference: %q; schemacheck: %q)", op, r, msgs)
		}
	}
	for _, rp := range r {
		if !slices.ContainsFunc(o, func(op string) bool { return op == rp || strings.HasPrefix(op, rp+"/") }) {
			return fmt.Sprintf("the reference points at %s, schemacheck at nothing there (reference: %q; schemacheck: %q)", rp, r, msgs)
		}
	}
	return ""
}

// IsMemberOf reports whether ours points at a member of the object ref points at: how schemacheck
// reports a member that "additionalProperties": false forbids, where the reference names the object.
func IsMemberOf(ours, ref string) bool {
	rest, ok := strings.CutPrefix(ours, ref+"/")
	return ok && !strings.Contains(rest, "/")
}
