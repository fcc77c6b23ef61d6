package govalidate

import (
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// Table is the validation table of a package (lower.Table), which validation.go prints.
type Table = lower.Table

// Lower lowers the package's schemas to their validation table (lower.Lower).
func Lower(pkg *ir.Package) *Table { return lower.Lower(pkg) }
