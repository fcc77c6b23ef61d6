//! Exact decimals: a JSON number as digits × 10^exp, compared and divided exactly, written for
//! messages as the Go runtime writes them.

use std::cmp::Ordering;

/// Exponents are clamped here; beyond it every comparison is still exact (the magnitudes differ).
const EXP_LIMIT: i64 = 1 << 50;

/// The most significant digits a fractional number may have for multipleOf to be checked on it,
/// as in the Go runtime.
pub const MULTIPLE_DIGIT_LIMIT: usize = 1000;

/// A number as digits × 10^exp, the digits without leading or trailing zeros ("" for zero).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decimal {
    pub neg: bool,
    pub digits: String,
    pub exp: i64,
}

impl Decimal {
    /// Reads a JSON number literal, or `None` for anything that is not one.
    pub fn parse(lit: &str) -> Option<Decimal> {
        let (neg, s) = match lit.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, lit),
        };
        let (mant, exp) = match s.find(['e', 'E']) {
            Some(i) => {
                let e = &s[i + 1..];
                let body = e.trim_start_matches(['+', '-']);
                if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit()) || e.len() - body.len() > 1 {
                    return None;
                }
                let v = body.parse::<i64>().unwrap_or(EXP_LIMIT).min(EXP_LIMIT);
                (&s[..i], if e.starts_with('-') { -v } else { v })
            }
            None => (s, 0),
        };
        let (int_part, frac) = match mant.split_once('.') {
            Some((a, b)) => (a, b),
            None => (mant, ""),
        };
        if int_part.is_empty() || !int_part.bytes().all(|c| c.is_ascii_digit()) || !frac.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let mut digits = String::with_capacity(int_part.len() + frac.len());
        digits.push_str(int_part);
        digits.push_str(frac);
        let mut exp = exp - frac.len() as i64;
        let lead = digits.len() - digits.trim_start_matches('0').len();
        digits.drain(..lead);
        let trimmed = digits.trim_end_matches('0').len();
        exp += (digits.len() - trimmed) as i64;
        digits.truncate(trimmed);
        if digits.is_empty() {
            return Some(Decimal { neg: false, digits, exp: 0 });
        }
        Some(Decimal { neg, digits, exp })
    }

    /// Whether the value is whole (1.0 and 1e3 are).
    pub fn is_int(&self) -> bool {
        self.digits.is_empty() || self.exp >= 0
    }

    fn signed(&self) -> String {
        if self.digits.is_empty() {
            return "0".into();
        }
        format!("{}{}e{}", if self.neg { "-" } else { "" }, self.digits, self.exp)
    }
}

impl std::fmt::Display for Decimal {
    /// The shortest plain form, as the Go runtime's messages write it; more than 64 digits are
    /// abbreviated.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.digits.is_empty() {
            return f.write_str("0");
        }
        let sign = if self.neg { "-" } else { "" };
        let d = &self.digits;
        let n = d.len() as i64;
        if d.len() > 64 {
            return write!(f, "{sign}{}.{}…e{} ({} digits)", &d[..1], &d[1..17], self.exp + n - 1, d.len());
        }
        let e = self.exp;
        if (0..=21).contains(&e) {
            write!(f, "{sign}{d}{}", "0".repeat(e as usize))
        } else if e < 0 && -e < n {
            let cut = (n + e) as usize;
            write!(f, "{sign}{}.{}", &d[..cut], &d[cut..])
        } else if e < 0 && -e - n <= 6 {
            write!(f, "{sign}0.{}{d}", "0".repeat((-e - n) as usize))
        } else {
            f.write_str(&self.signed())
        }
    }
}

