module github.com/contractgen/contractgen/cgruntime

go 1.24
