// Command synth writes a synthetic JSON Schema 2020-12 document for the
// generator benchmarks: N object definitions under $defs, each with 20
// properties that mix string enums, $refs, arrays of refs, maps, nested
// inline objects and bounded integers. The output depends only on -defs and
// -seed, so every run of bench/run.sh measures the same input.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

// propsPerDef is fixed by the benchmark issue: twenty properties per def.
const propsPerDef = 20

func main() {
	defs := flag.Int("defs", 75, "number of $defs to generate")
	seed := flag.Uint64("seed", 1, "seed of the pseudo-random property mix")
	out := flag.String("out", "", "output file (default stdout)")
	cyclic := flag.Bool("cyclic", false, "let $refs point at any def, creating cycles; cycles through required members have no finite instance and contractgen rejects them with a pointed error")
	flag.Parse()
	if *defs < 1 {
		fmt.Fprintln(os.Stderr, "synth: -defs must be at least 1")
		os.Exit(2)
	}
	data, err := json.MarshalIndent(schema(*defs, *seed, *cyclic), "", "  ")
	if err != nil {
		fmt.Fprintln(os.Stderr, "synth:", err)
		os.Exit(1)
	}
	data = append(data, '\n')
	if *out == "" {
		_, err = os.Stdout.Write(data)
	} else {
		err = os.WriteFile(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "synth:", err)
		os.Exit(1)
	}
}

// obj is a JSON object; encoding/json sorts its keys, which keeps the output
// byte-for-byte stable for a given seed.
type obj = map[string]any

// schema builds the whole document. The root references every def so that
// tools which only emit reachable types (go-jsonschema) still emit all of them.
func schema(n int, seed uint64, cyclic bool) obj {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	defs := obj{}
	rootProps := obj{}
	for i := range n {
		pick := func() any { return target(rng, i, n, cyclic) }
		defs[defName(i)] = def(rng, i, pick)
		rootProps[fmt.Sprintf("item%d", i)] = ref(i)
	}
	return obj{
		"$schema":              "https://json-schema.org/draft/2020-12/schema",
		"$id":                  fmt.Sprintf("https://example.com/synth/%d.schema.json", n),
		"title":                "Synth",
		"type":                 "object",
		"properties":           rootProps,
		"additionalProperties": false,
		"$defs":                defs,
	}
}

func defName(i int) string { return fmt.Sprintf("Def%d", i) }

func ref(i int) obj { return obj{"$ref": "#/$defs/" + defName(i)} }

// target returns the schema a reference property of def i points at. Without
// cyclic, refs only point at later defs, so the graph is a DAG; the last def
// has no later def and gets a plain string instead.
func target(rng *rand.Rand, i, n int, cyclic bool) any {
	if cyclic {
		return ref(rng.IntN(n))
	}
	if i == n-1 {
		return obj{"type": "string"}
	}
	return ref(i + 1 + rng.IntN(n-i-1))
}

// def builds one object definition. Property kinds cycle through a fixed
// order so every def has the full mix; the seed picks targets and bounds.
func def(rng *rand.Rand, i int, pick func() any) obj {
	props := obj{}
	var required []string
	for p := range propsPerDef {
		name := fmt.Sprintf("field%02d", p)
		props[name] = property(rng, p, pick)
		if p%3 == 0 {
			required = append(required, name)
		}
	}
	return obj{
		"type":                 "object",
		"description":          fmt.Sprintf("Synthetic definition %d.", i),
		"properties":           props,
		"required":             required,
		"additionalProperties": false,
	}
}

// property returns the schema of property p; its kind is chosen by p so the
// mix is identical across defs and sizes, which keeps the sizes comparable.
func property(rng *rand.Rand, p int, pick func() any) any {
	switch p % 7 {
	case 0:
		return enum(rng)
	case 1:
		return pick()
	case 2:
		return obj{"type": "array", "items": pick(), "maxItems": 64}
	case 3:
		return obj{"type": "object", "additionalProperties": pick()}
	case 4:
		return nested(rng, pick)
	case 5:
		lo := rng.IntN(100)
		return obj{"type": "integer", "minimum": lo, "maximum": lo + 1 + rng.IntN(10000)}
	default:
		return obj{"type": "string", "minLength": 1, "maxLength": 64 + rng.IntN(256)}
	}
}

// enum returns a string enum of three to six values.
func enum(rng *rand.Rand) obj {
	k := 3 + rng.IntN(4)
	values := make([]string, k)
	for j := range values {
		values[j] = fmt.Sprintf("value_%d_%d", j, rng.IntN(1000))
	}
	return obj{"type": "string", "enum": values}
}

// nested returns an inline object with a ref, a bounded integer and a map of
// strings, so generators must name and emit an anonymous type.
func nested(rng *rand.Rand, pick func() any) obj {
	return obj{
		"type": "object",
		"properties": obj{
			"target": pick(),
			"count":  obj{"type": "integer", "minimum": 0, "maximum": 1 + rng.IntN(1000)},
			"labels": obj{"type": "object", "additionalProperties": obj{"type": "string"}},
		},
		"required":             []string{"target"},
		"additionalProperties": false,
	}
}