/// Compares two decimals exactly.
pub fn cmp(a: &Decimal, b: &Decimal) -> Ordering {
    match (a.digits.is_empty(), b.digits.is_empty()) {
        (true, true) => return Ordering::Equal,
        (true, false) => return if b.neg { Ordering::Greater } else { Ordering::Less },
        (false, true) => return if a.neg { Ordering::Less } else { Ordering::Greater },
        _ => {}
    }
    if a.neg != b.neg {
        return if a.neg { Ordering::Less } else { Ordering::Greater };
    }
    let pa = a.digits.len() as i64 + a.exp;
    let pb = b.digits.len() as i64 + b.exp;
    let mag = pa.cmp(&pb).then_with(|| {
        let n = a.digits.len().max(b.digits.len());
        let da = a.digits.bytes().chain(std::iter::repeat(b'0')).take(n);
        let db = b.digits.bytes().chain(std::iter::repeat(b'0')).take(n);
        da.cmp(db)
    });
    if a.neg {
        mag.reverse()
    } else {
        mag
    }
}

/// A multipleOf divisor M × 10^e, with M small enough for 128-bit arithmetic on its remainders.
#[derive(Debug, Clone)]
pub struct Multiple {
    m: u64,
    exp: i64,
}

impl Multiple {
    /// The divisor of a positive decimal, or `None` when its digits do not fit in 64 bits (the
    /// generator refuses such a schema for this target).
    pub fn new(d: &Decimal) -> Option<Multiple> {
        if d.neg || d.digits.is_empty() {
            return None;
        }
        Some(Multiple { m: d.digits.parse().ok()?, exp: d.exp })
    }

    /// Whether a fraction has more digits than multipleOf is checked on.
    pub fn too_long(&self, d: &Decimal) -> bool {
        d.exp < 0 && d.digits.len() > MULTIPLE_DIGIT_LIMIT
    }

    /// Whether d / (M × 10^e) is whole. The digits of d carry no trailing zero, so when d's
    /// exponent is below the divisor's the quotient keeps a factor 1/10 and is not whole;
    /// otherwise M must divide D × 10^shift.
    pub fn divides(&self, d: &Decimal) -> bool {
        if d.digits.is_empty() {
            return true;
        }
        let shift = d.exp - self.exp;
        if shift < 0 {
            return false;
        }
        let m = self.m as u128;
        let mut rem: u128 = 0;
        for c in d.digits.bytes() {
            rem = (rem * 10 + (c - b'0') as u128) % m;
        }
        let mut pow: u128 = 1 % m;
        let mut base: u128 = 10 % m;
        let mut e = shift;
        while e > 0 {
            if e & 1 == 1 {
                pow = pow * base % m;
            }
            base = base * base % m;
            e >>= 1;
        }
        rem * pow % m == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::parse(s).unwrap()
    }

    #[test]
    fn parses_and_prints_like_go() {
        for (lit, want) in [("1.0", "1"), ("1e3", "1000"), ("-0", "0"), ("0.0001", "0.0001"), ("1e400", "1e400"), ("1.5e-7", "0.00000015"), ("15e-9", "15e-9"), ("12.50", "12.5"), ("-1e22", "-1e22")] {
            assert_eq!(d(lit).to_string(), want, "{lit}");
        }
        assert!(Decimal::parse("abc").is_none());
    }

    #[test]
    fn compares_exactly() {
        assert_eq!(cmp(&d("1.0000000000000001"), &d("1")), Ordering::Greater);
        assert_eq!(cmp(&d("-2"), &d("-10")), Ordering::Greater);
        assert_eq!(cmp(&d("0"), &d("-0.5")), Ordering::Greater);
        assert_eq!(cmp(&d("1e400"), &d("9e399")), Ordering::Greater);
    }

    #[test]
    fn multiples() {
        let m = Multiple::new(&d("0.01")).unwrap();
        assert!(m.divides(&d("1.25")));
        assert!(!m.divides(&d("1.255")));
        let m = Multiple::new(&d("3")).unwrap();
        assert!(m.divides(&d("123456789012345678901234567890")));
        assert!(!m.divides(&d("1e400")));
        assert!(m.divides(&d("3e400")));
    }
}
