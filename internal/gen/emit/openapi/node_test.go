package openapi

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

// TestMapOrder: members keep the order of their first Set, a second Set replaces the value in
// place, and Get finds every member, below and above the size at which the Map starts an index.
func TestMapOrder(t *testing.T) {
	for _, n := range []int{1, indexFrom - 1, indexFrom, indexFrom + 1, 5 * indexFrom} {
		m := NewMap()
		var want []string
		for i := n - 1; i >= 0; i-- {
			key := fmt.Sprintf("k%d", i)
			m.Set(key, i)
			want = append(want, key)
		}
		for i := 0; i < n; i += 3 {
			m.Set(fmt.Sprintf("k%d", i), -i)
		}
		if !slices.Equal(m.Keys(), want) || m.Len() != n {
			t.Fatalf("%d members: keys %v, want %v", n, m.Keys(), want)
		}
		for i := 0; i < n; i++ {
			wantValue := i
			if i%3 == 0 {
				wantValue = -i
			}
			if v, ok := m.Get(fmt.Sprintf("k%d", i)); !ok || v != wantValue {
				t.Errorf("%d members: Get(k%d) = %v, %v; want %d", n, i, v, ok, wantValue)
			}
		}
		if v, ok := m.Get("absent"); ok {
			t.Errorf("%d members: Get(absent) = %v", n, v)
		}
	}
}

// TestValueCache: a value converts to what its JSON says, whether the scalar shortcut or the
// parser handles it, and the second conversion of an object returns the first one's result.
func TestValueCache(t *testing.T) {
	cache := valueCache{}
	for _, text := range []string{`"a\nb"`, `"é"`, `1e3`, `-0.50`, `true`, `false`, `null`, `[1,"x",null]`, `{"b":1,"a":[true]}`} {
		v := &ir.Value{JSON: []byte(text)}
		dec := json.NewDecoder(strings.NewReader(text))
		dec.UseNumber()
		if err := dec.Decode(&v.Decoded); err != nil {
			t.Fatal(err)
		}
		got, err := cache.convert(v)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want, err := fromJSON(v.JSON)
		if err != nil {
			t.Fatal(err)
		}
		gotJSON, _ := encodeJSON(got)
		wantJSON, _ := encodeJSON(want)
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("%s converts to %s, want %s", text, gotJSON, wantJSON)
		}
	}
	obj := &ir.Value{JSON: []byte(`{"b":1}`), Decoded: map[string]any{"b": json.Number("1")}}
	first, _ := cache.convert(obj)
	second, _ := cache.convert(obj)
	if first != second {
		t.Error("an object value was parsed twice")
	}
}
