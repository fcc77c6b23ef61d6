package cgruntime

import (
	"math/big"
	"testing"
)

// literals mixes signs, zeros, fractions, exponents and sizes beyond float64 and int64.
var literals = []string{"0", "-0", "0.0", "1", "-1", "1.0", "1e0", "10e-1", "0.1e1", "1.5", "-1.5", "2", "-2",
	"0.1", "0.3", "1e-400", "-1e-400", "1e400", "-1e400", "9223372036854775807", "9223372036854775808",
	"-9223372036854775809", "123456789012345678901234567890", "0.0000001", "1E3", "1000", "12.34", "1234e-2", "4.5e1"}

func rat(t *testing.T, lit string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		t.Fatalf("big.Rat cannot read %q", lit)
	}
	return r
}

// TestDecimalCompareMatchesBigRat checks cgCmpDecimal against math/big on every pair of literals.
func TestDecimalCompareMatchesBigRat(t *testing.T) {
	for _, a := range literals {
		for _, b := range literals {
			da, okA := parseDecimal(a)
			db, okB := parseDecimal(b)
			if !okA || !okB {
				t.Fatalf("cannot parse %q or %q", a, b)
			}
			if got, want := cmpDecimal(da, db), rat(t, a).Cmp(rat(t, b)); got != want {
				t.Errorf("compare(%s, %s) = %d, math/big says %d", a, b, got, want)
			}
		}
	}
}

// TestMultipleOfMatchesBigRat checks multipleOf on decimals and int64 against exact division.
func TestMultipleOfMatchesBigRat(t *testing.T) {
	for _, divisor := range []string{"1", "2", "0.1", "0.01", "1.5", "3", "1e-3", "7", "0.0001", "1e20"} {
		m := newMultiple(mustDecimal(divisor))
		for _, lit := range literals {
			q := new(big.Rat).Quo(rat(t, lit), rat(t, divisor))
			want := q.IsInt()
			if got := m.divides(mustDecimal(lit)); got != want {
				t.Errorf("%s multipleOf %s = %v, math/big says %v", lit, divisor, got, want)
			}
		}
		for _, v := range []int64{0, 1, -1, 2, 3, 6, 10, 15, -45, 1 << 40, -(1 << 62)} {
			want := new(big.Rat).Quo(new(big.Rat).SetInt64(v), rat(t, divisor)).IsInt()
			if got := m.int64Divides(v); got != want {
				t.Errorf("int64 %d multipleOf %s = %v, math/big says %v", v, divisor, got, want)
			}
		}
	}
}

// TestIntBoundsMatchBigRat checks the int64 forms of all four bound keywords.
func TestIntBoundsMatchBigRat(t *testing.T) {
	values := []int64{-1 << 63, -3, -2, -1, 0, 1, 2, 3, 1<<63 - 1}
	for _, lit := range literals {
		bound := rat(t, lit)
		for k := range 4 {
			b := newIntBound(mustDecimal(lit), k%2 == 0, k >= 2)
			for _, v := range values {
				cmp := new(big.Rat).SetInt64(v).Cmp(bound)
				want := [4]bool{cmp >= 0, cmp <= 0, cmp > 0, cmp < 0}[k]
				got := b.mode == 1 || (b.mode == 0 && ((k%2 == 0 && v >= b.n) || (k%2 == 1 && v <= b.n)))
				if got != want {
					t.Errorf("%s %s for %d: got %v, math/big says %v", boundKeywords[k], lit, v, got, want)
				}
			}
		}
	}
}

// TestDecimalInt64MatchesBigRat checks int64() on every literal against math/big: whole values
// inside int64 convert, zero written as 0.0 or -0 included, and nothing else does.
func TestDecimalInt64MatchesBigRat(t *testing.T) {
	lo, hi := new(big.Rat).SetInt64(-1<<63), new(big.Rat).SetInt64(1<<63-1)
	for _, lit := range literals {
		r := rat(t, lit)
		wantOK := r.IsInt() && r.Cmp(lo) >= 0 && r.Cmp(hi) <= 0
		n, ok := mustDecimal(lit).int64()
		if ok != wantOK || (ok && new(big.Rat).SetInt64(n).Cmp(r) != 0) {
			t.Errorf("int64(%s) = %d, %v; math/big says %s, %v", lit, n, ok, r.RatString(), wantOK)
		}
	}
}
