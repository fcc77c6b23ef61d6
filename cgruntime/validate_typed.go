package cgruntime

import (
	"encoding/json"
	"strconv"
)

// The Check functions validate Go values of the generated types against one node of the table.
// The generator gives a schema a Go scalar, slice or map only when every keyword it has applies to
// that Go type, so each function checks only the keywords of its type; keywords for other JSON
// types are ignored, as JSON Schema ignores them. Applicators never reach these functions: a schema
// with one is represented as raw JSON and goes through checkRaw.

// checkString validates a string: const, enum, minLength, maxLength, pattern.
func checkString(c *Collector, i int32, s string, at, kw *Path) {
	n := &c.Nodes[i]
	if k := n.c.constant; k != nil && (k.kind != kindString || k.s != s) {
		c.Fail(at, kw, "const", "must be "+n.Const)
	}
	if n.Enum != nil && !enumHasString(n.c.enum, s) {
		c.Fail(at, kw, "enum", "must be one of the enum's values, not "+strconv.Quote(s))
	}
	checkStringKeywords(c, n, s, at, kw)
}

func enumHasString(values []Value, s string) bool {
	for i := range values {
		if values[i].kind == kindString && values[i].s == s {
			return true
		}
	}
	return false
}

// checkBool validates a boolean: const and enum.
func checkBool(c *Collector, i int32, b bool, at, kw *Path) {
	n := &c.Nodes[i]
	if k := n.c.constant; k != nil && (k.kind != kindBoolean || k.b != b) {
		c.Fail(at, kw, "const", "must be "+n.Const)
	}
	if n.Enum != nil {
		for j := range n.c.enum {
			if n.c.enum[j].kind == kindBoolean && n.c.enum[j].b == b {
				return
			}
		}
		c.Fail(at, kw, "enum", "must be one of the enum's values, not "+strconv.FormatBool(b))
	}
}

// checkInt64 validates an integer held in an int64, without allocating: the bounds, the divisor
// and the constants were turned into int64 comparisons by Compile.
func checkInt64(c *Collector, i int32, v int64, at, kw *Path) {
	n := &c.Nodes[i]
	if n.c.constant != nil && !intIs(n.c.constant, v) {
		c.Fail(at, kw, "const", "must be "+n.Const)
	}
	if n.Enum != nil && !enumHasInt(n.c.enum, v) {
		c.Fail(at, kw, "enum", "must be one of the enum's values, not "+strconv.FormatInt(v, 10))
	}
	for k, b := range n.c.intBounds {
		if n.c.bounds[k] == nil || b.mode == 1 {
			continue
		}
		lower := k%2 == 0
		if b.mode == 0 && ((lower && v >= b.n) || (!lower && v <= b.n)) {
			continue
		}
		c.Fail(at, kw, boundKeywords[k], strconv.FormatInt(v, 10)+" is not "+boundPhrase[k]+" "+n.c.bounds[k].String())
	}
	if m := n.c.multiple; m != nil && !m.int64Divides(v) {
		c.Fail(at, kw, "multipleOf", strconv.FormatInt(v, 10)+" is not a multiple of "+n.c.multLit)
	}
}

// intIs reports whether a constant is the number v. Only integers written without fraction or
// exponent and without a sign on zero take the fast path; everything else compares exactly.
func intIs(k *Value, v int64) bool {
	if k.kind != kindNumber {
		return false
	}
	if n, err := strconv.ParseInt(k.s, 10, 64); err == nil {
		return n == v
	}
	d, ok := parseDecimal(k.s)
	if !ok || !d.isInt() {
		return false
	}
	var buf [24]byte
	want, _ := parseDecimal(string(strconv.AppendInt(buf[:0], v, 10)))
	return d == want
}

func enumHasInt(values []Value, v int64) bool {
	for j := range values {
		if intIs(&values[j], v) {
			return true
		}
	}
	return false
}

// checkNumber validates a json.Number: the integer type when the schema asks for one, then
// const, enum, the bounds and multipleOf, all exactly on the literal.
func checkNumber(c *Collector, i int32, v json.Number, at, kw *Path) {
	val := Value{kind: kindNumber, s: string(v)}
	n := &c.Nodes[i]
	d, ok := parseDecimal(string(v))
	if !ok {
		c.Fail(at, kw, "type", "expected a number, got "+strconv.Quote(string(v)))
		return
	}
	if n.Types&TypeNumber == 0 && n.Types&TypeInteger != 0 && !d.isInt() {
		c.Fail(at, kw, "type", "expected integer, got number")
	}
	c.constEnum(n, &val, at, kw)
	checkDecimalKeywords(c, n, d, at, kw)
}

// checkNull validates JSON null against a node (for a Nullable member that holds null).
func checkNull(c *Collector, i int32, at, kw *Path) {
	null := Value{kind: kindNull}
	c.eval(i, &null, at, kw)
}

// checkRaw validates raw JSON against a node with every keyword. A value set by hand that is not
// JSON at all is a violation of its own.
func checkRaw(c *Collector, i int32, raw json.RawMessage, at, kw *Path) {
	// The value is checked and dropped before checkRaw returns, so its strings may borrow raw's
	// bytes; violations hold strings of their own.
	sc := scanner{borrow: true}
	if !sc.indexDocument(raw) {
		c.Fail(at, kw, "", "is not valid JSON")
		return
	}
	v, err := parseJSONIn(&sc, raw, "", nil, nil)
	if err != nil {
		c.Fail(at, kw, "", "is not valid JSON: "+err.Error())
		return
	}
	c.eval(i, &v, at, kw)
}

// checkAny validates a value of an "any" member (as encoding/json decodes it) with every keyword.
func checkAny(c *Collector, i int32, x any, at, kw *Path) {
	if n := &c.Nodes[i]; n.Bool == TrueSchema {
		return
	}
	v, ok := fromGo(x)
	if !ok {
		c.Fail(at, kw, "", "cannot be encoded as JSON")
		return
	}
	c.eval(i, &v, at, kw)
}

// checkItemCount validates minItems and maxItems of a slice.
func checkItemCount(c *Collector, i int32, count int, at, kw *Path) {
	n, got := &c.Nodes[i], int64(count)
	if n.MinItems.Set && got < n.MinItems.N {
		c.Fail(at, kw, "minItems", "has "+strconv.FormatInt(got, 10)+" items, fewer than "+strconv.FormatInt(n.MinItems.N, 10))
	}
	if n.MaxItems.Set && got > n.MaxItems.N {
		c.Fail(at, kw, "maxItems", "has "+strconv.FormatInt(got, 10)+" items, more than "+strconv.FormatInt(n.MaxItems.N, 10))
	}
}

// checkUniqueJSON validates uniqueItems of a typed slice through its JSON encoding.
func checkUniqueJSON(c *Collector, encoded []byte, err error, at, kw *Path) {
	if err != nil {
		c.Fail(at, kw, "uniqueItems", "cannot be encoded as JSON: "+err.Error())
		return
	}
	v, perr := parseJSON(encoded, "", nil)
	if perr == nil {
		checkUnique(c, &v, at, kw)
	}
}
