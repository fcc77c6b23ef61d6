package cgruntime

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestCompileText reads a table as the generator writes it and validates with it as with the
// same table written as Go.
func TestCompileText(t *testing.T) {
	text := "[\n{},\n" +
		`{"Properties":[{"Name":"a\u0060b","Node":2}],"Required":["a` + "\\u0060" + `b"],"Types":4},` + "\n" +
		`{"MinLength":{"Set":true,"N":2},"Pattern":"^x","Types":32}` + "\n]"
	got := CompileText(text, nil)
	want := Compile([]Node{{}, {Properties: []Prop{{Name: "a`b", Node: 2}}, Required: []string{"a`b"}, Types: TypeObject},
		{MinLength: N(2), Pattern: "^x", Types: TypeString}})
	for i := range want {
		got[i].c, want[i].c = compiled{}, compiled{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	vs, err := ValidateJSON(CompileText(text, nil), 1, []byte(`{"a`+"`"+`b":"y"}`))
	if err != nil || len(vs) != 2 {
		t.Fatalf("violations %v, error %v; want minLength and pattern", vs, err)
	}
}

// TestCompileTextRefusesBadTables: a table that does not read is a generator bug and says where.
func TestCompileTextRefusesBadTables(t *testing.T) {
	for _, text := range []string{"[{}]", "[\n{},\n{\"Types\":\"x\"}\n]"} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "validation table") {
					t.Errorf("%q: recovered %v, want a panic naming the table", text, r)
				}
			}()
			CompileText(text, nil)
		}()
	}
}

// name is a string type for TestSchemaCompilesTextOnce.
type name string

// TestSchemaCompilesTextOnce: a description that carries its table as text compiles it at first
// use, once, however many goroutines arrive at once (go test -race), and then validates with it.
func TestSchemaCompilesTextOnce(t *testing.T) {
	s := &Schema{Text: "[\n{},\n" + `{"MinLength":{"Set":true,"N":2},"Types":32}` + "\n]",
		Types: []TypeDesc{{Go: (*name)(nil), Name: "name", Kind: KindAlias, Node: 1, Under: &ElemDesc{Kind: ElemString, Node: 1}}}}
	if s.Nodes != nil {
		t.Fatal("the table was compiled before its first use")
	}
	done := make(chan error, 8)
	for i := range 8 {
		go func() {
			v := name("x")
			if i%2 == 0 {
				_ = s.Table()
			}
			done <- s.Validate(&v, 0)
		}()
	}
	for range 8 {
		if err := <-done; err == nil || !strings.Contains(err.Error(), "fewer than 2") {
			t.Fatalf("Validate: %v, want the minLength violation", err)
		}
	}
	if len(s.Table()) != 2 {
		t.Fatalf("Table has %d nodes, want 2", len(s.Table()))
	}
}

// TestCompileTextReadsEveryField sets each field of Node alone, writes the node as the generator
// does (encoding/json, set fields only) and requires CompileText to read it back unchanged: the
// table's reader picks its readers by field type, so a field of a type it lacks fails here.
func TestCompileTextReadsEveryField(t *testing.T) {
	samples := map[reflect.Type]any{
		reflect.TypeFor[int8]():         int8(1),
		reflect.TypeFor[uint8]():        uint8(1),
		reflect.TypeFor[int32]():        int32(1),
		reflect.TypeFor[bool]():         true,
		reflect.TypeFor[string]():       `1`,
		reflect.TypeFor[Count]():        N(-3),
		reflect.TypeFor[[]string]():     []string{`"a\u0060é\"b"`, "1"},
		reflect.TypeFor[[]int32]():      []int32{1, 1},
		reflect.TypeFor[[]Prop]():       []Prop{{Name: "a\\\"b", Node: 1}},
		reflect.TypeFor[[]Dependency](): []Dependency{{Name: "a", Required: []string{"b", "c"}}, {Name: "d", Required: []string{}}, {Name: "e"}},
	}
	typ := reflect.TypeFor[Node]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() {
			continue
		}
		sample, ok := samples[f.Type]
		if !ok {
			t.Fatalf("no sample value for Node.%s of type %s", f.Name, f.Type)
		}
		var want Node
		reflect.ValueOf(&want).Elem().Field(i).Set(reflect.ValueOf(sample))
		if f.Name == "HasConst" {
			want.Const = "1" // Compile parses the constant of a node that has one
		}
		raw, err := json.Marshal(&want)
		if err != nil {
			t.Fatal(err)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			t.Fatal(err)
		}
		for k, v := range fields {
			switch string(v) {
			case "null", "false", "0", `""`, `{"Set":false,"N":0}`:
				delete(fields, k)
			}
		}
		line, err := json.Marshal(fields)
		if err != nil {
			t.Fatal(err)
		}
		got := CompileText("[\n{},\n"+string(line)+"\n]", nil)[1]
		got.c = compiled{}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Node.%s: read %+v from %s", f.Name, got, line)
		}
	}
}

