package cgruntime

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Formats are checked only when the generator was asked to assert them (--formats assert): the
// table then holds Node.Format for the formats this file checks, each to the letter of its RFC.
// Values of other JSON types pass, as the specification says.

// AssertedFormats are the formats the runtime checks. Other formats stay annotations; the
// generator refuses to assert those it cannot check exactly (hostname and the idn- formats, whose
// IDNA2008 rules need Unicode tables the standard library lacks).
var AssertedFormats = []string{"date-time", "date", "time", "duration", "uuid", "uri", "uri-reference",
	"iri", "iri-reference", "uri-template", "ipv4", "ipv6", "email", "json-pointer",
	"relative-json-pointer", "regex"}

// checkFormat reports whether s is a valid value of the named format; a format the runtime does
// not check is always valid.
func checkFormat(format, s string) bool {
	switch format {
	case "date-time":
		d, t, ok := strings.Cut(s, "T")
		if !ok {
			d, t, ok = strings.Cut(s, "t")
		}
		return ok && isDate(d) && isTime(t)
	case "date":
		return isDate(s)
	case "time":
		return isTime(s)
	case "duration":
		return isDuration(s)
	case "uuid":
		return isUUID(s)
	case "uri":
		return isURI(s, false, false)
	case "uri-reference":
		return isURI(s, true, false)
	case "iri":
		return isURI(s, false, true)
	case "iri-reference":
		return isURI(s, true, true)
	case "uri-template":
		return isURITemplate(s)
	case "ipv4":
		return isIPv4(s)
	case "ipv6":
		return isIPv6(s)
	case "email":
		return isEmail(s)
	case "json-pointer":
		return isJSONPointer(s)
	case "relative-json-pointer":
		return isRelativeJSONPointer(s)
	case "regex":
		_, err := RE2Pattern(s)
		var only *ECMAOnlyError
		return err == nil || errors.As(err, &only)
	}
	return true
}

func digits(s string, n int) (int, bool) {
	if len(s) != n {
		return 0, false
	}
	v := 0
	for i := 0; i < n; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// isDate is RFC 3339's full-date, days checked against the month and leap years.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	y, ok1 := digits(s[:4], 4)
	m, ok2 := digits(s[5:7], 2)
	d, ok3 := digits(s[8:], 2)
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days
}

// isTime is RFC 3339's full-time: the offset is required, and a leap second (60) only at 23:59
// UTC.
func isTime(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok1 := digits(s[:2], 2)
	m, ok2 := digits(s[3:5], 2)
	sec, ok3 := digits(s[6:8], 2)
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 60 {
		return false
	}
	rest := s[8:]
	if strings.HasPrefix(rest, ".") {
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 1 {
			return false
		}
		rest = rest[i:]
	}
	offset := 0
	switch {
	case rest == "Z" || rest == "z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := digits(rest[1:3], 2)
		om, ok2 := digits(rest[4:], 2)
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return false
		}
		offset = oh*60 + om
		if rest[0] == '+' {
			offset = -offset
		}
	default:
		return false
	}
	if sec == 60 {
		utc := ((h*60+m+offset)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

// isDuration is RFC 3339 appendix A's duration.
func isDuration(s string) bool {
	if !strings.HasPrefix(s, "P") || len(s) < 2 {
		return false
	}
	s = s[1:]
	// units consumes number-unit pairs whose units appear in order within allowed, at least one.
	units := func(s, allowed string) (string, bool) {
		any := false
		for s != "" {
			i := 0
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			if i == 0 || i == len(s) {
				break
			}
			k := strings.IndexByte(allowed, s[i])
			if k < 0 {
				break
			}
			allowed = allowed[k+1:]
			s, any = s[i+1:], true
		}
		return s, any
	}
	if rest, ok := units(s, "W"); ok {
		return rest == ""
	}
	date, timePart, hasT := strings.Cut(s, "T")
	if date != "" {
		rest, ok := units(date, "YMD")
		if !ok || rest != "" || !contiguous(date, "YMD") {
			return false
		}
	}
	if !hasT {
		return date != ""
	}
	rest, ok := units(timePart, "HMS")
	return ok && rest == "" && contiguous(timePart, "HMS")
}

// contiguous reports whether the units used in s are consecutive in order (no "1Y1D" without M):
// RFC 3339's grammar nests them.
func contiguous(s, order string) bool {
	var used []int
	for i := 0; i < len(s); i++ {
		if k := strings.IndexByte(order, s[i]); k >= 0 {
			used = append(used, k)
		}
	}
	for i := 1; i < len(used); i++ {
		if used[i] != used[i-1]+1 {
			return false
		}
	}
	return true
}

// isUUID is RFC 9562's string form: 8-4-4-4-12 hexadecimal digits.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if !isHex(s[i]) {
			return false
		}
	}
	return true
}

