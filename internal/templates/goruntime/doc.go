// Package goruntime holds Go source that contractgen copies into every
// generated Go package, so that generated code needs nothing beyond the
// standard library.
//
// Every non-test file in this directory except this one is copied verbatim
// into each generated package; the generator only replaces the package
// clause "package goruntime" with the target package's name and adds the
// "generated" header. That is why this package is written as ordinary,
// tested Go rather than as a text template: what is tested here is exactly
// what ships.
//
// Because the copied files land next to other generated code, each file
// keeps its unexported package-level names under a prefix of its own, so
// they cannot collide with names the emitter generates. For sanitize.go,
// checked by TestSanitizeSourceRules:
//
//   - the exported names are fixed (SanitizeText, SanitizeTextLimit,
//     SanitizeEvidence, SanitizeDefaultLimit, RedactedMarker,
//     TruncatedMarker), and generated code refers to them by these names;
//   - every unexported package-level identifier starts with "sanitize".
//
// The copied files import only the standard library.
package goruntime
