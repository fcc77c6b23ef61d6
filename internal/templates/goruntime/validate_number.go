package goruntime

import (
	"math/big"
	"strconv"
	"strings"
)

// cgDecimal is a JSON number held exactly as digits × 10^exp, with the digits stripped of leading and
// trailing zeros ("" for zero). Comparing two decimals needs only their digit strings, so numbers of
// any size and precision ("1e400", "0.1", a 40-digit integer) compare exactly and cheaply, and a
// short input can never make the validator build a huge big.Int.
type cgDecimal struct {
	neg    bool
	digits string
	exp    int64
}

// cgExpLimit bounds exponents; beyond it every comparison is still exact (the magnitudes differ), and
// the clamp only keeps the arithmetic on exponents from overflowing.
const cgExpLimit = 1 << 50

// cgParseDecimal reads a JSON number literal. It reports false for anything that is not one.
func cgParseDecimal(lit string) (cgDecimal, bool) {
	var d cgDecimal
	s := lit
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	mant, expPart, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		e, err := strconv.ParseInt(strings.TrimPrefix(expPart, "+"), 10, 64)
		if err != nil {
			if expPart == "" || strings.Trim(strings.TrimLeft(expPart, "+-"), "0123456789") != "" {
				return d, false
			}
			e = cgExpLimit // the exponent overflowed int64: it is only its sign that matters now
			if strings.HasPrefix(expPart, "-") {
				e = -cgExpLimit
			}
		}
		d.exp = max(min(e, cgExpLimit), -cgExpLimit)
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || strings.Trim(intPart+frac, "0123456789") != "" {
		return d, false
	}
	// Trailing zeros of the fraction and leading zeros of the integer part carry no value; dropping
	// them first means "1.0", "1500" and "0.25" need no new string (only "12.5" does).
	frac = strings.TrimRight(frac, "0")
	intPart = strings.TrimLeft(intPart, "0")
	digits := frac
	switch {
	case intPart != "" && frac != "":
		digits = intPart + frac
	case intPart != "":
		digits = intPart
	}
	d.exp -= int64(len(frac))
	digits = strings.TrimLeft(digits, "0")
	trimmed := strings.TrimRight(digits, "0")
	d.exp += int64(len(digits) - len(trimmed))
	d.digits = trimmed
	if d.digits == "" {
		d.neg, d.exp = false, 0
	}
	return d, true
}

// isInt reports whether the value is a whole number (1.0 and 1e3 are).
func (d cgDecimal) isInt() bool { return d.digits == "" || d.exp >= 0 }

// cgCmpDecimal returns -1, 0 or +1 as a is less than, equal to or greater than b.
func cgCmpDecimal(a, b cgDecimal) int {
	switch {
	case a.digits == "" && b.digits == "":
		return 0
	case a.digits == "":
		return cgSign(!b.neg) // 0 is above a negative b and below a positive one
	case b.digits == "" || a.neg != b.neg:
		return cgSign(a.neg)
	}
	mag := cgCmpMagnitude(a, b)
	if a.neg {
		return -mag
	}
	return mag
}

// cgSign is -1 when negative is true and +1 otherwise.
func cgSign(negative bool) int {
	if negative {
		return -1
	}
	return 1
}

// cgCmpMagnitude compares |a| and |b|, both non-zero: first the position of the leading digit, then
// the digits themselves.
func cgCmpMagnitude(a, b cgDecimal) int {
	pa, pb := int64(len(a.digits))+a.exp, int64(len(b.digits))+b.exp
	if pa != pb {
		if pa < pb {
			return -1
		}
		return 1
	}
	n := max(len(a.digits), len(b.digits))
	for i := 0; i < n; i++ {
		ca, cb := cgDigitAt(a.digits, i), cgDigitAt(b.digits, i)
		if ca != cb {
			if ca < cb {
				return -1
			}
			return 1
		}
	}
	return 0
}

func cgDigitAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return '0'
}

// cgMultiple is a multipleOf divisor p/q in lowest terms, p > 0.
type cgMultiple struct {
	p, q *big.Int
	// small is p when p fits in an int64 (and q is then irrelevant for integers), else 0.
	small int64
}

func cgNewMultiple(d cgDecimal) *cgMultiple {
	r, ok := new(big.Rat).SetString(d.digits + "e" + strconv.FormatInt(d.exp, 10))
	if !ok || r.Sign() <= 0 {
		return nil
	}
	m := &cgMultiple{p: new(big.Int).Set(r.Num()), q: new(big.Int).Set(r.Denom())}
	if m.p.IsInt64() {
		m.small = m.p.Int64()
	}
	return m
}

// int64Divides reports whether v is a multiple of p/q: v·q/p is whole exactly when p divides v,
// because p and q share no factor.
func (m *cgMultiple) int64Divides(v int64) bool {
	if m.small == 0 {
		return v == 0 // |v| < p
	}
	return v%m.small == 0
}

