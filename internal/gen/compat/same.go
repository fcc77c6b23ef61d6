package compat

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/keywords"
)

// sameSchema reports whether two schemas, read in their documents, accept the same instances by
// structure: the same constraining keywords with the same values, subschemas compared the same way
// after their $ref chains (so a definition moved or renamed is the same schema), annotations
// ignored. A pair already being compared counts as the same, which is what makes recursive
// schemas compare equal when they unfold alike.
func sameSchema(od *document, o node, nd *document, n node, seen map[[2]string]bool) bool {
	os, err := od.effectiveSem(o)
	if err != nil {
		return false
	}
	ns, err := nd.effectiveSem(n)
	if err != nil {
		return false
	}
	key := [2]string{os.target, ns.target}
	if seen[key] {
		return true
	}
	seen[key] = true
	if os.never || ns.never {
		return os.never == ns.never
	}
	if len(os.multi) > 0 || len(ns.multi) > 0 {
		return equalValues(os.values, ns.values)
	}
	ok := constrainingKeys(os)
	nk := constrainingKeys(ns)
	if strings.Join(ok, "\x00") != strings.Join(nk, "\x00") {
		return false
	}
	if os.dialect.ArrayItems() != ns.dialect.ArrayItems() && (os.has("items") || os.has("additionalItems")) {
		return false
	}
	if (os.dialect.String() == "draft4") != (ns.dialect.String() == "draft4") &&
		(os.has("exclusiveMinimum") || os.has("exclusiveMaximum")) {
		return false
	}
	for _, k := range ok {
		if !sameKeyword(od, os, nd, ns, k, seen) {
			return false
		}
	}
	return true
}

// constrainingKeys lists a schema's keywords that can change which instances are valid, sorted.
func constrainingKeys(s *schema) []string {
	var out []string
	for _, k := range sortedKeys(s.kw) {
		if constrains(k, s.dialect) {
			out = append(out, k)
		}
	}
	return out
}

// sameKeyword compares one keyword by the shape of its value.
func sameKeyword(od *document, os *schema, nd *document, ns *schema, k string, seen map[[2]string]bool) bool {
	ov, nv := os.kw[k], ns.kw[k]
	op, np := os.kwPointer(k), ns.kwPointer(k)
	sub := func(a any, ap string, b any, bp string) bool {
		return sameSchema(od, node{a, ap}, nd, node{b, bp}, seen)
	}
	switch known[k].shape {
	case keywords.HoldsSchema:
		return sub(ov, op, nv, np)
	case keywords.HoldsSchemas:
		return sameArray(ov, op, nv, np, sub)
	case keywords.HoldsSchemaMap:
		return sameMap(ov, op, nv, np, sub)
	case keywords.HoldsSchemaOrSchemas:
		_, arrO := ov.([]any)
		_, arrN := nv.([]any)
		if arrO != arrN {
			return false
		}
		if arrO {
			return sameArray(ov, op, nv, np, sub)
		}
		return sub(ov, op, nv, np)
	case keywords.HoldsSchemaMapOrStrings:
		om, okO := ov.(map[string]any)
		nm, okN := nv.(map[string]any)
		if !okO || !okN || len(om) != len(nm) {
			return false
		}
		for key, a := range om {
			b, ok := nm[key]
			if !ok {
				return false
			}
			_, listA := a.([]any)
			_, listB := b.([]any)
			if listA != listB || (listA && !equalValues(a, b)) {
				return false
			}
			if !listA && !sub(a, op+"/"+escape(key), b, np+"/"+escape(key)) {
				return false
			}
		}
		return true
	}
	if k == "$dynamicRef" || k == "$recursiveRef" {
		return false // its target depends on the dynamic scope
	}
	return equalValues(ov, nv)
}

// sameArray compares two arrays of schemas element by element.
func sameArray(ov any, op string, nv any, np string, sub func(any, string, any, string) bool) bool {
	oa, okO := ov.([]any)
	na, okN := nv.([]any)
	if !okO || !okN || len(oa) != len(na) {
		return false
	}
	for i := range oa {
		if !sub(oa[i], op+"/"+itoa(i), na[i], np+"/"+itoa(i)) {
			return false
		}
	}
	return true
}

// sameMap compares two objects of schemas key by key.
func sameMap(ov any, op string, nv any, np string, sub func(any, string, any, string) bool) bool {
	om, okO := ov.(map[string]any)
	nm, okN := nv.(map[string]any)
	if !okO || !okN || len(om) != len(nm) {
		return false
	}
	for key, a := range om {
		b, ok := nm[key]
		if !ok || !sub(a, op+"/"+escape(key), b, np+"/"+escape(key)) {
			return false
		}
	}
	return true
}

// isTrue reports whether a schema accepts every instance by having no constraining keyword.
func (d *document) isTrue(n node) bool {
	s, err := d.effectiveSem(n)
	if err != nil || s.never || len(s.multi) > 0 {
		return false
	}
	return len(constrainingKeys(s)) == 0
}

// isNever reports whether a schema is the boolean schema false after its $ref chain.
func (d *document) isNever(n node) bool {
	s, err := d.effectiveSem(n)
	return err == nil && s.never
}

