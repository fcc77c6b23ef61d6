//go:build !unix

package compat

import "time"

// processCPU is not measured outside unix; benchmarks then report wall time only.
func processCPU() time.Duration { return 0 }
