module github.com/contractgen/contractgen

go 1.24.0
