package schemacheck

import "github.com/contractgen/contractgen/internal/templates/goruntime"

var draft6Nodes = []goruntime.Node{{}, {}}
