package goruntime

import (
	"encoding/json"
	"strconv"
)

// The cgCheck functions validate Go values of the generated types against one node of the table.
// The generator gives a schema a Go scalar, slice or map only when every keyword it has applies to
// that Go type, so each function checks only the keywords of its type; keywords for other JSON
// types are ignored, as JSON Schema ignores them. Applicators never reach these functions: a schema
// with one is represented as raw JSON and goes through cgCheckRaw.

// cgCheckString validates a string: const, enum, minLength, maxLength, pattern.
func cgCheckString(c *cgCollector, i int32, s string, at, kw *cgPath) {
	n := &c.nodes[i]
	if k := n.c.constant; k != nil && (k.kind != cgString || k.s != s) {
		c.fail(at, kw, "const", "must be "+n.Const)
	}
	if n.Enum != nil && !cgEnumHasString(n.c.enum, s) {
		c.fail(at, kw, "enum", "must be one of the enum's values, not "+strconv.Quote(s))
	}
	cgCheckStringKeywords(c, n, s, at, kw)
}

func cgEnumHasString(values []cgJSON, s string) bool {
	for i := range values {
		if values[i].kind == cgString && values[i].s == s {
			return true
		}
	}
	return false
}

// cgCheckBool validates a boolean: const and enum.
func cgCheckBool(c *cgCollector, i int32, b bool, at, kw *cgPath) {
	n := &c.nodes[i]
	if k := n.c.constant; k != nil && (k.kind != cgBoolean || k.b != b) {
		c.fail(at, kw, "const", "must be "+n.Const)
	}
	if n.Enum != nil {
		for j := range n.c.enum {
			if n.c.enum[j].kind == cgBoolean && n.c.enum[j].b == b {
				return
			}
		}
		c.fail(at, kw, "enum", "must be one of the enum's values, not "+strconv.FormatBool(b))
	}
}

// cgCheckInt64 validates an integer held in an int64, without allocating: the bounds, the divisor
// and the constants were turned into int64 comparisons by cgCompile.
func cgCheckInt64(c *cgCollector, i int32, v int64, at, kw *cgPath) {
	n := &c.nodes[i]
	if n.c.constant != nil && !cgIntIs(n.c.constant, v) {
		c.fail(at, kw, "const", "must be "+n.Const)
	}
	if n.Enum != nil && !cgEnumHasInt(n.c.enum, v) {
		c.fail(at, kw, "enum", "must be one of the enum's values, not "+strconv.FormatInt(v, 10))
	}
	for k, b := range n.c.intBounds {
		if n.c.bounds[k] == nil || b.mode == 1 {
			continue
		}
		lower := k%2 == 0
		if b.mode == 0 && ((lower && v >= b.n) || (!lower && v <= b.n)) {
			continue
		}
		c.fail(at, kw, cgBoundKeywords[k], strconv.FormatInt(v, 10)+" is not "+cgBoundPhrase[k]+" "+n.c.bounds[k].String())
	}
	if m := n.c.multiple; m != nil && !m.int64Divides(v) {
		c.fail(at, kw, "multipleOf", strconv.FormatInt(v, 10)+" is not a multiple of "+n.c.multLit)
	}
}

// cgIntIs reports whether a constant is the number v. Only integers written without fraction or
// exponent and without a sign on zero take the fast path; everything else compares exactly.
func cgIntIs(k *cgJSON, v int64) bool {
	if k.kind != cgNumber {
		return false
	}
	if n, err := strconv.ParseInt(k.s, 10, 64); err == nil {
		return n == v
	}
	d, ok := cgParseDecimal(k.s)
	if !ok || !d.isInt() {
		return false
	}
	var buf [24]byte
	want, _ := cgParseDecimal(string(strconv.AppendInt(buf[:0], v, 10)))
	return d == want
}

func cgEnumHasInt(values []cgJSON, v int64) bool {
	for j := range values {
		if cgIntIs(&values[j], v) {
			return true
		}
	}
	return false
}

// cgCheckNumber validates a json.Number: the integer type when the schema asks for one, then
// const, enum, the bounds and multipleOf, all exactly on the literal.
func cgCheckNumber(c *cgCollector, i int32, v json.Number, at, kw *cgPath) {
	val := cgJSON{kind: cgNumber, s: string(v)}
	n := &c.nodes[i]
	d, ok := cgParseDecimal(string(v))
	if !ok {
		c.fail(at, kw, "type", "expected a number, got "+strconv.Quote(string(v)))
		return
	}
	if n.Types&cgTypeNumber == 0 && n.Types&cgTypeInteger != 0 && !d.isInt() {
		c.fail(at, kw, "type", "expected integer, got number")
	}
	c.constEnum(n, &val, at, kw)
	cgCheckDecimalKeywords(c, n, d, at, kw)
}

// cgCheckNull validates JSON null against a node (for a Nullable member that holds null).
func cgCheckNull(c *cgCollector, i int32, at, kw *cgPath) {
	null := cgJSON{kind: cgNull}
	c.eval(i, &null, at, kw)
}

// cgCheckRaw validates raw JSON against a node with every keyword. A value set by hand that is not
// JSON at all is a violation of its own.
func cgCheckRaw(c *cgCollector, i int32, raw json.RawMessage, at, kw *cgPath) {
	if !json.Valid(raw) {
		c.fail(at, kw, "", "is not valid JSON")
		return
	}
	v, err := cgParseJSON(raw, "", nil)
	if err != nil {
		c.fail(at, kw, "", "is not valid JSON: "+err.Error())
		return
	}
	c.eval(i, &v, at, kw)
}

// cgCheckAny validates a value of an "any" member (as encoding/json decodes it) with every keyword.
func cgCheckAny(c *cgCollector, i int32, x any, at, kw *cgPath) {
	if n := &c.nodes[i]; n.Bool == cgTrueSchema {
		return
	}
	v, ok := cgFromGo(x)
	if !ok {
		c.fail(at, kw, "", "cannot be encoded as JSON")
		return
	}
	c.eval(i, &v, at, kw)
}

// cgCheckItemCount validates minItems and maxItems of a slice.
func cgCheckItemCount(c *cgCollector, i int32, count int, at, kw *cgPath) {
	n, got := &c.nodes[i], int64(count)
	if n.MinItems.Set && got < n.MinItems.N {
		c.fail(at, kw, "minItems", "has "+strconv.FormatInt(got, 10)+" items, fewer than "+strconv.FormatInt(n.MinItems.N, 10))
	}
	if n.MaxItems.Set && got > n.MaxItems.N {
		c.fail(at, kw, "maxItems", "has "+strconv.FormatInt(got, 10)+" items, more than "+strconv.FormatInt(n.MaxItems.N, 10))
	}
}

// cgCheckUniqueJSON validates uniqueItems of a typed slice through its JSON encoding.
func cgCheckUniqueJSON(c *cgCollector, encoded []byte, err error, at, kw *cgPath) {
	if err != nil {
		c.fail(at, kw, "uniqueItems", "cannot be encoded as JSON: "+err.Error())
		return
	}
	v, perr := cgParseJSON(encoded, "", nil)
	if perr == nil {
		cgCheckUnique(c, &v, at, kw)
	}
}

// cgCheckMapKeys validates required members of a map.
func cgCheckMapKeys[T any](c *cgCollector, i int32, m map[string]T, at, kw *cgPath) {
	for _, name := range c.nodes[i].Required {
		if _, ok := m[name]; !ok {
			c.fail(at, kw, "required", "missing required member "+strconv.Quote(name))
		}
	}
}
