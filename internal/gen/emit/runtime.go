package emit

import "strings"

// RuntimeImportPath is the import path of the runtime module that generated Go code imports
// (cgruntime/ in this repository, a module of its own with no dependencies).
const RuntimeImportPath = "github.com/contractgen/contractgen/cgruntime"

// RuntimeVersion is the version of the runtime API this generator writes code for. Generated code
// that imports the runtime checks it against the runtime's MinVersion and MaxVersion at compile
// time (see cgruntime/version.go), so a generator and runtime that do not fit fail to build
// instead of misbehaving. Raise it, and the runtime's MaxVersion, whenever generated code starts
// to need something the runtime did not have; raise the runtime's MinVersion when the runtime drops
// something older generated code needs.
const RuntimeVersion = 1

// runtimePublic are the runtime names that keep their spelling in the copy-in runtime too: the
// API generated packages offer their users.
var runtimePublic = map[string]bool{
	"Violation": true, "ValidationError": true, "Nullable": true,
	"SanitizeText": true, "SanitizeTextLimit": true, "SanitizeEvidence": true,
	"SanitizeDefaultLimit": true, "RedactedMarker": true, "TruncatedMarker": true,
}

// runtimeKeptMethods are methods that satisfy interfaces of the standard library, so they keep
// their names in the copy-in runtime.
var runtimeKeptMethods = map[string]bool{"String": true, "Error": true, "MarshalJSON": true, "UnmarshalJSON": true}

// InlineName is the name the copy-in runtime (--runtime inline) gives to the runtime module's
// package-level name: public names stay, the sanitizer's unexported names keep their "sanitize"
// prefix, and every other name gets the prefix "cg" (Decoder becomes cgDecoder, scanner
// cgScanner), so that it cannot collide with names generated from a schema.
// internal/tools/inlineruntime derives the copy with it, and the Go emitters spell runtime names
// with it, so the two cannot disagree.
func InlineName(name string) string {
	if runtimePublic[name] || strings.HasPrefix(name, "sanitize") {
		return name
	}
	return "cg" + strings.ToUpper(name[:1]) + name[1:]
}

// InlineMethod is the name the copy-in runtime gives to an exported method (or field-less
// interface method) of a runtime type that InlineName renames: unexported, since only the package
// itself calls it there (Decoder.Mismatch becomes cgDecoder.mismatch, Encodable.CgEncode
// cgEncodable.cgEncode), except methods that satisfy standard interfaces (String, Error).
func InlineMethod(name string) string {
	if runtimeKeptMethods[name] || name == "" || !strings.Contains("ABCDEFGHIJKLMNOPQRSTUVWXYZ", name[:1]) {
		return name
	}
	return strings.ToLower(name[:1]) + name[1:]
}
