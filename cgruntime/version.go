package cgruntime

// Generated code that imports this package checks, when it compiles, that the runtime fits the
// generator that wrote it, as protobuf's protoimpl does. The generator writes its own version,
// GenVersion below standing for it, into each package:
//
//	const (
//		_ = cgruntime.EnforceVersion(GenVersion - cgruntime.MinVersion)
//		_ = cgruntime.EnforceVersion(cgruntime.MaxVersion - GenVersion)
//	)
//
// Either difference is negative when the two do not fit, and a negative constant cannot be
// converted to the unsigned EnforceVersion, so the package fails to build with an error that
// points at these lines: regenerate with a newer contractgen, or require a newer (or older)
// cgruntime.
const (
	// MinVersion is the oldest generator version whose output this runtime still serves. Raise it
	// when the runtime drops or changes something that older generated code calls.
	MinVersion = 2
	// MaxVersion is the newest generator version this runtime serves. Raise it together with the
	// generator's version when generated code starts to call something new.
	MaxVersion = 6
)

// EnforceVersion is the type that the version checks in generated code convert to; see MinVersion.
type EnforceVersion uint
