package build

import (
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

// checkCycles reports named types that contain themselves by value. Go rejects such types: a chain
// of plain references (type A B; type B A) has no underlying type, and structs that hold each other
// through required members would need infinite memory; no finite JSON instance could satisfy such
// a schema either.
func (b *builder) checkCycles() {
	const (
		unvisited = iota
		visiting
		done
	)
	state := map[*ir.Named]int{}
	var path []*ir.Named
	var visit func(n *ir.Named) bool
	visit = func(n *ir.Named) bool {
		switch state[n] {
		case visiting:
			b.reportCycle(path, n)
			return true
		case done:
			return false
		}
		state[n] = visiting
		path = append(path, n)
		for _, next := range valueDependencies(n) {
			if visit(next) {
				break
			}
		}
		path = path[:len(path)-1]
		state[n] = done
		return false
	}
	for _, n := range b.all {
		visit(n)
	}
}

// valueDependencies lists the named types that n holds by value, not behind a pointer, slice or map.
func valueDependencies(n *ir.Named) []*ir.Named {
	var deps []*ir.Named
	byValue := func(t *ir.Type) {
		if t != nil && t.Kind == ir.TypeRef && !t.Go.Pointer {
			deps = append(deps, t.Named)
		}
	}
	switch n.Kind {
	case ir.AliasType:
		byValue(n.Underlying)
	case ir.StructType:
		for _, f := range n.Fields {
			byValue(f.Type)
		}
	}
	return deps
}

func (b *builder) reportCycle(path []*ir.Named, again *ir.Named) {
	start := 0
	for i, n := range path {
		if n == again {
			start = i
		}
	}
	names := make([]string, 0, len(path)-start+1)
	for _, n := range path[start:] {
		names = append(names, n.Name)
	}
	names = append(names, again.Name)
	file, ptr, _ := strings.Cut(again.Origin, "#")
	pureRefs := true
	for _, n := range path[start:] {
		pureRefs = pureRefs && n.Kind == ir.AliasType && n.Underlying != nil && n.Underlying.Kind == ir.TypeRef
	}
	if pureRefs {
		// Nothing in the chain but references: no member to make optional, no schema that says
		// what a value is.
		b.diags.Add(file, ptr, "$ref chain %s refers only to itself and never reaches a schema that says what a value is; point one of them at a real schema",
			strings.Join(names, " → "))
		return
	}
	b.diags.Add(file, ptr, "type %s contains itself by value (%s); Go cannot represent it — make a member optional or put it in an array",
		again.Name, strings.Join(names, " → "))
}
