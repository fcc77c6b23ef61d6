// Package profile is the boundary between the general generator and a profile: a vocabulary
// layered on JSON Schema for one kind of contract (internal/gen/profile/errorcontract is the
// agent-error contract's). build calls every profile it is given through these interfaces; a
// profile reads its own keywords, adds typed IR of its own to the package (ir.Extension), and its
// emitters print from that IR. The core IR, build and the generic emitters never test a
// profile's member names.
package profile

import (
	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// Profile is one vocabulary.
type Profile interface {
	// Keywords are the profile's root keywords, which only the first root schema may carry.
	Keywords() []string
	// Reserved are the package-level names the profile's emitters may declare in any generated
	// package, so that schema types never take them.
	Reserved() []string
	// Read reads the profile's keywords from the first root document once the core IR is built
	// (root is that document's named type, or nil). It returns a nil Extension when the document
	// does not use the profile.
	Read(doc *load.Document, root *ir.Named, pkg *ir.Package) (Extension, diag.List)
}

// Extension is a profile's IR of one package while build finishes it.
type Extension interface {
	ir.Extension
	// Declares lists the package-level names the extension adds beyond Reserved (for the agent
	// error contract, each kind's constant and constructor), so that build reports a collision
	// with a schema type at the profile's pointer.
	Declares() []Declaration
	// Owns reports whether the extension writes the constructors of n, so that build gives n
	// none of its own.
	Owns(n *ir.Named) bool
	// Complete reads the finished IR and records what the profile's emitters print. build calls
	// it only when the core found no problem, so each problem is reported once.
	Complete(pkg *ir.Package) diag.List
}

// Declaration is a name an extension declares: by says what declares it (`kind "timeout"`), and
// file and pointer where.
type Declaration struct {
	Name, By, File, Pointer string
}
