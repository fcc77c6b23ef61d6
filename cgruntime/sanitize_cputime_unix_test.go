//go:build unix

package cgruntime

import "syscall"

// sanCPUTime returns the process's user and system CPU time in
// nanoseconds. Benchmarks report it per operation beside the wall time,
// which on a shared, loaded machine mostly measures waiting.
func sanCPUTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