// disjoint reports whether no instance can be valid against both schemas: their types do not
// meet, their enums share no value, or a member both require has disjoint schemas (a
// discriminator). false means "not shown", not "they overlap".
func (d *document) disjoint(a, b node, depth int) bool {
	as, err := d.effectiveSem(a)
	if err != nil {
		return false
	}
	bs, err := d.effectiveSem(b)
	if err != nil {
		return false
	}
	if as.never || bs.never {
		return true
	}
	if depth <= 0 || len(as.multi) > 0 || len(bs.multi) > 0 {
		return false
	}
	// An instance of a matches one of its anyOf or oneOf branches: when each is disjoint from
	// b, so is a.
	for _, pair := range [][2]node{{a, b}, {b, a}} {
		x, _ := d.effectiveSem(pair[0])
		for _, k := range []string{"anyOf", "oneOf"} {
			if list, ok, err := d.branches(x, k); err == nil && ok && len(list) > 0 {
				all := true
				for _, br := range list {
					if !d.disjoint(br, pair[1], depth-1) {
						all = false
						break
					}
				}
				if all {
					return true
				}
			}
		}
	}
	ta, errA := d.typesOf(as)
	tb, errB := d.typesOf(bs)
	if errA != nil || errB != nil {
		return false
	}
	meet := false
	for t := range ta {
		if tb[t] {
			meet = true
		}
	}
	if !meet {
		return true
	}
	av, _, hasA, errA := d.enumOf(as)
	bv, _, hasB, errB := d.enumOf(bs)
	if errA == nil && errB == nil {
		if hasA && hasB {
			shared := indexValues(bv)
			overlap := false
			for _, v := range av {
				if _, ok := shared[canonical(v)]; ok {
					overlap = true
				}
			}
			if !overlap {
				return true
			}
		}
		if hasA && !anyOfTypes(av, tb) || hasB && !anyOfTypes(bv, ta) {
			return true
		}
	}
	ra, errA := d.requiredOf(as)
	rb, errB := d.requiredOf(bs)
	if errA != nil || errB != nil {
		return false
	}
	if d.requiresForbidden(ra, bs) || d.requiresForbidden(rb, as) {
		return true
	}
	// required constrains objects only: a discriminator tells branches apart only when one of
	// them accepts nothing but objects.
	objectsOnly := func(t map[string]bool) bool { return len(t) == 1 && t["object"] }
	if !objectsOnly(ta) && !objectsOnly(tb) {
		return false
	}
	pa, _ := as.get("properties")
	pb, _ := bs.get("properties")
	ma, _ := pa.(map[string]any)
	mb, _ := pb.(map[string]any)
	for name := range ra {
		if _, ok := rb[name]; !ok {
			continue
		}
		x, okA := ma[name]
		y, okB := mb[name]
		if okA && okB && d.disjoint(node{x, as.kwPointer("properties") + "/" + escape(name)},
			node{y, bs.kwPointer("properties") + "/" + escape(name)}, depth-1) {
			return true
		}
	}
	return false
}

// anyOfTypes reports whether some value is of a type in the set.
func anyOfTypes(values []any, types map[string]bool) bool {
	for _, v := range values {
		for _, t := range typesOfValue(v) {
			if types[t] {
				return true
			}
		}
	}
	return false
}

// typesOfValue lists the JSON Schema types a decoded value has.
func typesOfValue(v any) []string {
	switch t := v.(type) {
	case nil:
		return []string{"null"}
	case bool:
		return []string{"boolean"}
	case string:
		return []string{"string"}
	case []any:
		return []string{"array"}
	case map[string]any:
		return []string{"object"}
	case json.Number:
		if r, ok := ratOf(t); ok && r.IsInt() {
			return []string{"number", "integer"}
		}
		return []string{"number"}
	}
	return nil
}

// sameExcept reports whether two effective schemas have the same constraining keywords with
// structurally equal values, leaving out the keywords named.
func sameExcept(od *document, os *schema, nd *document, ns *schema, skip ...string) bool {
	if os.never != ns.never || len(os.multi) > 0 || len(ns.multi) > 0 {
		return os.never == ns.never && equalValues(os.values, ns.values)
	}
	drop := func(keys []string) []string {
		var out []string
		for _, k := range keys {
			if !slices.Contains(skip, k) {
				out = append(out, k)
			}
		}
		return out
	}
	ok, nk := drop(constrainingKeys(os)), drop(constrainingKeys(ns))
	if !slices.Equal(ok, nk) {
		return false
	}
	seen := map[[2]string]bool{}
	for _, k := range ok {
		if !sameKeyword(od, os, nd, ns, k, seen) {
			return false
		}
	}
	return true
}

// requiresForbidden reports whether some required member is one an object schema rejects: it is
// closed (additionalProperties false, no patternProperties) and does not list the member, or
// lists it with the schema false. Only objects are affected, so the schema must also accept
// objects only, which its type says.
func (d *document) requiresForbidden(required map[string]int, s *schema) bool {
	types, err := d.typesOf(s)
	if err != nil || len(types) != 1 || !types["object"] {
		return false
	}
	ap, hasAP := s.get("additionalProperties")
	_, hasPattern := s.get("patternProperties")
	_, hasUneval := s.get("unevaluatedProperties")
	pr, _ := s.get("properties")
	props, _ := pr.(map[string]any)
	for name := range required {
		if v, ok := props[name]; ok {
			if v == false {
				return true
			}
			continue
		}
		if hasAP && ap == false && !hasPattern && !hasUneval {
			return true
		}
	}
	return false
}
