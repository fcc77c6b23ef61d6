module github.com/contractgen/contractgen

go 1.24.0

require github.com/google/go-cmp v0.7.0 // indirect
