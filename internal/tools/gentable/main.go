// Command gentable writes the validation table of a schema file as Go source (see package
// tablegen). It is run by go generate in internal/gen/schemacheck and internal/gen/profile/errorcontract;
// it lives under internal/tools, apart from the pipeline it drives (docs/design/layout.md).
//
//	go run ./internal/tools/gentable -schema S -package P -var V -o FILE [-ref-map PREFIX=DIR]...
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/tools/tablegen"
)

func main() {
	var o tablegen.Options
	flag.StringVar(&o.Schema, "schema", "", "schema file to lower")
	flag.StringVar(&o.Package, "package", "", "Go package of the output")
	flag.StringVar(&o.Var, "var", "", "name of the []cgruntime.Node variable")
	out := flag.String("o", "", "output file")
	flag.Func("ref-map", "PREFIX=DIR: read the documents under URI PREFIX from DIR (repeatable)", func(v string) error {
		m, err := load.ParseRefMap(v)
		o.RefMap = append(o.RefMap, m)
		return err
	})
	flag.Parse()
	if o.Schema == "" || o.Package == "" || o.Var == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	src, err := tablegen.Source(o)
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentable:", err)
		os.Exit(1)
	}
}
