module github.com/contractgen/contractgen/bench/peers

go 1.26.0

require (
	github.com/contractgen/contractgen v0.0.0
	github.com/contractgen/contractgen/cgruntime v0.1.0
	github.com/go-viper/mapstructure/v2 v2.5.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
)

require (
	github.com/goccy/go-yaml v1.19.2 // indirect
	golang.org/x/text v0.44.0 // indirect
)

replace github.com/contractgen/contractgen => ../..

replace github.com/contractgen/contractgen/cgruntime => ../../cgruntime
