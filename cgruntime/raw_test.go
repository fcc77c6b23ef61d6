package cgruntime

import (
	"encoding/json"
	"testing"
)

func TestRawAccessors(t *testing.T) {
	type want struct {
		typ    string
		str    string
		strOK  bool
		i      int64
		iOK    bool
		num    json.Number
		numOK  bool
		b, bOK bool
	}
	for raw, w := range map[string]want{
		`"a\u00e9"`:               {typ: "string", str: "aé", strOK: true},
		` 12 `:                    {typ: "number", i: 12, iOK: true, num: "12", numOK: true},
		`1.0`:                     {typ: "number", i: 1, iOK: true, num: "1.0", numOK: true},
		`1e3`:                     {typ: "number", i: 1000, iOK: true, num: "1e3", numOK: true},
		`1.5`:                     {typ: "number", num: "1.5", numOK: true},
		`99999999999999999999999`: {typ: "number", num: "99999999999999999999999", numOK: true},
		`true`:                    {typ: "boolean", b: true, bOK: true},
		`false`:                   {typ: "boolean", bOK: true},
		`null`:                    {typ: "null"},
		`{"a":1}`:                 {typ: "object"},
		`[1]`:                     {typ: "array"},
		``:                        {},
		`"unterminated`:           {typ: "string"},
	} {
		r := []byte(raw)
		if got := RawType(r); got != w.typ {
			t.Errorf("cgRawType(%s) = %q, want %q", raw, got, w.typ)
		}
		if s, ok := RawString(r); s != w.str || ok != w.strOK {
			t.Errorf("cgRawString(%s) = %q, %v", raw, s, ok)
		}
		if i, ok := RawInt64(r); i != w.i || ok != w.iOK {
			t.Errorf("cgRawInt64(%s) = %d, %v", raw, i, ok)
		}
		if n, ok := RawNumber(r); n != w.num || ok != w.numOK {
			t.Errorf("cgRawNumber(%s) = %q, %v", raw, n, ok)
		}
		if b, ok := RawBool(r); b != w.b || ok != w.bOK {
			t.Errorf("cgRawBool(%s) = %v, %v", raw, b, ok)
		}
	}
}
