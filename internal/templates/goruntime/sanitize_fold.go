package goruntime

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// sanitizeView is the text the rules match against: the sanitized text
// with every character that merely looks like, or encodes, an ASCII
// character replaced by that character. Fullwidth letters, Cyrillic and
// Greek look-alikes, mathematical alphanumerics, Unicode dashes, spaces
// and colons, percent escapes ("%3D") and JSON escapes ("\u003c", "\n")
// all fold, and combining marks after an ASCII letter or digit vanish, so
// "pass%77ord%3D…", "ѕk-…" and "gh\u034fp_…" meet the same rules as
// their plain forms. The view is only for matching: what a rule finds is
// replaced in the original text, which keeps its own characters.
type sanitizeView struct {
	// text is the folded view, lower the same with ASCII letters
	// lowercased (byte for byte the same length).
	text, lower string
	// offs maps each byte of text, and its end, to the byte of the
	// original that produced it; nil when the view is the original.
	offs []int
}

// source returns the offset in the original text of view offset i.
func (v *sanitizeView) source(i int) int {
	if v.offs == nil {
		return i
	}
	return v.offs[i]
}

// sanitizeFold builds the view of s in one pass.
func sanitizeFold(s string) sanitizeView {
	if !sanitizeNeedsFold(s) {
		return sanitizeView{text: s, lower: sanitizeLowerASCII(s)}
	}
	var b strings.Builder
	b.Grow(len(s))
	offs := make([]int, 0, len(s)+1)
	prevASCIIWord := false
	for i := 0; i < len(s); {
		c, size := sanitizeFoldAt(s, i)
		switch {
		case c == sanitizeDrop && prevASCIIWord:
			// A combining mark after a letter or digit: gone from the view.
		case c == sanitizeDrop || c == sanitizeKeep:
			// Any other character stays as it is, byte for byte.
			for k := range size {
				offs = append(offs, i+k)
			}
			b.WriteString(s[i : i+size])
			prevASCIIWord = false
		default:
			offs = append(offs, i)
			b.WriteByte(c)
			prevASCIIWord = sanitizeIsWordByte(c)
		}
		i += size
	}
	offs = append(offs, len(s))
	text := b.String()
	return sanitizeView{text: text, lower: sanitizeLowerASCII(text), offs: offs}
}

// sanitizeKeep and sanitizeDrop are sanitizeFoldAt's answers for a
// character that has no ASCII form and for a combining mark.
const (
	sanitizeKeep = 0
	sanitizeDrop = 1
)

// sanitizeNeedsFold reports whether s has anything to fold: a non-ASCII
// byte, a percent sign or a backslash.
func sanitizeNeedsFold(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c == '%' || c == '\\' {
			return true
		}
	}
	return false
}

// sanitizeFoldAt returns the ASCII character the text at s[i] stands for
// and how many bytes it spans, or sanitizeKeep (no ASCII form) or
// sanitizeDrop (a combining mark) with the character's size.
func sanitizeFoldAt(s string, i int) (byte, int) {
	c := s[i]
	switch {
	case c == '%' && i+2 < len(s):
		if v, ok := sanitizeHexByte(s[i+1], s[i+2]); ok && v >= 0x20 && v < 0x7f {
			return v, 3
		}
		return c, 1
	case c == '\\' && i+1 < len(s):
		return sanitizeFoldEscape(s, i)
	case c < utf8.RuneSelf:
		return c, 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if f := sanitizeFoldRune(r); f != sanitizeKeep {
		return f, size
	}
	if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
		return sanitizeDrop, size
	}
	return sanitizeKeep, size
}

