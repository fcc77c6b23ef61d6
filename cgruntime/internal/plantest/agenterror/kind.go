package agenterror

// Kind stands for the declaration in construct.go, which this copy leaves out.
type Kind string
