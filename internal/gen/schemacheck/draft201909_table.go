package schemacheck

import "github.com/contractgen/contractgen/internal/templates/goruntime"

var draft201909Nodes = []goruntime.Node{{}, {}}
