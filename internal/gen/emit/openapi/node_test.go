package openapi

import (
	"fmt"
	"slices"
	"testing"
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
