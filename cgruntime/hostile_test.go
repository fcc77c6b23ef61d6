//go:build unix

package cgruntime

import (
	"encoding/json"
	"errors"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tests in this file feed the readers hostile shapes (many members, long numbers, deep
// nesting) and check that their cost grows linearly: the work on an input of size 4n must be about
// four times the work on size n, not sixteen. Each check compares the same code on two sizes in the
// same process, so it holds on a slow machine; it uses both the bytes allocated (exact) and the
// best of several interleaved timings (noise only adds time, and a busy spell hits both sizes).

// growth is the factor between the two input sizes compared, and linearLimit the largest growth
// in cost accepted as linear: linear code grows by 4 (a little more from cache effects), quadratic
// code by 16.
const (
	growth      = 4
	linearLimit = 8.0
)

// allocated returns the bytes one call of f allocates.
func allocated(f func()) uint64 {
	f() // warm up: one-time initialisation is not part of the cost
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// repsFor returns how many calls of f take at least 20 ms of CPU time.
func repsFor(f func()) int {
	reps := 1
	for {
		if perCall(f, reps)*time.Duration(reps) > 20*time.Millisecond || reps > 1<<20 {
			return reps
		}
		reps *= 2
	}
}

// perCall returns the CPU time per call of reps calls of f. CPU time, not wall time: on a machine
// shared with other work, waiting for a core would count against whichever size was unlucky.
func perCall(f func(), reps int) time.Duration {
	start := cpuTime()
	for range reps {
		f()
	}
	return (cpuTime() - start) / time.Duration(reps)
}

// cpuTime returns the CPU time the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// assertLinear fails when the cost of run(build(growth·n)) is more than linearLimit times that of
// run(build(n)), in bytes allocated or in time.
func assertLinear(t *testing.T, n int, build func(n int) []byte, run func(t *testing.T, data []byte)) {
	t.Helper()
	small, large := build(n), build(growth*n)
	fs, fl := func() { run(t, small) }, func() { run(t, large) }
	bs, bl := allocated(fs), allocated(fl)
	// The collector is off while timing, and run between timings, so that a collection triggered
	// by one size does not land on the other's clock.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	rs, rl := repsFor(fs), repsFor(fl)
	ts, tl := time.Duration(1<<63-1), time.Duration(1<<63-1)
	for range 7 {
		runtime.GC()
		ts = min(ts, perCall(fs, rs))
		runtime.GC()
		tl = min(tl, perCall(fl, rl))
	}
	t.Logf("n=%d: %d bytes, %v; %dn: %d bytes, %v", n, bs, ts, growth, bl, tl)
	if bs > 4096 && float64(bl) > linearLimit*float64(bs) {
		t.Errorf("allocation grows %.1f× from n=%d to %dn (%d → %d bytes): not linear", float64(bl)/float64(bs), n, growth, bs, bl)
	}
	if float64(tl) > linearLimit*float64(ts) {
		t.Errorf("time grows %.1f× from n=%d to %dn (%v → %v): not linear", float64(tl)/float64(ts), n, growth, ts, tl)
	}
}

// manyMembers is an object of n distinct members and one repeated name at the end.
func manyMembers(n int) []byte {
	var b strings.Builder
	b.WriteString(`{`)
	for i := range n {
		b.WriteString(`"m` + strconv.Itoa(i) + `":1,`)
	}
	b.WriteString(`"m0":2}`)
	return []byte(b.String())
}

func TestDuplicateCheckIsLinear(t *testing.T) {
	t.Run("Parse", func(t *testing.T) {
		assertLinear(t, 10000, manyMembers, func(t *testing.T, data []byte) {
			d := Decoder{strict: true}
			data, err := d.prepare(data) // as Parse does: the document is indexed first
			if err != nil {
				t.Fatal(err)
			}
			defer d.release()
			if _, err := d.membersAt(data, nil, nil); err != nil {
				t.Fatal(err)
			}
			if len(d.violations) != 1 {
				t.Fatalf("%d violations, want the one repeated name", len(d.violations))
			}
		})
	})
	t.Run("ValidateJSON", func(t *testing.T) {
		nodes := Compile([]Node{{}, {Types: TypeObject}})
		assertLinear(t, 10000, manyMembers, func(t *testing.T, data []byte) {
			vs, err := ValidateJSON(nodes, 1, data)
			if err != nil || len(vs) != 1 || !strings.Contains(vs[0].Message, `"m0"`) {
				t.Fatalf("violations %v, error %v; want the one repeated name", vs, err)
			}
		})
	})
}

// longInteger is a whole number of n digits.
func longInteger(n int) []byte { return []byte("1" + strings.Repeat("7", n-1)) }

func TestLongNumbersCostLinearTime(t *testing.T) {
	at := Key(nil, "", "n")
	t.Run("int64 member", func(t *testing.T) {
		assertLinear(t, 200000, longInteger, func(t *testing.T, data []byte) {
			d := Decoder{strict: true}
			if _, err := d.int64At(data, &at, nil); err != nil || len(d.violations) != 1 {
				t.Fatalf("got %v, %v; want one out-of-range violation", d.violations, err)
			}
		})
	})
	t.Run("int64 member, tolerant", func(t *testing.T) {
		assertLinear(t, 200000, longInteger, func(t *testing.T, data []byte) {
			if _, err := (&Decoder{}).int64At(data, &at, nil); err == nil || len(err.Error()) > 200 {
				t.Fatalf("error %v; want a short out-of-range error", err)
			}
		})
	})
	t.Run("big integer member", func(t *testing.T) {
		nodes := Compile([]Node{{}, {Types: TypeInteger}})
		assertLinear(t, 200000, func(n int) []byte { return append(longInteger(n), ".5"...) }, func(t *testing.T, data []byte) {
			if vs, err := ValidateJSON(nodes, 1, data); err != nil || len(vs) != 1 {
				t.Fatalf("violations %v, error %v; want one type violation", vs, err)
			}
		})
	})
	t.Run("multipleOf", func(t *testing.T) {
		nodes := Compile([]Node{{}, {MultipleOf: "7", Minimum: "3", Maximum: "1e400"}})
		assertLinear(t, 200000, longInteger, func(t *testing.T, data []byte) {
			vs, err := ValidateJSON(nodes, 1, data)
			if err != nil || len(vs) != 2 {
				t.Fatalf("violations %v, error %v; want multipleOf and maximum", vs, err)
			}
			for _, v := range vs {
				if len(v.Message) > 200 {
					t.Errorf("a message of %d bytes: long numbers must be abbreviated", len(v.Message))
				}
			}
		})
	})
}

func TestMultipleOfRefusesLongFractions(t *testing.T) {
	nodes := Compile([]Node{{}, {MultipleOf: "0.5"}})
	long := "1." + strings.Repeat("5", multipleDigitLimit)
	vs, err := ValidateJSON(nodes, 1, []byte(long))
	if err != nil || len(vs) != 1 || !strings.Contains(vs[0].Message, "too many to check multipleOf") {
		t.Fatalf("violations %v, error %v; want the digit limit named", vs, err)
	}
	vs, _ = ValidateJSON(nodes, 1, []byte(long[:multipleDigitLimit]))
	if len(vs) != 1 || !strings.Contains(vs[0].Message, "is not a multiple of") {
		t.Fatalf("under the limit: %v; want an exact verdict", vs)
	}
	vs, _ = ValidateJSON(nodes, 1, longInteger(100000))
	if len(vs) != 0 {
		t.Fatalf("a whole number of 100000 digits is a multiple of 0.5, got %v", vs)
	}
}

// deepArrays nests a leaf of n bytes n/128 arrays deep: the size and the depth both double with n.
func deepArrays(n int) []byte {
	depth := n / 128
	return []byte(strings.Repeat("[", depth) + `"` + strings.Repeat("x", n) + `"` + strings.Repeat("]", depth))
}

// deepObjects is deepArrays with objects, whose members are split and checked for repeated names.
func deepObjects(n int) []byte {
	depth := n / 256
	return []byte(strings.Repeat(`{"a":[1,`, depth) + `"` + strings.Repeat("x", n) + `"` + strings.Repeat("]}", depth))
}

// deepN is the nesting depth of the smaller document of TestDeepNestingIsLinear. At 50,000 levels
// the larger document's stack and values (tens of MB) outgrew the cache that the smaller one's fit
// in, and the machine alone made a linear decoder look 6–9× slower at 4n; 10,000 and 40,000 levels
// stay on one side of that edge, while a quadratic decoder would still cost 16×.
const deepN = 10000

func TestDeepNestingIsLinear(t *testing.T) {
	for name, build := range map[string]func(int) []byte{"arrays": deepArrays, "objects": deepObjects} {
		t.Run(name+"/any member", func(t *testing.T) {
			assertLinear(t, deepN, build, func(t *testing.T, data []byte) {
				d := Decoder{strict: true}
				data, err := d.prepare(data) // as Parse does: the document is indexed first
				if err != nil {
					t.Fatal(err)
				}
				defer d.release()
				at := Key(nil, "", "evidence")
				if _, err := decAnyAt(&d, data, "", &at); err != nil || len(d.violations) != 0 {
					t.Fatal(err, d.violations)
				}
			})
		})
		t.Run(name+"/ValidateJSON", func(t *testing.T) {
			nodes := Compile([]Node{{}, {Bool: TrueSchema}})
			assertLinear(t, deepN, build, func(t *testing.T, data []byte) {
				if vs, err := ValidateJSON(nodes, 1, data); err != nil || len(vs) != 0 {
					t.Fatal(err, vs)
				}
			})
		})
	}
}

// TestDeepDuplicateIsLocated checks that a repeated name deep inside an "any" value is still
// reported at its full location, now that locations are built only when reported.
func TestDeepDuplicateIsLocated(t *testing.T) {
	d := Decoder{strict: true}
	at := Key(nil, "", "evidence")
	if _, err := decAnyAt(&d, []byte(`[{"a/b":[0,{"x":1,"x":2}]}]`), "", &at); err != nil {
		t.Fatal(err)
	}
	if len(d.violations) != 1 || d.violations[0].InstanceLocation != "/evidence/0/a~1b/1" {
		t.Fatalf("violations %v, want one at /evidence/0/a~1b/1", d.violations)
	}
	vs, err := ValidateJSON(Compile([]Node{{}, {Bool: TrueSchema}}), 1, []byte(`{"q":[[{"x":1,"x":2}]]}`))
	if err != nil || len(vs) != 1 || vs[0].InstanceLocation != "/q/0/0" {
		t.Fatalf("violations %v, error %v; want one at /q/0/0", vs, err)
	}
}

// TestRejectedIsLinear holds Parse's report on a rejected document to linear cost and to its rule:
// the interpreter's violations, plus the decoder's only where the schema finds nothing at, above
// or under their location.
func TestRejectedIsLinear(t *testing.T) {
	nodes := Compile([]Node{{}, {Types: TypeObject, Properties: []Prop{{Name: "items", Node: 2}}}, {Types: TypeArray, Items: 3}, {Types: TypeInteger}})
	build := func(n int) []byte {
		return []byte(`{"items":[` + strings.TrimSuffix(strings.Repeat(`"x",`, n), ",") + `],"other":{}}`)
	}
	assertLinear(t, 2000, build, func(t *testing.T, data []byte) {
		n := strings.Count(string(data), `"x"`)
		var decoded []Violation
		for i := range n {
			item := "/items/" + strconv.Itoa(i)
			decoded = append(decoded,
				Violation{item, "/properties/items/items/type", "expected integer, got string"}, // the schema's too
				Violation{item + "/deeper", "/k", "under a violation"},
				Violation{"/other/" + strconv.Itoa(i), "/k", "only the Go type refuses it"},
				Violation{"/other/" + strconv.Itoa(i), "", "a repeated name, the interpreter's own"})
		}
		var ve *ValidationError
		if !errors.As(rejected(nodes, 1, data, decoded), &ve) || len(ve.Violations) != 2*n {
			t.Fatalf("%d violations, want %d", len(ve.Violations), 2*n)
		}
		for _, v := range ve.Violations {
			if v.Message != "expected integer, got string" && v.Message != "only the Go type refuses it" {
				t.Fatalf("kept %v", v)
			}
		}
	})
}

func TestSyntaxErrorsSayWhere(t *testing.T) {
	for in, want := range map[string]string{
		"not json":           "invalid JSON at line 1, column 2 (byte offset 1): invalid character 'o'",
		"":                   "invalid JSON at line 1, column 1 (byte offset 0): unexpected end of JSON input",
		"[1,2":               "invalid JSON at line 1, column 5 (byte offset 4): unexpected end of JSON input",
		"{\n  \"a\": tru\n}": "invalid JSON at line 2, column 11 (byte offset 12): invalid character '\\n' in literal true",
		`{"a":1,}`:           "invalid JSON at line 1, column 8 (byte offset 7): invalid character '}'",
		"{}\n x":             "invalid JSON at line 2, column 2 (byte offset 4): invalid character 'x' after top-level value",
	} {
		_, err := Prepare([]byte(in))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: error %v, want it to start %q", in, err, want)
		}
		var syntax *json.SyntaxError
		if !errors.As(err, &syntax) {
			t.Errorf("%q: %v does not wrap a *json.SyntaxError", in, err)
		}
		if _, err := ValidateJSON(nil, 0, []byte(in)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ValidateJSON %q: error %v, want it to start %q", in, err, want)
		}
	}
}

// TestScannerIndexAgrees checks that splitting with the container index gives what scanning gives,
// on documents whose strings hold brackets, quotes and backslashes.
func TestScannerIndexAgrees(t *testing.T) {
	for _, doc := range []string{
		`{"a":[1,{"b":"]}\"[{"},[[]],{}],"c\\":"\\\\","d":{"e":[{"f":"}"}]}}`,
		`[[["x\\\"]"],{"y":[[],{}]}],"]]]",{"z":{"w":"\\"}}]`,
		string(deepObjects(4096)),
		string(deepArrays(4096)),
	} {
		want, err := parseJSONIn(nil, []byte(doc), "", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		sc := &scanner{}
		if !sc.indexDocument([]byte(doc)) {
			t.Fatalf("%.60s…: indexDocument refused the document", doc)
		}
		got, err := parseJSONIn(sc, sc.doc, "", nil, nil)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%.60s…: indexed split differs (error %v)", doc, err)
		}
	}
}

// TestEachRepeatedNameIsReportedOnce: a name that occurs three times, or a hundred, is one
// violation, in a small object (compared pairwise) and in a large one (a set) alike.
func TestEachRepeatedNameIsReportedOnce(t *testing.T) {
	for _, size := range []int{4, duplicateScan * 4} {
		members := make([]Member, 0, size)
		for i := range size {
			name := "a"
			if i%2 == 1 {
				name = "b" + strconv.Itoa(i)
			}
			members = append(members, Member{Name: name})
		}
		members = append(members, Member{Name: "b1"}, Member{Name: "b1"})
		var got []string
		duplicates(members, func(name string) { got = append(got, name) })
		if want := []string{"a", "b1"}; !slices.Equal(got, want) {
			t.Errorf("%d members: reported %v, want %v", len(members), got, want)
		}
	}
}

// TestRejectedKeepsOnlyUnrelatedDecoderViolations: a decoder violation is dropped when the
// interpreter finds one under its location, whatever decoder violations were kept before it.
func TestRejectedKeepsOnlyUnrelatedDecoderViolations(t *testing.T) {
	nodes := Compile([]Node{{}, {Properties: []Prop{{Name: "m", Node: 2}}}, {Properties: []Prop{{Name: "x", Node: 3}}}, {Types: TypeInteger}})
	decoded := []Violation{{"/a", "/k", "only the Go type refuses it"}, {"/m", "/k", "the schema's own cause lies under it"}}
	var ve *ValidationError
	if !errors.As(rejected(nodes, 1, []byte(`{"a":1,"m":{"x":"s"}}`), decoded), &ve) {
		t.Fatal("no ValidationError")
	}
	var got []string
	for _, v := range ve.Violations {
		got = append(got, v.InstanceLocation+" "+v.Message)
	}
	want := []string{"/a only the Go type refuses it", "/m/x expected integer, got string"}
	if !slices.Equal(got, want) {
		t.Fatalf("violations %q, want %q", got, want)
	}
}

// TestValidateJSONLocatesSyntaxErrors: the one pass that parses a document for validation leaves
// its syntax errors as exact as Prepare's, with line and column.
func TestValidateJSONLocatesSyntaxErrors(t *testing.T) {
	_, want := Prepare([]byte("{\n  \"a\": }"))
	_, err := ValidateJSON([]Node{{}, {}}, 1, []byte("{\n  \"a\": }"))
	if err == nil || want == nil || err.Error() != want.Error() || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("ValidateJSON error = %v, want %v (with its line)", err, want)
	}
}
