//go:build !unix

package load

const openNonblock = 0