// divides reports whether the decimal digits × 10^exp is a multiple of p/q, exactly:
// digits·10^exp·q/p must be whole.
func (m *cgMultiple) divides(d cgDecimal) bool {
	if d.digits == "" {
		return true
	}
	mq, _ := new(big.Int).SetString(d.digits, 10)
	mq.Mul(mq, m.q)
	if d.exp >= 0 {
		// p | mq·10^exp: after removing gcd(p, mq), what is left of p must divide 10^exp.
		rest := new(big.Int).Quo(m.p, new(big.Int).GCD(nil, nil, m.p, mq))
		return cgDividesPowerOfTen(rest, d.exp)
	}
	if -d.exp > int64(len(mq.String())) {
		return false // p·10^-exp is larger than mq, which is not zero
	}
	div := new(big.Int).Exp(big.NewInt(10), big.NewInt(-d.exp), nil)
	div.Mul(div, m.p)
	return new(big.Int).Rem(mq, div).Sign() == 0
}

// cgDividesPowerOfTen reports whether n divides 10^e: n must be 2^a·5^b with a, b ≤ e.
func cgDividesPowerOfTen(n *big.Int, e int64) bool {
	n = new(big.Int).Set(n)
	two, five, rem := big.NewInt(2), big.NewInt(5), new(big.Int)
	var a, b int64
	for n.Cmp(big.NewInt(1)) > 0 {
		switch {
		case rem.Rem(n, two).Sign() == 0:
			n.Quo(n, two)
			a++
		case rem.Rem(n, five).Sign() == 0:
			n.Quo(n, five)
			b++
		default:
			return false
		}
	}
	return a <= e && b <= e
}

// cgIntBound is a numeric bound prepared for int64 values: an int64 value satisfies the bound when
// it compares with n as the bound's keyword says, unless the bound lies beyond int64 (always or never).
type cgIntBound struct {
	n    int64
	mode int8 // 0 compare, 1 always satisfied, 2 never satisfied
}

// cgNewIntBound turns "v >= x" (lower) or "v <= x" (upper), with x possibly fractional or huge, into
// an int64 comparison: v >= x ⟺ v >= ceil(x) and v <= x ⟺ v <= floor(x); exclusive bounds move one.
func cgNewIntBound(d cgDecimal, lower, exclusive bool) cgIntBound {
	r, ok := new(big.Rat).SetString(d.signedString())
	if !ok || d.exp > 40 || d.exp < -40-int64(len(d.digits)) {
		return cgHugeBound(d, lower)
	}
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int)) // floor division
	if lower && (m.Sign() != 0 || exclusive) {
		q.Add(q, big.NewInt(1)) // ceil, or the next integer above an exclusive bound
	}
	if !lower && exclusive && m.Sign() == 0 {
		q.Sub(q, big.NewInt(1))
	}
	switch {
	case q.IsInt64():
		return cgIntBound{n: q.Int64()}
	case (q.Sign() > 0) == lower:
		return cgIntBound{mode: 2}
	default:
		return cgIntBound{mode: 1}
	}
}

// cgHugeBound handles bounds far outside int64, or so small in magnitude that they act as zero.
func cgHugeBound(d cgDecimal, lower bool) cgIntBound {
	if d.exp < 0 {
		// |x| < 1: for integers the bound acts as 0 (±1 for the side it excludes).
		switch {
		case lower && !d.neg:
			return cgIntBound{n: 1}
		case lower:
			return cgIntBound{n: 0}
		case !d.neg:
			return cgIntBound{n: 0}
		default:
			return cgIntBound{n: -1}
		}
	}
	if d.neg == lower {
		return cgIntBound{mode: 1}
	}
	return cgIntBound{mode: 2}
}

// signedString writes the decimal as a literal big.Rat can read.
func (d cgDecimal) signedString() string {
	if d.digits == "" {
		return "0"
	}
	s := d.digits + "e" + strconv.FormatInt(d.exp, 10)
	if d.neg {
		return "-" + s
	}
	return s
}

// String writes the decimal in the shortest plain form for messages.
func (d cgDecimal) String() string {
	if d.digits == "" {
		return "0"
	}
	sign := ""
	if d.neg {
		sign = "-"
	}
	switch {
	case d.exp >= 0 && d.exp <= 21:
		return sign + d.digits + strings.Repeat("0", int(d.exp))
	case d.exp < 0 && -d.exp < int64(len(d.digits)):
		cut := len(d.digits) + int(d.exp)
		return sign + d.digits[:cut] + "." + d.digits[cut:]
	case d.exp < 0 && -d.exp-int64(len(d.digits)) <= 6:
		return sign + "0." + strings.Repeat("0", int(-d.exp)-len(d.digits)) + d.digits
	}
	return sign + d.signedString()[len(sign):]
}
