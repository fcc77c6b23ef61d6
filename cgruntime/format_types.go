package cgruntime

import (
	"errors"
	"net/mail"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The typed formats: string types for the values of a "format" that keep the text exactly as it
// was decoded, so that decoding and re-encoding a value changes no byte ("2026-12-03T10:00:00+00:00"
// stays as written; time.Time would write "2026-12-03T10:00:00Z"). Each is a defined string type,
// so the generated codec decodes, encodes and validates it as the string it is, and a value the
// format does not admit still decodes: whether the format is asserted is the schema's business,
// not the Go type's. The accessors parse the text on demand and report text that does not parse.

// DateTime is the text of a "date-time" value (RFC 3339 date-time).
type DateTime string

// Date is the text of a "date" value (RFC 3339 full-date).
type Date string

// TimeOfDay is the text of a "time" value (RFC 3339 full-time, with its offset).
type TimeOfDay string

// Duration is the text of a "duration" value (ISO 8601 duration, as RFC 3339 appendix A has it).
type Duration string

// UUID is the text of a "uuid" value (RFC 4122), in the case it was written in.
type UUID string

// URI is the text of a "uri" value (RFC 3986 URI).
type URI string

// IPv4 is the text of an "ipv4" value (dotted-quad).
type IPv4 string

// IPv6 is the text of an "ipv6" value (RFC 4291 text form).
type IPv6 string

// Email is the text of an "email" value (RFC 5321 mailbox).
type Email string

// errFormat reports text that is not of the format its type stands for.
func errFormat(format, s string) error {
	return errors.New(strconv.Quote(s) + " is not a valid " + strconv.Quote(format))
}

// Time parses the date-time. A leap second (":60"), which RFC 3339 allows and time.Time cannot
// hold, is an error; the text itself stays valid.
func (v DateTime) Time() (time.Time, error) {
	if !checkFormat("date-time", string(v)) {
		return time.Time{}, errFormat("date-time", string(v))
	}
	// RFC 3339 allows "t", "z" and a space-free lowercase form; time.RFC3339Nano wants upper case.
	return time.Parse(time.RFC3339Nano, strings.ToUpper(string(v)))
}

// Time returns midnight UTC of the date.
func (v Date) Time() (time.Time, error) {
	if !checkFormat("date", string(v)) {
		return time.Time{}, errFormat("date", string(v))
	}
	return time.Parse(time.DateOnly, string(v))
}

// Time returns the time of day on 0000-01-01, in the fixed zone of its offset.
func (v TimeOfDay) Time() (time.Time, error) {
	if !checkFormat("time", string(v)) {
		return time.Time{}, errFormat("time", string(v))
	}
	return time.Parse("15:04:05.999999999Z07:00", strings.ToUpper(string(v)))
}

// Valid reports whether the text is an ISO 8601 duration as the "duration" format defines it.
// A duration of years, months or weeks has no fixed length, so there is no time.Duration
// accessor; callers that need one parse the text against their own calendar.
func (v Duration) Valid() bool { return checkFormat("duration", string(v)) }

// Bytes parses the UUID into its 16 bytes.
func (v UUID) Bytes() ([16]byte, error) {
	var b [16]byte
	if !checkFormat("uuid", string(v)) {
		return b, errFormat("uuid", string(v))
	}
	hex := strings.ReplaceAll(string(v), "-", "")
	for i := range b {
		n, err := strconv.ParseUint(hex[2*i:2*i+2], 16, 8)
		if err != nil {
			return b, errFormat("uuid", string(v))
		}
		b[i] = byte(n)
	}
	return b, nil
}

// URL parses the URI.
func (v URI) URL() (*url.URL, error) {
	if !checkFormat("uri", string(v)) {
		return nil, errFormat("uri", string(v))
	}
	return url.Parse(string(v))
}

// Addr parses the IPv4 address.
func (v IPv4) Addr() (netip.Addr, error) {
	if !checkFormat("ipv4", string(v)) {
		return netip.Addr{}, errFormat("ipv4", string(v))
	}
	return netip.ParseAddr(string(v))
}

// Addr parses the IPv6 address.
func (v IPv6) Addr() (netip.Addr, error) {
	if !checkFormat("ipv6", string(v)) {
		return netip.Addr{}, errFormat("ipv6", string(v))
	}
	return netip.ParseAddr(string(v))
}

// Address parses the mailbox into its parts.
func (v Email) Address() (*mail.Address, error) {
	if !checkFormat("email", string(v)) {
		return nil, errFormat("email", string(v))
	}
	return mail.ParseAddress(string(v))
}

// FormatTypes maps each typed format to the name of its runtime type.
var FormatTypes = map[string]string{
	"date-time": "DateTime", "date": "Date", "time": "TimeOfDay", "duration": "Duration", "uuid": "UUID",
	"uri": "URI", "ipv4": "IPv4", "ipv6": "IPv6", "email": "Email",
}
