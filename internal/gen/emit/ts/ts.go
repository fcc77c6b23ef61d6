// Package ts emits the TypeScript module of a contract for Code Mode hosts: types in which enums
// accept unknown values, a validator with the Go validator's semantics, a type guard, and an Error
// class that carries the contract object. The output is one self-contained .ts file without
// imports or runtime dependencies, so a host can load it into any sandbox, bundler or tsc project.
package ts

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"text/template"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/naming"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// runtimeSource is the validator runtime, the same for every contract.
//
//go:embed runtime.ts
var runtimeSource string

//go:embed api.ts.tmpl
var apiSource string

// apiTemplate is parsed on first use: parsing it at package initialisation cost about 1 ms of
// every contractgen process, including those that generate no TypeScript.
var apiTemplate = sync.OnceValue(func() *template.Template { return template.Must(template.New("api").Parse(apiSource)) })

// objectSuffix names the interface of the root's plain object, because the root's own name goes
// to the Error class.
const objectSuffix = "Object"

// Emit returns <package>.ts.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	if len(pkg.Roots) == 0 {
		return nil, fmt.Errorf("ts: the contract has no root type")
	}
	root := pkg.Roots[0]
	if root.Kind != ir.StructType {
		return nil, fmt.Errorf("ts: %s: the TypeScript target needs a root schema that is an object with properties; generate without it (--targets go,openapi,docs)", root.Origin)
	}
	names := typeNames(pkg)
	if err := checkNames(pkg, names); err != nil {
		return nil, err
	}
	table, err := newTable(pkg)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(emit.HeaderComment(".ts", emit.HeaderLines(pkg.Hash, emit.RegenerateNote)...))
	b.WriteString("// This module has no imports and needs no runtime dependencies.\n\n")
	b.WriteString("/* eslint-disable */\n\n")
	writeTypes(&b, pkg, names)
	table.write(&b)
	b.WriteString("\n")
	b.WriteString(runtimeSource)
	b.WriteString("\n")
	if err := writeAPI(&b, pkg, root, names, table); err != nil {
		return nil, err
	}
	return []emit.File{{Path: pkg.Name + ".ts", Bytes: []byte(b.String())}}, nil
}

// writeAPI renders the root's validators, guard and Error class.
func writeAPI(b *strings.Builder, pkg *ir.Package, root *ir.Named, names map[*ir.Named]string, t *table) error {
	metaKey := ""
	if errorcontract.Of(pkg).Surfaces != nil {
		metaKey = errorcontract.Of(pkg).Surfaces.MCPMetaKey
	}
	key, err := json.Marshal(metaKey)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	err = apiTemplate().Execute(&buf, map[string]any{
		"Root": root.Name,
		// "a" or "an" before Root, for the doc comments.
		"RootArticle": naming.Article(root.Name),
		"Obj":         names[root],
		"RootNode":    t.Of(root.Schema),
		"MetaKey":     string(key),
		"Message":     errorMessage(root, errorcontract.Of(pkg).Names().Message),
	})
	if err != nil {
		return fmt.Errorf("ts: %w", err)
	}
	b.Write(buf.Bytes())
	return nil
}

// errorMessage is the expression the Error class passes to super: the contract's message when
// the root has a string member of that name (the profile's message member), else the contract's
// JSON (which from() also reads back): a message of another type, or none, is not a string and
// tsc --strict rejects it.
func errorMessage(root *ir.Named, message string) string {
	for _, f := range root.Fields {
		if f.Name == message && f.Type.Kind == ir.TypeString && !f.Type.Nullable {
			return "contract" + propertyAccess(f.Name)
		}
	}
	return "JSON.stringify(contract)"
}

// typeNames gives each named type its TypeScript name: its name, except for roots, whose
// plain-object interface takes a suffix so that the class can have the plain name.
func typeNames(pkg *ir.Package) map[*ir.Named]string {
	names := map[*ir.Named]string{}
	for _, n := range pkg.Types {
		names[n] = n.Name
	}
	for _, n := range pkg.Roots {
		names[n] = n.Name + objectSuffix
	}
	return names
}

// reserved are the names the module declares besides the contract's types.
var reserved = []string{"Violation", "McpToolResult", "CgNode", "CgValue", "CgDecimal", "CgCollector"}

// checkNames rejects a schema whose type names would collide in the module, naming both origins.
func checkNames(pkg *ir.Package, names map[*ir.Named]string) error {
	seen := map[string]string{}
	for _, r := range reserved {
		seen[r] = "a name the TypeScript module declares itself"
	}
	seen[pkg.Roots[0].Name] = "the Error class of the root type"
	seen[pkg.Roots[0].Name+"Like"] = "the input type of the root's from()"
	for _, n := range pkg.Types {
		name := names[n]
		if prev, ok := seen[name]; ok {
			return fmt.Errorf("ts: %s: the TypeScript name %s is already taken by %s; rename it with x-go-name", n.Origin, name, prev)
		}
		seen[name] = n.Origin
	}
	return nil
}
