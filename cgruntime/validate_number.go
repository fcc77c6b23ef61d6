package cgruntime

import (
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// decimal is a JSON number held exactly as digits × 10^exp, with the digits stripped of leading and
// trailing zeros ("" for zero). Comparing two decimals needs only their digit strings, so numbers of
// any size and precision ("1e400", "0.1", a 40-digit integer) compare exactly and cheaply, and a
// short input can never make the validator build a huge big.Int.
type decimal struct {
	neg    bool
	digits string
	exp    int64
}

// expLimit bounds exponents; beyond it every comparison is still exact (the magnitudes differ), and
// the clamp only keeps the arithmetic on exponents from overflowing.
const expLimit = 1 << 50

// parseDecimal reads a JSON number literal. It reports false for anything that is not one.
func parseDecimal(lit string) (decimal, bool) {
	var d decimal
	s := lit
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	mant, expPart, hasExp := s, "", false
	if i := exponentAt(s); i >= 0 {
		mant, expPart, hasExp = s[:i], s[i+1:], true
	}
	if hasExp {
		e, err := strconv.ParseInt(strings.TrimPrefix(expPart, "+"), 10, 64)
		if err != nil {
			if expPart == "" || !allDigits(strings.TrimLeft(expPart, "+-")) {
				return d, false
			}
			e = expLimit // the exponent overflowed int64: it is only its sign that matters now
			if strings.HasPrefix(expPart, "-") {
				e = -expLimit
			}
		}
		d.exp = max(min(e, expLimit), -expLimit)
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || !allDigits(intPart) || !allDigits(frac) {
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

// exponentAt returns the index of the exponent's "e" or "E" in a number literal, or -1.
func exponentAt(s string) int {
	i, j := strings.IndexByte(s, 'e'), strings.IndexByte(s, 'E')
	if i < 0 || (j >= 0 && j < i) {
		return j
	}
	return i
}

// allDigits reports whether s is made of ASCII digits only.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isInt reports whether the value is a whole number (1.0 and 1e3 are).
func (d decimal) isInt() bool { return d.digits == "" || d.exp >= 0 }

// int64 returns a whole value as an int64, and false when it is not whole or lies outside int64.
// A value with more than 19 digits before the point cannot fit, so the digits are never parsed.
func (d decimal) int64() (int64, bool) {
	if !d.isInt() || int64(len(d.digits))+d.exp > 19 {
		return 0, false
	}
	if d.digits == "" {
		return 0, true // zero, however written (0.0, -0, 0e5): no digits to parse
	}
	var buf [24]byte
	lit := buf[:0]
	if d.neg {
		lit = append(lit, '-')
	}
	lit = append(lit, d.digits...)
	for range d.exp {
		lit = append(lit, '0')
	}
	n, err := strconv.ParseInt(string(lit), 10, 64)
	return n, err == nil
}

// cmpDecimal returns -1, 0 or +1 as a is less than, equal to or greater than b.
func cmpDecimal(a, b decimal) int {
	switch {
	case a.digits == "" && b.digits == "":
		return 0
	case a.digits == "":
		return sign(!b.neg) // 0 is above a negative b and below a positive one
	case b.digits == "" || a.neg != b.neg:
		return sign(a.neg)
	}
	mag := cmpMagnitude(a, b)
	if a.neg {
		return -mag
	}
	return mag
}

// sign is -1 when negative is true and +1 otherwise.
func sign(negative bool) int {
	if negative {
		return -1
	}
	return 1
}

// cmpMagnitude compares |a| and |b|, both non-zero: first the position of the leading digit, then
// the digits themselves.
func cmpMagnitude(a, b decimal) int {
	pa, pb := int64(len(a.digits))+a.exp, int64(len(b.digits))+b.exp
	if pa != pb {
		if pa < pb {
			return -1
		}
		return 1
	}
	n := max(len(a.digits), len(b.digits))
	for i := 0; i < n; i++ {
		ca, cb := digitAt(a.digits, i), digitAt(b.digits, i)
		if ca != cb {
			if ca < cb {
				return -1
			}
			return 1
		}
	}
	return 0
}

func digitAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return '0'
}

// multipleDigitLimit is the most significant digits a fractional number may have for multipleOf
// to be checked on it. Checking a number of n digits against a divisor of 10^-n needs n-digit
// arithmetic on every digit, which would make a single long literal cost seconds; beyond the limit
// the value is a violation that says so. Whole numbers of any length are checked in linear time.
const multipleDigitLimit = 1000

// multiple is a multipleOf divisor p/q in lowest terms, p > 0.
type multiple struct {
	p, q *big.Int
	// small is p when p fits in an int64 (and q is then irrelevant for integers), else 0.
	small int64
	// qDigits is the number of decimal digits of q.
	qDigits int
}

func newMultiple(d decimal) *multiple {
	r, ok := new(big.Rat).SetString(d.digits + "e" + strconv.FormatInt(d.exp, 10))
	if !ok || r.Sign() <= 0 {
		return nil
	}
	m := &multiple{p: new(big.Int).Set(r.Num()), q: new(big.Int).Set(r.Denom())}
	if m.p.IsInt64() {
		m.small = m.p.Int64()
	}
	m.qDigits = len(m.q.String())
	return m
}

// int64Divides reports whether v is a multiple of p/q: v·q/p is whole exactly when p divides v,
// because p and q share no factor.
func (m *multiple) int64Divides(v int64) bool {
	if m.small == 0 {
		return v == 0 // |v| < p
	}
	return v%m.small == 0
}

// tooLong reports whether d is a fraction with more digits than multipleOf is checked on.
func (m *multiple) tooLong(d decimal) bool {
	return d.exp < 0 && len(d.digits) > multipleDigitLimit
}

// divides reports whether the decimal N × 10^exp (N = digits) is a multiple of p/q, exactly:
// N·10^exp·q/p must be whole. Its cost is linear in the number of digits for whole numbers, and
// bounded by multipleDigitLimit for fractions (tooLong reports those beyond it; divides says false).
func (m *multiple) divides(d decimal) bool {
	if d.digits == "" {
		return true
	}
	if d.exp >= 0 {
		// p | N·10^exp: with g = gcd(p, 10^exp), p/g and 10^exp/g share no factor, so p/g | N.
		return digitsMod(d.digits, m.withoutTens(d.exp)).Sign() == 0
	}
	k := -d.exp
	if k > int64(len(d.digits)+m.qDigits) {
		return false // 0 < N·q < 10^k ≤ p·10^k
	}
	if m.tooLong(d) {
		return false
	}
	div := new(big.Int).Exp(big.NewInt(10), big.NewInt(k), nil)
	div.Mul(div, m.p)
	rem := digitsMod(d.digits, div)
	rem.Mul(rem, m.q)
	return rem.Rem(rem, div).Sign() == 0
}

// withoutTens returns p/gcd(p, 10^e): p without up to e factors of 2 and up to e factors of 5.
func (m *multiple) withoutTens(e int64) *big.Int {
	n := new(big.Int).Set(m.p)
	var twos int64
	for twos < e && n.Sign() != 0 && n.Bit(0) == 0 {
		n.Rsh(n, 1)
		twos++
	}
	five, q, r := big.NewInt(5), new(big.Int), new(big.Int)
	for fives := int64(0); fives < e; fives++ {
		if q.QuoRem(n, five, r); r.Sign() != 0 {
			break
		}
		n.Set(q)
	}
	return n
}

// digitsMod returns the decimal digit string s modulo mod (> 0), by Horner's rule over chunks of
// 18 digits: linear in len(s), with native arithmetic when mod fits in 64 bits.
func digitsMod(s string, mod *big.Int) *big.Int {
	const chunk = 18
	if mod.IsUint64() {
		m, rem := mod.Uint64(), uint64(0)
		for i := 0; i < len(s); i += chunk {
			j := min(i+chunk, len(s))
			v, _ := strconv.ParseUint(s[i:j], 10, 64)
			hi, lo := bits.Mul64(rem, pow10[j-i])
			lo, carry := bits.Add64(lo, v, 0)
			_, rem = bits.Div64(hi+carry, lo, m)
		}
		return new(big.Int).SetUint64(rem)
	}
	rem, v, scale := new(big.Int), new(big.Int), new(big.Int)
	for i := 0; i < len(s); i += chunk {
		j := min(i+chunk, len(s))
		n, _ := strconv.ParseUint(s[i:j], 10, 64)
		rem.Mul(rem, scale.SetUint64(pow10[j-i]))
		rem.Add(rem, v.SetUint64(n))
		rem.Rem(rem, mod)
	}
	return rem
}

// pow10 holds 10^0 … 10^18.
var pow10 = func() (p [19]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// intBound is a numeric bound prepared for int64 values: an int64 value satisfies the bound when
// it compares with n as the bound's keyword says, unless the bound lies beyond int64 (always or never).
type intBound struct {
	n    int64
	mode int8 // 0 compare, 1 always satisfied, 2 never satisfied
}

// newIntBound turns "v >= x" (lower) or "v <= x" (upper), with x possibly fractional or huge, into
// an int64 comparison: v >= x ⟺ v >= ceil(x) and v <= x ⟺ v <= floor(x); exclusive bounds move one.
func newIntBound(d decimal, lower, exclusive bool) intBound {
	r, ok := new(big.Rat).SetString(d.signedString())
	if !ok || d.exp > 40 || d.exp < -40-int64(len(d.digits)) {
		return hugeBound(d, lower)
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
		return intBound{n: q.Int64()}
	case (q.Sign() > 0) == lower:
		return intBound{mode: 2}
	default:
		return intBound{mode: 1}
	}
}

// hugeBound handles bounds far outside int64, or so small in magnitude that they act as zero.
func hugeBound(d decimal, lower bool) intBound {
	if d.exp < 0 {
		// |x| < 1: for integers the bound acts as 0 (±1 for the side it excludes).
		switch {
		case lower && !d.neg:
			return intBound{n: 1}
		case lower:
			return intBound{n: 0}
		case !d.neg:
			return intBound{n: 0}
		default:
			return intBound{n: -1}
		}
	}
	if d.neg == lower {
		return intBound{mode: 1}
	}
	return intBound{mode: 2}
}

// signedString writes the decimal as a literal big.Rat can read.
func (d decimal) signedString() string {
	if d.digits == "" {
		return "0"
	}
	s := d.digits + "e" + strconv.FormatInt(d.exp, 10)
	if d.neg {
		return "-" + s
	}
	return s
}

// String writes the decimal in the shortest plain form for messages; a value of more than 64
// digits is abbreviated, so that a message stays short whatever the input.
func (d decimal) String() string {
	if d.digits == "" {
		return "0"
	}
	if len(d.digits) > 64 {
		sign := ""
		if d.neg {
			sign = "-"
		}
		return sign + d.digits[:1] + "." + d.digits[1:17] + "…e" + strconv.FormatInt(d.exp+int64(len(d.digits))-1, 10) +
			" (" + strconv.Itoa(len(d.digits)) + " digits)"
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
