package write

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// A manifest records which files under an output root belong to one contract: a run removes a
// stale file only when its own contract's manifest lists it, and never replaces a file that
// another contract's manifest lists. Two contracts (different --package) therefore share an
// output root without deleting each other's docs, OpenAPI or TypeScript files. The manifest is a
// generated file like the others: committed with them and compared by check.

// ManifestPath is where the manifest of a contract lives, relative to the output root.
func ManifestPath(contract string) string { return metaDir + "/" + contract + manifestExt }

func checkContract(contract string) error {
	if !naming.IsValidPackageName(contract) {
		return fmt.Errorf("contract name %q is not a valid Go package name", contract)
	}
	return nil
}

// manifest renders the manifest of contract listing paths (sorted).
func manifest(contract string, paths []string) emit.File {
	var b bytes.Buffer
	b.WriteString(emit.HeaderPrefix(manifestExt))
	fmt.Fprintf(&b, "# Files of contract %s under this output directory; contractgen removes a file only when listed here.\n", contract)
	for _, p := range paths {
		b.WriteString(p)
		b.WriteByte('\n')
	}
	return emit.File{Path: ManifestPath(contract), Bytes: b.Bytes()}
}

// parseManifest returns the paths a manifest lists. It refuses one that is not contractgen's or
// lists a path outside the root, since the paths it lists are what a run may delete.
func parseManifest(root, name string, content []byte) ([]string, error) {
	if !IsGenerated(name, content) {
		return nil, fmt.Errorf("%s is not a manifest written by contractgen (it lacks the header); move it away", path.Join(root, name))
	}
	var paths []string
	for line := range strings.Lines(string(content)) {
		line = strings.TrimRight(line, "\r\n")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := checkRel(root, line); err != nil {
			return nil, fmt.Errorf("%s lists %q, which contractgen would never write (%v); delete the manifest and generate again", path.Join(root, name), line, err)
		}
		paths = append(paths, line)
	}
	return paths, nil
}