// isIPv4 is RFC 2673's dotted-quad: four decimal octets without leading zeros.
func isIPv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || len(p) > 1 && p[0] == '0' {
			return false
		}
		v, ok := digits(p, len(p))
		if !ok || v > 255 {
			return false
		}
	}
	return true
}

// isIPv6 is RFC 4291's text form, without a zone or prefix length.
func isIPv6(s string) bool {
	if !strings.Contains(s, ":") || strings.ContainsAny(s, "%/") {
		return false
	}
	if i := strings.LastIndexByte(s, ':'); strings.Contains(s[i:], ".") && !isIPv4(s[i+1:]) {
		return false
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6()
}

// isEmail is RFC 5321's Mailbox: a dot-string or quoted-string local part, and a domain or an
// address literal.
func isEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if strings.HasPrefix(local, `"`) {
		if len(local) < 2 || !strings.HasSuffix(local, `"`) {
			return false
		}
		for i := 1; i < len(local)-1; i++ {
			c := local[i]
			if c == '\\' {
				i++
				if i == len(local)-1 || local[i] < 32 || local[i] > 126 {
					return false
				}
				continue
			}
			if c == '"' || c < 32 || c > 126 {
				return false
			}
		}
	} else {
		for _, atom := range strings.Split(local, ".") {
			if atom == "" {
				return false
			}
			for i := 0; i < len(atom); i++ {
				if !isAtext(atom[i]) {
					return false
				}
			}
		}
	}
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		lit := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(lit, "IPv6:"); ok {
			return isIPv6(v6)
		}
		return isIPv4(lit)
	}
	return isHostname(domain)
}

func isAtext(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0
}

// isHostname is RFC 1123's host name: labels of letters, digits and inner hyphens, at most 63
// octets each and 253 in all.
func isHostname(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// isJSONPointer is RFC 6901's json-pointer.
func isJSONPointer(s string) bool {
	if s != "" && s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return false
		}
	}
	return true
}

// isRelativeJSONPointer is draft-handrews-relative-json-pointer-01: a non-negative integer without
// leading zeros, then "#" or a JSON pointer.
func isRelativeJSONPointer(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i > 1 && s[0] == '0' {
		return false
	}
	return s[i:] == "#" || isJSONPointer(s[i:])
}

// isURI parses RFC 3986's URI (or URI-reference with ref), or RFC 3987's IRI forms with iri.
func isURI(s string, ref, iri bool) bool {
	rest := s
	if i := strings.IndexAny(rest, ":/?#"); i > 0 && rest[i] == ':' {
		scheme := rest[:i]
		if !isASCIILetter(scheme[0]) {
			return false
		}
		for j := 1; j < len(scheme); j++ {
			c := scheme[j]
			if !(isASCIILetter(c) || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
				return false
			}
		}
		rest = rest[i+1:]
	} else if !ref {
		return false
	} else if i := strings.IndexAny(rest, "/?#"); strings.Contains(rest[:max(i, 0)], ":") || i < 0 && strings.Contains(rest, ":") {
		// A relative path's first segment cannot hold a colon.
		return false
	}
	if f := strings.IndexByte(rest, '#'); f >= 0 {
		if !uriChars(rest[f+1:], "/?:@", iri) {
			return false
		}
		rest = rest[:f]
	}
	if q := strings.IndexByte(rest, '?'); q >= 0 {
		if !uriChars(rest[q+1:], "/?:@", iri) {
			return false
		}
		rest = rest[:q]
	}
	if after, ok := strings.CutPrefix(rest, "//"); ok {
		authority, path := after, ""
		if p := strings.IndexByte(after, '/'); p >= 0 {
			authority, path = after[:p], after[p:]
		}
		if !isAuthority(authority, iri) {
			return false
		}
		rest = path
	}
	return uriChars(rest, "/:@", iri)
}

