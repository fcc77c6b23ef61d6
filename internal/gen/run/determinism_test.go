package run_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/run"
)

const contractPath = "../../../docs/contracts/schemas/agent-error.schema.json"

// shuffled writes the document with the members of every object in a random order, except the
// members of "properties", whose order decides the order of struct fields and is meant to.
func shuffled(n *jsontree.Node, rng *rand.Rand, inProperties bool, buf *bytes.Buffer) {
	switch n.Kind {
	case jsontree.Object:
		members := append([]jsontree.Member(nil), n.Members...)
		if !inProperties {
			rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		}
		buf.WriteString("{\n")
		for i, m := range members {
			if i > 0 {
				buf.WriteString(",\n")
			}
			name, _ := json.Marshal(m.Name)
			buf.Write(name)
			buf.WriteString(": ")
			shuffled(m.Value, rng, m.Name == "properties" && !inProperties, buf)
		}
		buf.WriteString("\n}")
	case jsontree.Array:
		buf.WriteByte('[')
		for i, item := range n.Items {
			if i > 0 {
				buf.WriteString(", ")
			}
			shuffled(item, rng, false, buf)
		}
		buf.WriteByte(']')
	default:
		buf.Write(n.Compact())
	}
}

// TestOutputIgnoresMemberOrderAndFormatting generates from copies of the contract whose object
// members (keywords, $defs, catalog rows, surface tables) are shuffled and whose white space
// differs, and expects byte-identical output.
func TestOutputIgnoresMemberOrderAndFormatting(t *testing.T) {
	data, err := os.ReadFile(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := jsontree.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	generate := func(content []byte) *run.Result {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "agent-error.schema.json"), content, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Chdir(dir)
		res, err := run.Run(run.Options{Schemas: []string{"agent-error.schema.json"}, Package: "agenterror", Targets: run.DefaultTargets()})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	want := generate(data)
	requireGofmt(t, want)
	for seed := uint64(1); seed <= 5; seed++ {
		var buf bytes.Buffer
		shuffled(tree, rand.New(rand.NewPCG(seed, seed)), false, &buf)
		if bytes.Equal(buf.Bytes(), data) {
			t.Fatalf("seed %d did not change the input", seed)
		}
		got := generate(buf.Bytes())
		if len(got.Files) != len(want.Files) {
			t.Fatalf("seed %d: %d files, want %d", seed, len(got.Files), len(want.Files))
		}
		for i := range want.Files {
			if got.Files[i].Path != want.Files[i].Path || !bytes.Equal(got.Files[i].Bytes, want.Files[i].Bytes) {
				t.Errorf("seed %d: %s differs from the output for the original order", seed, want.Files[i].Path)
			}
		}
	}
}

// TestOutputIgnoresWorkingDirectory generates from the same schema named by two different relative
// paths, as go generate and a CI job in another directory would, and expects identical bytes.
func TestOutputIgnoresWorkingDirectory(t *testing.T) {
	data, err := os.ReadFile(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	dir := filepath.Join(root, "schemas", "v1")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "agent-error.schema.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	generate := func(cwd, schema string) *run.Result {
		t.Chdir(cwd)
		res, err := run.Run(run.Options{Schemas: []string{schema}, Package: "agenterror", Targets: run.DefaultTargets()})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	near := generate(dir, "agent-error.schema.json")
	far := generate(root, filepath.Join("schemas", "v1", "agent-error.schema.json"))
	for i := range near.Files {
		if !bytes.Equal(near.Files[i].Bytes, far.Files[i].Bytes) {
			t.Errorf("%s depends on the path the schema was named by", near.Files[i].Path)
		}
	}
}
