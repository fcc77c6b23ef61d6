//go:build !unix

package cgruntime

// sanCPUTime is not measured on this platform.
func sanCPUTime() int64 { return 0 }
