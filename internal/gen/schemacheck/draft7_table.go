package schemacheck

import "github.com/contractgen/contractgen/internal/templates/goruntime"

var draft7Nodes = []goruntime.Node{{}, {}}