// isAuthority checks [userinfo "@"] host [":" port].
func isAuthority(a string, iri bool) bool {
	if at := strings.LastIndexByte(a, '@'); at >= 0 {
		if !uriChars(a[:at], ":", iri) {
			return false
		}
		a = a[at+1:]
	}
	host := a
	if strings.HasPrefix(a, "[") {
		end := strings.IndexByte(a, ']')
		if end < 0 {
			return false
		}
		lit := a[1:end]
		if strings.HasPrefix(lit, "v") || strings.HasPrefix(lit, "V") {
			dot := strings.IndexByte(lit, '.')
			if dot < 2 || dot == len(lit)-1 {
				return false
			}
			for i := 1; i < dot; i++ {
				if !isHex(lit[i]) {
					return false
				}
			}
			if !uriChars(lit[dot+1:], ":", false) || strings.Contains(lit, "%") {
				return false
			}
		} else if !isIPv6(lit) {
			return false
		}
		host, a = "", a[end+1:]
		if a != "" && a[0] != ':' {
			return false
		}
	} else if c := strings.LastIndexByte(a, ':'); c >= 0 {
		host, a = a[:c], a[c:]
	} else {
		a = ""
	}
	if port, ok := strings.CutPrefix(a, ":"); ok {
		if _, ok := digits(port, len(port)); !ok && port != "" {
			return false
		}
	}
	return uriChars(host, "", iri)
}

// uriChars reports whether s holds only unreserved characters, sub-delims, percent-encodings,
// the extra characters given and, for IRIs, RFC 3987's ucschar (and iprivate in queries).
func uriChars(s, extra string, iri bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 3
			continue
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !iri || !isUcschar(r) {
				return false
			}
			i += n
			continue
		case isASCIILetter(c) || c >= '0' && c <= '9' || strings.IndexByte("-._~!$&'()*+,;=", c) >= 0 ||
			strings.IndexByte(extra, c) >= 0:
		default:
			return false
		}
		i++
	}
	return true
}

// isUcschar is RFC 3987's ucschar and iprivate.
func isUcschar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0xE000 && r <= 0xF8FF, r >= 0xF0000 && r <= 0x10FFFD:
		return true
	case r >= 0x10000 && r <= 0xEFFFD:
		return r&0xFFFF <= 0xFFFD
	}
	return false
}

// isURITemplate is RFC 6570's URI-Template.
func isURITemplate(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 || !isTemplateExpression(s[i+1:i+end]) {
				return false
			}
			i += end + 1
			continue
		case c == '}' || c <= ' ' || c == 0x7f || strings.IndexByte(`"<>\^`+"`|", c) >= 0:
			return false
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
		}
		i++
	}
	return true
}

func isTemplateExpression(e string) bool {
	if e != "" && strings.IndexByte("+#./;?&", e[0]) >= 0 {
		e = e[1:]
	}
	for _, spec := range strings.Split(e, ",") {
		name := spec
		if n, ok := strings.CutSuffix(spec, "*"); ok {
			name = n
		} else if n, l, ok := strings.Cut(spec, ":"); ok {
			if l == "" || len(l) > 4 || l[0] == '0' {
				return false
			}
			if _, ok := digits(l, len(l)); !ok {
				return false
			}
			name = n
		}
		if name == "" || name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(name, "..") {
			return false
		}
		for i := 0; i < len(name); i++ {
			c := name[i]
			switch {
			case c == '%':
				if i+2 >= len(name) || !isHex(name[i+1]) || !isHex(name[i+2]) {
					return false
				}
				i += 2
			case isASCIILetter(c) || c >= '0' && c <= '9' || c == '_' || c == '.':
			default:
				return false
			}
		}
	}
	return true
}

// formatMessage is the violation's message.
func formatMessage(format string) string { return "is not a valid " + strconv.Quote(format) }
