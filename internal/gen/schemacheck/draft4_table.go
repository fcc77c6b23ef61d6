package schemacheck

import "github.com/contractgen/contractgen/internal/templates/goruntime"

var draft4Nodes = []goruntime.Node{{}, {}}
