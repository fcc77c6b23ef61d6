package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// Version is contractgen's release, set when linking with
// -ldflags "-X github.com/contractgen/contractgen/internal/cli.Version=v1.2.3". When it is empty the
// module version that the Go toolchain recorded in the binary is used. Generated files never carry
// it, so upgrading contractgen changes no output unless the output itself changes.
var Version = ""

func newVersionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print contractgen's version (generated files never carry it)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), "contractgen", toolVersion())
			return err
		},
	}
}

// toolVersion prefers the link-time Version, then the module version from the build information
// (set by go install module@version and go run module@version).
func toolVersion() string {
	if Version != "" {
		return Version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