// TestTypeTextReadsEveryField holds the reader of type descriptions (TypeText) to encoding/json
// for every field of every struct a description holds, each set alone: a field the generator writes
// and the reader drops would change how a type decodes without failing anything else.
func TestTypeTextReadsEveryField(t *testing.T) {
	elem := ElemDesc{Kind: ElemSlice, Node: 2, Elem: &ElemDesc{Kind: ElemString, Node: 3}}
	samples := map[reflect.Type]any{
		reflect.TypeFor[uint8]():         uint8(2),
		reflect.TypeFor[int32]():         int32(7),
		reflect.TypeFor[bool]():          true,
		reflect.TypeFor[string]():        `a"b\u0060é`,
		reflect.TypeFor[[]string]():      []string{"x", `"y"`},
		reflect.TypeFor[ElemDesc]():      elem,
		reflect.TypeFor[*ElemDesc]():     &elem,
		reflect.TypeFor[*UnionDesc]():    &UnionDesc{Rule: UnionByTag, Keyword: "oneOf", Tag: "kind", Variants: []VariantDesc{{Type: elem, Values: []string{"a"}, Selects: SelectsByField, TagField: 1}}},
		reflect.TypeFor[[]FieldDesc]():   []FieldDesc{{Name: "a", Kw: "allOf/0/properties/a", Flags: FieldRequired | FieldPointer, Type: elem}, {Name: ""}},
		reflect.TypeFor[[]VariantDesc](): []VariantDesc{{Members: []string{"m"}, First: "{"}, {Type: ElemDesc{Kind: ElemRef, Ref: true, Type: 3}}},
	}
	check := func(typ reflect.Type, read func(line string) any) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			if !f.IsExported() || f.Type.Kind() == reflect.Interface {
				continue
			}
			sample, ok := samples[f.Type]
			if !ok {
				t.Fatalf("no sample value for %s.%s of type %s", typ.Name(), f.Name, f.Type)
			}
			raw, err := json.Marshal(sample)
			if err != nil {
				t.Fatal(err)
			}
			line := `{"` + f.Name + `":` + string(raw) + `}`
			want := reflect.New(typ).Elem()
			want.Field(i).Set(reflect.ValueOf(sample))
			if got := read(line); !reflect.DeepEqual(got, want.Interface()) {
				t.Errorf("%s.%s: read %+v from %s", typ.Name(), f.Name, got, line)
			}
		}
	}
	check(reflect.TypeFor[TypeDesc](), func(line string) any { return readLines[TypeDesc]("[\n"+line+"\n]", "test")[0] })
	check(reflect.TypeFor[FieldDesc](), func(line string) any { return readLines[FieldDesc]("[\n"+line+"\n]", "test")[0] })
	check(reflect.TypeFor[ElemDesc](), func(line string) any { return readLines[ElemDesc]("[\n"+line+"\n]", "test")[0] })
	check(reflect.TypeFor[UnionDesc](), func(line string) any { return readLines[UnionDesc]("[\n"+line+"\n]", "test")[0] })
	check(reflect.TypeFor[VariantDesc](), func(line string) any { return readLines[VariantDesc]("[\n"+line+"\n]", "test")[0] })
}

// TestSchemaReadsTypeText builds the plans of a package described as text: the descriptions get
// their Go types and names from GoTypes, and a count that does not match panics.
func TestSchemaReadsTypeText(t *testing.T) {
	type pair struct {
		A string
		B *int64
	}
	s := &Schema{Text: "[\n{},\n{\"Types\":4},\n{\"Types\":32},\n{\"Types\":64}\n]",
		TypeText: "[\n" + `{"Kind":1,"Node":1,"Fields":[{"Name":"a","Flags":1,"Type":{"Kind":4,"Node":2}},{"Name":"b","Flags":2,"Type":{"Kind":2,"Node":3}}]}` + "\n]",
		GoTypes:  []any{(*pair)(nil)}}
	var v pair
	if err := s.Unmarshal([]byte(`{"a":"x","b":5}`), &v, 0); err != nil || v.A != "x" || v.B == nil || *v.B != 5 {
		t.Fatalf("Unmarshal through the text description: %+v, %v", v, err)
	}
	if got := s.Types[0].Name; got != "pair" {
		t.Errorf("the description's name is %q, want the Go type's, pair", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("a description without its Go type did not panic")
		}
	}()
	bad := &Schema{Text: s.Text, TypeText: s.TypeText}
	bad.Table()
}
