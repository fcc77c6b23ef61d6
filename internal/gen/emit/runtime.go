package emit

import (
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
)

// RuntimeImportPath is the import path of the runtime module that generated Go code imports
// (cgruntime/ in this repository, a module of its own with no dependencies).
const RuntimeImportPath = "github.com/contractgen/contractgen/cgruntime"

// RuntimeVersion is the version of the runtime API this generator writes code for. Generated code
// that imports the runtime checks it against the runtime's MinVersion and MaxVersion at compile
// time (see cgruntime/version.go), so a generator and runtime that do not fit fail to build
// instead of misbehaving. Raise it, and the runtime's MaxVersion, whenever generated code starts
// to need something the runtime did not have; raise the runtime's MinVersion when the runtime drops
// something older generated code needs.
const RuntimeVersion = 6

// runtimePublic are the runtime names that keep their spelling in the copy-in runtime too: the
// API generated packages offer their users.
var runtimePublic = map[string]bool{
	"Violation": true, "ValidationError": true, "Nullable": true,
	"SanitizeText": true, "SanitizeTextLimit": true, "SanitizeEvidence": true,
	"SanitizeDefaultLimit": true, "RedactedMarker": true, "TruncatedMarker": true,
	"AddSanitizeRules": true, "SanitizeRules": true, "SanitizeToken": true,
	// The typed formats' string types (cgruntime/format_types.go).
	"DateTime": true, "Date": true, "TimeOfDay": true, "Duration": true, "UUID": true, "URI": true,
	"IPv4": true, "IPv6": true, "Email": true,
}

// runtimeKeptMethods are methods that satisfy interfaces of the standard library, or (MatchString,
// of Matcher) that the ECMAScript engine's type implements, so they keep their names in the
// copy-in runtime.
var runtimeKeptMethods = map[string]bool{"String": true, "Error": true, "MarshalJSON": true, "UnmarshalJSON": true,
	"MatchString": true}

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

// Runtime says how generated Go code reaches the runtime, and spells runtime names accordingly:
// every Go emitter prints a runtime name through Ident or Method, so one setting switches a whole
// package between importing the runtime module and carrying the copy-in runtime.
type Runtime struct {
	// Import says the package imports the runtime module. Otherwise (--runtime inline) it carries
	// the copy-in runtime (files of internal/templates/goruntime) and imports only the standard
	// library.
	Import bool
}

// runtimePath is RuntimeImportPath as an import path of the Go writer.
const runtimePath gosrc.ImportPath = RuntimeImportPath

// Ident is the runtime's package-level name (as the module spells it: "Decoder", "DecString") as an
// identifier of the generated file: cgruntime.Decoder, imported on first use, or the copy-in
// runtime's cgDecoder, a name of the package itself.
func (r Runtime) Ident(name string) gosrc.Ident {
	if !r.Import {
		return gosrc.Ident{Name: InlineName(name)}
	}
	return runtimePath.Ident(name)
}

// Method is the name of a runtime type's method, or of the method a generated type implements for
// the runtime's generics, as the module spells it ("Mismatch", "CgEncode"): the same when the
// package imports the module, unexported in the copy-in runtime ("mismatch", "cgEncode").
func (r Runtime) Method(name string) string {
	if !r.Import {
		return InlineMethod(name)
	}
	return name
}

// VersionGuard writes the constants that make a package fail to compile against a runtime module
// that does not serve RuntimeVersion (see cgruntime/version.go); nothing for the copy-in runtime,
// which cannot skew from the code beside it.
func (r Runtime) VersionGuard(f *gosrc.File) {
	if !r.Import {
		return
	}
	v := strconv.Itoa(RuntimeVersion)
	enforce, minV, maxV := r.Ident("EnforceVersion"), r.Ident("MinVersion"), r.Ident("MaxVersion")
	f.Comment("The runtime module must serve the version of contractgen that wrote this package: a",
		"compile error here means regenerate the package or require a cgruntime that fits.")
	f.Line("const (")
	f.P("\t_ = ", enforce, "(", v, " - ", minV, ")")
	f.P("\t_ = ", enforce, "(", maxV, " - ", v, ")")
	f.Line(")")
}

// Files are the copy-in runtime's named files for a package that carries it (GoRuntimeFiles), and
// nothing for a package that imports the runtime module.
func (r Runtime) Files(pkgName, hash string, names ...string) ([]File, error) {
	if r.Import {
		return nil, nil
	}
	return GoRuntimeFiles(pkgName, hash, names...)
}