// sanitizeFoldEscape reads a JSON escape at s[i]: \n, \r and \t fold to
// their characters and \uXXXX to its character's ASCII form; any other
// backslash stays, so escaped quotes still look escaped to the rules.
func sanitizeFoldEscape(s string, i int) (byte, int) {
	switch s[i+1] {
	case 'n':
		return '\n', 2
	case 't':
		return '\t', 2
	case 'r':
		return '\r', 2
	case 'u':
		if i+5 < len(s) {
			var r rune
			for _, h := range []byte(s[i+2 : i+6]) {
				v, ok := sanitizeHexDigit(h)
				if !ok {
					return '\\', 1
				}
				r = r<<4 | rune(v)
			}
			switch {
			case r >= 0x20 && r < 0x7f && r != '"' && r != '\\':
				return byte(r), 6
			case r >= utf8.RuneSelf:
				if f := sanitizeFoldRune(r); f != sanitizeKeep {
					return f, 6
				}
			}
		}
	}
	return '\\', 1
}

// sanitizeHexByte decodes two hex digits.
func sanitizeHexByte(hi, lo byte) (byte, bool) {
	h, ok1 := sanitizeHexDigit(hi)
	l, ok2 := sanitizeHexDigit(lo)
	return h<<4 | l, ok1 && ok2
}

func sanitizeHexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// sanitizeFoldRune returns the ASCII character r is a compatibility or
// confusable form of, or sanitizeKeep.
func sanitizeFoldRune(r rune) byte {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E: // fullwidth ASCII
		return byte(r - 0xFEE0)
	case r >= 0x1D400 && r <= 0x1D6A3: // mathematical letters, 13 styles of A-Z a-z
		k := (r - 0x1D400) % 52
		if k < 26 {
			return byte('A' + k)
		}
		return byte('a' + k - 26)
	case r >= 0x1D7CE && r <= 0x1D7FF: // mathematical digits
		return byte('0' + (r-0x1D7CE)%10)
	case unicode.Is(unicode.Zs, r):
		return ' '
	}
	if c, ok := sanitizeConfusables[r]; ok {
		return c
	}
	return sanitizeKeep
}

// sanitizeConfusables maps look-alikes of ASCII characters used in
// separators and in key and keyword prefixes: dashes, colons, quotes and
// angle brackets, vertical bars, and the Cyrillic and Greek letters that
// render like Latin ones (Unicode's confusables.txt, restricted to those).
var sanitizeConfusables = map[rune]byte{
	'\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-',
	'\u2212': '-', '\uFE58': '-', '\uFE63': '-', '\u2043': '-',
	'\u2236': ':', '\uA789': ':', '\uFE55': ':', '\u02D0': ':', '\u0589': ':',
	'\u2018': '\'', '\u2019': '\'', '\u201C': '"', '\u201D': '"',
	'\u2039': '<', '\u203A': '>', '\u3008': '<', '\u3009': '>', '\uFE64': '<', '\uFE65': '>',
	'\u2329': '<', '\u232A': '>', '\u27E8': '<', '\u27E9': '>',
	'\u2223': '|', '\u01C0': '|', '\u2502': '|', '\uFFE8': '|',
	'\uFE4D': '_', '\uFE4E': '_', '\uFE4F': '_', '\u2017': '_',
	'\u2024': '.', '\uFE52': '.', '\u3002': '.',
	'\u2215': '/', '\u2044': '/', '\u29F8': '/',
	'\u2260': '=', '\uFE66': '=', '\u2550': '=',
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
	'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ј': 'j', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l', 'ԛ': 'q', 'ԝ': 'w',
	'ѵ': 'v', 'ɡ': 'g', 'ү': 'y', 'ɑ': 'a',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T',
	'У': 'Y', 'Х': 'X', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ԁ': 'D', 'Һ': 'H', 'Ӏ': 'I', 'Ԛ': 'Q', 'Ԝ': 'W',
	// Greek
	'α': 'a', 'ο': 'o', 'ν': 'v', 'ρ': 'p', 'ι': 'i', 'κ': 'k', 'υ': 'u', 'τ': 't', 'ε': 'e',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
	// Latin letters that pass for others
	'ı': 'i', 'ǃ': '!', 'ℓ': 'l', 'ꓲ': 'I',
}
